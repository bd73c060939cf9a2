// The offer page's preview flag (spec core §2 "A preview flag exists"; ADR 084): an offer taken off sale is a
// 404 for everyone, with or without a bad ?preview=; with the link an operator mints (`ops offer:preview-token`) its
// page shows, marked as a preview, never stored or indexed, and Add to cart is disabled with the reason. Another
// offer's link shows nothing. axe finds no serious or critical violation; screenshots at 390 px and 1280 px go to
// /tmp/shots-preview.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, useBrowser, waitForHydration } from './browser.ts';
import { ops } from './ops.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-preview';
const PHONE_390 = { width: 390, height: 844 };
const OFFER = 'set-for-life';

/** The page's status once the shop has seen the operator's change (the catalogue learns it through its feed). */
async function statusOf(page: Page, url: string, status: number) {
  // clear_cache skips the storefront's own 60 s cache of the catalogue.
  const fresh = `${url}${url.includes('?') ? '&' : '?'}clear_cache=1`;
  await expect.poll(async () => (await page.goto(fresh))?.status(), { timeout: 30_000, interval: 250 }).toBe(status);
}

describe('offer preview links', () => {
  it('show an offer that is not on sale to the link holder only, never buyable', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // CSP bypassed only so that axe can be injected.
    const { page, baseUrl } = await browse(PHONE_390, { bypassCSP: true });
    const link = new URL(ops('offer:preview-token', OFFER, '--minutes', '30'));
    const otherOffer = new URL(ops('offer:preview-token', 'oz-lotto')).searchParams.get('preview')!;
    expect(link.pathname).toBe(`/${OFFER}`);
    ops('offer:suspend', OFFER);
    try {
      await statusOf(page, `${baseUrl}/${OFFER}`, 404);
      // A made-up or another offer's token: the same 404, nothing about the offer.
      for (const token of ['not-a-token', otherOffer]) {
        const res = await page.goto(`${baseUrl}/${OFFER}?preview=${encodeURIComponent(token)}`);
        expect(res?.status()).toBe(404);
        await expect(page.getByTestId('offer-preview-banner').count()).resolves.toBe(0);
      }

      const res = await page.goto(`${baseUrl}${link.pathname}${link.search}`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['cache-control']).toBe('private, no-store');
      expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await waitForHydration(page);
      await answerConsent(page);
      const banner = page.getByTestId('offer-preview-banner');
      await expect(banner.textContent()).resolves.toBe(
        'Preview: Set for Life is not on sale. Tickets cannot be bought from this preview.',
      );
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex, nofollow');
      // The builder shows what a ticket would be; Add to cart is disabled with the reason.
      const add = page.getByTestId('add-to-cart');
      await expect(add.isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('add-reason').textContent()).resolves.toBe(
        'Tickets cannot be bought from this preview.',
      );
      await expect(page.getByTestId('schedule-later').count()).resolves.toBe(0);
      // It links to no other page of the offer (they answer 404 while it is not on sale).
      await expect(page.locator(`main a[href^="/${OFFER}/"]`).count()).resolves.toBe(0);
      // Posting the form anyway (as a script could) is refused.
      const posted = await page.request.post(`${baseUrl}${link.pathname}${link.search}`, {
        form: { ticket: '{}', after: 'cart' },
        headers: { origin: baseUrl },
      });
      expect(posted.status()).toBe(403);
      for (const [label, viewport] of [
        ['390', PHONE_390],
        ['1280', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: path.join(SHOTS, `offer-preview-${label}.png`), fullPage: true });
      }
      await expect(axeViolations(page)).resolves.toEqual([]);
    } finally {
      ops('offer:resume', OFFER);
    }
    // On sale again: the link shows the ordinary page.
    await statusOf(page, `${baseUrl}${link.pathname}${link.search}`, 200);
    await expect(page.getByTestId('offer-preview-banner').count()).resolves.toBe(0);
  }, 180_000);
});
