// Feedback journey (issue 20 "Done when"): a guest opens the widget on a phone, picks a rating, writes a comment and
// their email, sends it, sees the thanks with the social links, goes Back, closes (which resets the form), and the
// event is stored (read back with the operators' CLI). axe finds no serious or critical violation on the open widget.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, PHONE, useBrowser, waitForHydration } from './browser.ts';
import { ops } from './ops.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-feedback';

describe('feedback widget', () => {
  it('a guest sends feedback with a rating and an email, and it is stored', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const email = `guest-${Date.now().toString(36)}@example.com`;
    // CSP bypassed only so that axe can be injected.
    const { page, errors } = await browse(PHONE, { bypassCSP: true });
    await page.goto(`${inject('baseUrl')}/lotto-tickets`);
    await waitForHydration(page);
    await answerConsent(page);

    const open = page.getByTestId('feedback-open');
    await open.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'page-closed-375.png') });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.waitFor();
    const submit = dialog.getByTestId('feedback-submit');
    await expect(submit.isDisabled()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'widget-open-375.png') });

    // The rating is a radio group: keyboard users move through it with the arrow keys.
    await dialog.getByLabel('Not satisfied', { exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByLabel('Satisfied', { exact: true }).isChecked()).resolves.toBe(true);
    await expect(submit.isDisabled()).resolves.toBe(false);
    await dialog.getByLabel('Any Feedback - we are all ears! (optional)').fill('Found my numbers fast');
    await dialog.getByLabel('Email (optional)').fill(email);
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(SHOTS, 'widget-filled-1280.png') });
    await page.setViewportSize(PHONE);
    await submit.click();

    const complete = dialog.getByTestId('feedback-complete');
    await complete.waitFor();
    await expect(complete.getByRole('status').textContent()).resolves.toContain('Thank you for your feedback!');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'widget-thanks-375.png') });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(SHOTS, 'widget-thanks-1280.png') });
    await page.setViewportSize(PHONE);

    // Back returns to the form; closing resets it.
    await complete.getByTestId('feedback-back').click();
    await expect(dialog.getByTestId('feedback-comment').inputValue()).resolves.toBe('Found my numbers fast');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await open.click();
    await page.getByRole('dialog', { name: 'Feedback' }).waitFor();
    await expect(page.getByTestId('feedback-comment').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('feedback-submit').isDisabled()).resolves.toBe(true);

    const listed = ops('feedback:list', '--rating', '1');
    expect(listed).toContain(`satisfied guest <${email}> /lotto-tickets`);
    expect(listed).toContain('"Found my numbers fast"');
    expect(errors).toEqual([]);
  });
});
