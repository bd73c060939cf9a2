// The featured_tickets block drawn by the shared slot on any screen (not only the home page): the offers' tiles with
// the next draw, and the Daily Winners entry point beside lotto games away from the home page.
import type { CmsPage } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { normaliseOffers, offerTileOf } from '../../features/lotteries/lotteries.wire.ts';
import { wireOffer } from '../../test-support/api-fixtures.ts';
import { renderWithShell, textOf } from '../../test-support/render.tsx';
import { shellFixture } from '../../test-support/shell-fixture.ts';
import { pageBlockSlots, type PageBlocks } from './page-blocks.tsx';

const page: CmsPage = {
  id: 'page_x',
  path: '/about/x',
  name: 'X',
  template: 'content',
  status: 'published',
  datePublished: null,
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateUpdated: '2026-01-01T00:00:00.000Z',
  version: 1,
  seo: { title: 'X', description: '', canonicalUrl: null, ogImage: null, noIndex: false },
  sections: [{ kind: 'featured_tickets', heading: 'Jackpots', offerKeys: [] }],
};

describe('the featured tickets slot', () => {
  it('draws the offers and the next draw on an /about page as on the home page', () => {
    const blocks: PageBlocks = {
      data: { blogPosts: {}, categories: [] },
      offers: normaliseOffers({ 'oz-lotto': wireOffer })!.map(offerTileOf),
      now: '2026-11-24T06:00:00.000Z',
    };
    const html = renderWithShell(
      <CmsPageView page={page} data={blocks.data} slots={pageBlockSlots(blocks)} />,
      shellFixture(),
      '/about/x',
    );
    const text = textOf(html);
    expect(html).toMatch(/<h2 id="featured-offers"[^>]*>Jackpots<\/h2>/);
    expect(text).toContain('Next draw: Oz Lotto');
    expect(html).toContain('href="/oz-lotto"');
    expect(renderWithShell(<CmsPageView page={page} />, shellFixture(), '/about/x')).not.toContain('featured-offers');
  });
});
