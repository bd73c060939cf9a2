// The offer preview flag's links (issue 20; spec core §2 "A preview flag exists"; ADR 084): an operator mints a
// signed, expiring link to one offer; GET /product_offers/preview names the offer for a valid link only. No token, a
// tampered, expired or other-purpose token (a content preview, an access token) is refused and names nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
const preview = (token?: string) =>
  t.injectSigned({
    method: 'GET',
    url: `/api/v2/product_offers/preview${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
  });

describe('offer preview links', () => {
  it("an operator's link names its offer, privately, until it expires", async () => {
    const minted = await ops('offer:preview-token', 'oz-lotto', '--minutes', '5');
    expect(minted.code, minted.err).toBe(0);
    const url = new URL(minted.out);
    expect(url.pathname).toBe('/oz-lotto');
    const token = url.searchParams.get('preview')!;
    const res = await preview(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ product_offer_key: 'oz-lotto' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');

    t.clock.advance(5 * 60 * 1000);
    const expired = await preview(token);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ messages: [{ code: 'preview_forbidden' }] });
    expect(JSON.stringify(expired.json())).not.toContain('oz-lotto');
  });

  it('no token, a tampered one, or a token signed for another purpose names nothing', async () => {
    expect((await preview()).statusCode).toBe(422);
    expect((await preview('')).statusCode).toBe(422);
    expect((await preview('x'.repeat(3000))).statusCode).toBe(422);
    const token = (await t.services.offerPreviews.mint('oz-lotto'))!;
    const [h, p, sig] = token.split('.');
    const otherOffer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), o: 'saturday-lotto' }),
    ).toString('base64url');
    const content = t.services.content.mintPreview({ collection: 'pages', id: 'oz-lotto', version: null }, 600);
    for (const bad of [`${h}.${otherOffer}.${sig}`, `${token}x`, 'not-a-token', content, t.tokenFor('cus_preview')]) {
      const res = await preview(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({ messages: [{ code: 'preview_forbidden' }] });
    }
  });

  it('the CLI mints links only for offers that exist, for 1 minute to 7 days', async () => {
    expect((await ops('offer:preview-token', 'no-such-offer')).code).toBe(1);
    expect((await ops('offer:preview-token')).code).toBe(1);
    expect((await ops('offer:preview-token', 'oz-lotto', '--minutes', '0')).code).toBe(1);
    expect((await ops('offer:preview-token', 'oz-lotto', '--minutes', String(7 * 24 * 60 + 1))).code).toBe(1);
    expect(await t.services.offerPreviews.mint('no-such-offer')).toBeNull();
  });
});
