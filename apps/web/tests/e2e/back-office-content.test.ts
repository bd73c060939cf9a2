// Back office, content (issue 21 "Content (content editor)"): an admin (from the CLI) creates a content editor, who
// signs in with 2FA and sees only the content screens; edits the heading of /about/terms-of-use, saves a version,
// chooses its header image in the image picker (uploaded from the picker's dialog, then found by a search from the
// keyboard), previews it (the storefront does not show it yet), publishes it (the storefront shows the heading and
// the image with its alternative text), then restores the
// previous version and publishes it (the old heading is back: the page is left as it was found); adds a draft page
// (a protected address refused first) and archives it; a blog post's empty
// title is refused beside the field and changes nothing, an edit to it is saved and restored; a translation item is
// written, an image uploaded, scheduled and archived; the admin's audit log shows the content writes. axe and screenshots at 390 and 1280 px.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, createOperator, PASSWORD, signIn } from './back-office-helpers.ts';
import { DESKTOP, openBrowser, useBrowser, waitForHydration } from './browser.ts';
import { uniqueEmail } from './customers.ts';

const browse = useBrowser();
// A real 2×2 PNG (red, green, blue, white): the image chosen in the picker.
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const PAGE_PATH = '/about/terms-of-use';
const OLD_HEADING = 'Terms of use';

/** The storefront page's main heading, read again (a fresh load each time) until it is `expected`. */
async function storefrontHeading(page: Page, url: string, expected: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let seen = '';
  while (Date.now() < deadline) {
    await page.goto(url);
    seen = ((await page.locator('main h1').first().textContent()) ?? '').trim();
    if (seen === expected) return;
    await page.waitForTimeout(250);
  }
  expect(seen).toBe(expected);
}

/**
 * A one-item collection's form saved as it is drawn (the API takes back what the form reads), then the version
 * before it restored after the confirmation step, so the item is left as it was.
 */
async function saveAsDrawn(page: Page, base: string, collection: string): Promise<void> {
  await page.goto(`${base}/back-office/content/${collection}`);
  await page.waitForURL(`${base}/back-office/content/${collection}/${collection}`);
  await waitForHydration(page);
  const version = await newestVersion(page);
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await page.getByText(`Saved as version ${version + 1}.`).waitFor();
  await page.getByRole('link', { name: `Restore version ${version}…` }).click();
  await page.getByRole('button', { name: `Yes, restore version ${version}` }).click();
  await page.getByText(`Version ${version}’s fields are back`).waitFor();
}

/** The item screen's newest version (its state panel). */
async function newestVersion(page: Page): Promise<number> {
  const text = (await page.getByTestId('content-state').textContent()) ?? '';
  return Number(/Newest version\s*(\d+)/.exec(text)![1]);
}

describe('back office: content', () => {
  it(
    'a content editor edits, previews, publishes and restores a page, edits a post, a translation and an image; the audit log has it',
    { timeout: 420_000 },
    async () => {
      const { page, baseUrl: base, errors } = await browse(DESKTOP, { bypassCSP: true });
      const adminEmail = uniqueEmail('content-admin');
      const editorEmail = uniqueEmail('content-editor');
      const adminSecret = createOperator(adminEmail, 'Ada Admin', 'admin');

      // The admin creates the content editor.
      await page.goto(`${base}/back-office/operators`);
      await signIn(page, adminEmail, await generate({ secret: adminSecret }));
      await page.waitForURL(`${base}/back-office/operators`);
      await page.getByLabel('Name').fill('Cora Content');
      await page.getByLabel('Email').fill(editorEmail);
      await page.getByLabel('Role').selectOption('content_editor');
      await page.getByLabel('First password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create operator' }).click();
      const editorSecret = (await page.getByTestId('new-operator-totp-secret').textContent())!.trim();

      const editor = await openBrowser(DESKTOP, { bypassCSP: true });
      try {
        const ed = editor.page;
        await ed.goto(`${base}/back-office`);
        await signIn(ed, editorEmail, await generate({ secret: editorSecret }));
        await ed.waitForURL(`${base}/back-office`);
        // Only the content editor's screens are offered (content, translations and the notification campaigns they
        // send, ADR 091), and another screen is refused.
        const nav = ed.getByRole('navigation', { name: 'Back office' });
        await nav.getByRole('link', { name: 'Content' }).waitFor();
        await expect(nav.getByRole('link').allTextContents()).resolves.toEqual([
          'Campaigns',
          'Content',
          'Translations',
        ]);
        const refused = await ed.goto(`${base}/back-office/withdrawals`);
        expect(refused?.status()).toBe(403);

        // The collections, then the pages, searched.
        await ed.goto(`${base}/back-office/content`);
        await ed.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
        await checkScreen(ed, 'content');
        await ed.getByRole('link', { name: 'Pages', exact: true }).click();
        await ed.waitForURL(`${base}/back-office/content/pages`);
        await ed.getByLabel('Search pages').fill('terms-of-use');
        await ed.getByRole('button', { name: 'Search' }).click();
        await ed.waitForURL(/q=terms-of-use/);
        const rows = ed.getByRole('table', { name: 'Pages' }).getByRole('row');
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
        await checkScreen(ed, 'content-pages');
        await ed.getByRole('link', { name: 'Terms of use', exact: true }).click();
        await ed.waitForURL(/\/back-office\/content\/pages\/page_terms_of_use$/);
        await waitForHydration(ed);
        await checkScreen(ed, 'content-item');
        const before = await newestVersion(ed);

        // Edit the heading and save a version: visitors still see the old one.
        const newHeading = `Terms of use, updated ${Date.now().toString(36)}`;
        const header = ed.getByRole('group', { name: 'Block 1: Page header' });
        await header.getByLabel('Title', { exact: true }).fill(newHeading);

        // The header's image, from the image picker: a new image uploaded in its dialog is chosen at once; the dialog
        // opened again closes with Escape, and a third time the image is found by a search and chosen from the keyboard.
        const pickerPng = path.join(os.tmpdir(), `bo-picker-${Date.now().toString(36)}.png`);
        writeFileSync(pickerPng, PNG_2X2);
        const alt = `A picked koala ${Date.now().toString(36)}`;
        await header.getByRole('button', { name: 'Choose an image…' }).click();
        const picker = ed.getByRole('dialog', { name: 'Choose an image: Image' });
        await picker.waitFor();
        await checkScreen(ed, 'content-image-picker');
        await picker.getByLabel('Image file').setInputFiles(pickerPng);
        await picker.getByLabel('Alternative text').fill(alt);
        await picker.getByRole('button', { name: 'Upload and choose' }).click();
        await picker.waitFor({ state: 'hidden' });
        await header.getByRole('img', { name: alt }).waitFor();
        await expect(header.getByTestId('image-preview').textContent()).resolves.toContain(
          `Alternative text: “${alt}”`,
        );
        await header.getByRole('button', { name: 'Choose another image…' }).click();
        await picker.waitFor();
        await ed.keyboard.press('Escape');
        await picker.waitFor({ state: 'hidden' });
        await header.getByRole('button', { name: 'Choose another image…' }).click();
        await picker.getByLabel('Search images').fill(alt);
        await expect(picker.locator('#picker-count').textContent()).resolves.toMatch(/^1 image matching/);
        const found = picker.getByRole('button', { name: new RegExp(path.basename(pickerPng)) });
        await expect(found.getAttribute('aria-pressed')).resolves.toBe('true');
        await found.focus();
        await ed.keyboard.press('Enter');
        await picker.waitFor({ state: 'hidden' });
        await header.getByRole('img', { name: alt }).waitFor();
        await checkScreen(ed, 'content-image-chosen');

        await ed.getByRole('button', { name: 'Save as a new version' }).click();
        await ed.getByText(`Saved as version ${before + 1}.`).waitFor();
        await expect(ed.getByTestId('content-state').textContent()).resolves.toContain('waiting to be published');

        // The preview shows the edit; the storefront does not.
        await ed.getByRole('button', { name: 'Make a preview link' }).click();
        const previewHref = await ed.getByTestId('preview-link').getAttribute('href');
        expect(previewHref).toMatch(/^\/preview\?token=/);
        const shop = await editor.context.newPage();
        await shop.goto(`${base}${previewHref}`);
        await shop.getByRole('heading', { name: newHeading }).waitFor();
        await shop.goto(`${base}${PAGE_PATH}`);
        await expect(shop.locator('main h1').first().textContent()).resolves.toBe(OLD_HEADING);

        // Publish: the storefront shows the new heading.
        await ed.getByRole('button', { name: 'Publish', exact: true }).click();
        await ed.getByText(`Published: version ${before + 2} is what visitors see now.`).waitFor();
        await storefrontHeading(shop, `${base}${PAGE_PATH}`, newHeading);
        // The storefront shows the chosen image with its alternative text.
        const shown = shop.locator('main header').getByRole('img', { name: alt });
        await shown.waitFor();
        expect(await shown.getAttribute('src')).toMatch(/\/api\/cms\/assets\/file_/);

        // Restore the version from before the edit, after its confirmation step, and publish it: the old heading.
        await ed.getByRole('link', { name: `Restore version ${before}…` }).click();
        const confirmation = ed.getByTestId('content-confirmation');
        await confirmation.waitFor();
        await checkScreen(ed, 'content-restore-confirm');
        await confirmation.getByRole('button', { name: `Yes, restore version ${before}` }).click();
        await ed.getByText(`Version ${before}’s fields are back, as version ${before + 3}.`).waitFor();
        await ed.getByRole('button', { name: 'Publish', exact: true }).click();
        await ed.getByText(`Published: version ${before + 4} is what visitors see now.`).waitFor();
        await storefrontHeading(shop, `${base}${PAGE_PATH}`, OLD_HEADING);
        await expect(
          ed.getByRole('group', { name: 'Block 1: Page header' }).getByLabel('Title', { exact: true }).inputValue(),
        ).resolves.toBe(OLD_HEADING);

        // A new draft page: a protected address is refused beside the field; then added, and archived again.
        await ed.goto(`${base}/back-office/content/pages`);
        await waitForHydration(ed);
        await ed.getByLabel('Address', { exact: true }).fill('/cart');
        await ed.getByLabel('Name', { exact: true }).fill('Not here');
        await ed.getByRole('button', { name: 'Add the draft' }).click();
        await expect(ed.locator('#new-path-error').textContent()).resolves.toContain('protected');
        await checkScreen(ed, 'content-new-refused');
        const draftPath = `/about/bo-draft-${Date.now().toString(36)}`;
        await ed.getByLabel('Address', { exact: true }).fill(draftPath);
        await ed.getByRole('button', { name: 'Add the draft' }).click();
        await ed.getByText('Added as a draft: fill in its fields and blocks, then publish it.').waitFor();
        await expect(ed.getByTestId('content-state').textContent()).resolves.toContain('Draft');
        expect((await shop.goto(`${base}${draftPath}`))?.status()).toBe(404);
        await ed.getByRole('link', { name: 'Archive this item…' }).click();
        await ed.getByRole('button', { name: 'Yes, archive' }).click();
        await ed.getByText('Archived: visitors no longer see this item.').waitFor();

        // A blog post: an empty title is refused beside the field, and nothing is saved.
        await ed.goto(`${base}/back-office/content/blog_posts?q=system+entries`);
        await ed.getByRole('link', { name: 'How system entries work' }).click();
        await ed.waitForURL(/\/back-office\/content\/blog_posts\/post_how_systems_work$/);
        await waitForHydration(ed);
        const postVersion = await newestVersion(ed);
        const title = ed.locator('#f-title');
        await title.fill('');
        await ed.getByRole('button', { name: 'Save as a new version' }).click();
        await ed.getByText('Nothing was saved: correct the fields marked below.').waitFor();
        await expect(title.getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(ed.locator('#f-title-error').textContent()).resolves.toContain('Required');
        await checkScreen(ed, 'content-post-invalid');
        await ed.reload();
        expect(await newestVersion(ed)).toBe(postVersion);
        await expect(ed.locator('#f-title').inputValue()).resolves.toBe('How system entries work');
        // An edit to the excerpt is saved as a version, then the post is put back as it was.
        await ed.getByLabel('Excerpt').fill('Every combination of your numbers, explained.');
        await ed.getByRole('button', { name: 'Save as a new version' }).click();
        await ed.getByText(`Saved as version ${postVersion + 1}.`).waitFor();
        await ed.getByRole('link', { name: `Restore version ${postVersion}…` }).click();
        await ed
          .getByTestId('content-confirmation')
          .getByRole('button', { name: `Yes, restore version ${postVersion}` })
          .click();
        await ed.getByText(`Version ${postVersion}’s fields are back`).waitFor();
        await expect(ed.getByLabel('Excerpt').inputValue()).resolves.toContain('A system entry covers');

        // Every one-item collection's form reads back into fields the API takes.
        for (const collection of ['theme', 'navigation', 'site_config', 'blog', 'contact_page'])
          await saveAsDrawn(ed, base, collection);
        await checkScreen(ed, 'content-contact-page');

        // A translation item of its own (nothing on the site reads it): a wrong value is refused, then saved.
        await ed.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Translations' }).click();
        await ed.getByRole('table', { name: 'Translation items of en-AU' }).waitFor();
        await ed.getByRole('link', { name: 'New item…' }).click();
        await waitForHydration(ed);
        const itemId = `note_${Date.now().toString(36)}`;
        await ed.getByLabel('Category').fill('backoffice');
        await ed.getByLabel('Id', { exact: true }).fill(itemId);
        await ed.getByLabel('Type').selectOption('image');
        await ed.getByLabel('Value').fill('file_that_is_not_there');
        await ed.getByRole('button', { name: 'Save' }).click();
        await ed.getByText(/Nothing was saved/).waitFor();
        await checkScreen(ed, 'translation-invalid');
        await ed.getByLabel('Type').selectOption('plain');
        await ed.getByLabel('Value').fill('Written in the back office.');
        await ed.getByRole('button', { name: 'Save' }).click();
        await ed.getByText('Saved: every shop process shows it on its next page load.').waitFor();
        await expect(ed.getByLabel('Value').inputValue()).resolves.toBe('Written in the back office.');
        await checkScreen(ed, 'translations');

        // An image, uploaded.
        const png = path.join(os.tmpdir(), `bo-content-${Date.now().toString(36)}.png`);
        writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d49484452000000100000000808060000005e9ab5a7', 'hex'));
        await ed.goto(`${base}/back-office/content/files`);
        await ed.getByLabel('Image', { exact: true }).setInputFiles(png);
        await ed.getByLabel('Alternative text').fill('A small test image');
        await ed.getByRole('button', { name: 'Upload' }).click();
        await ed.getByText(/Uploaded: the image is file_/).waitFor();
        await checkScreen(ed, 'content-files');
        expect(editor.page.url()).toContain('/back-office/content/files?uploaded=file_');
        // Archived again after its confirmation step (nothing shows it, and it leaves nothing behind).
        await ed.getByRole('link', { name: path.basename(png) }).click();
        await ed.getByRole('img', { name: 'A small test image' }).waitFor();
        // Published again at a date (UTC): scheduled, hidden until then.
        await ed.getByLabel('Publish at (UTC, optional)').fill('2030-01-02T09:30');
        await ed.getByRole('button', { name: 'Publish', exact: true }).click();
        await ed.getByText(/^Scheduled: version \d+ goes live at its date\.$/).waitFor();
        await expect(ed.getByTestId('content-state').textContent()).resolves.toContain('2030-01-02 09:30 UTC');
        await ed.getByRole('link', { name: 'Archive this item…' }).click();
        await ed.getByTestId('content-confirmation').waitFor();
        await checkScreen(ed, 'content-archive-confirm');
        await ed.getByRole('button', { name: 'Yes, archive' }).click();
        await ed.getByText('Archived: visitors no longer see this item.').waitFor();
        await expect(ed.getByTestId('content-state').textContent()).resolves.toContain('Archived');
      } finally {
        await editor.close();
      }

      // The admin's audit log: the editor's content writes.
      await page.goto(`${base}/back-office/audit`);
      const table = page.getByRole('table', { name: 'Audit log entries' });
      await table.waitFor();
      const text = (await table.textContent()) ?? '';
      for (const action of [
        'content.update',
        'content.publish',
        'content.restore',
        'translation.set',
        'content.upload',
      ])
        expect(text).toContain(action);
      expect(text).toContain('pages/page_terms_of_use');
      expect(errors).toEqual([]);
    },
  );
});
