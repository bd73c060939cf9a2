// Every screen that draws content blocks loads what they show, so a block looks the same wherever it appears: the
// blog widgets' posts on /about/responsible-gaming, the featured tickets' offers on any managed page, in a page or
// post preview, in a blog post and on the built-in contact screen (loadPageBlocks), against a fake API.
import type { PageSection } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireOffer, webConfig } from '../../test-support/api-fixtures.ts';
import { contactPageFixture, itemMeta, seoFixture } from '../../test-support/content-fixtures.ts';
import { createFakeApi, errorEnvelope, ok, ORIGIN, type FakeHandler } from '../../test-support/fake-api.ts';
import { loader as responsibleGamingLoader } from '../responsible-gambling/responsible-gaming.tsx';
import { loader as contactLoader } from './about-contact-us.tsx';
import { loader as blogPostLoader } from './blog-post.tsx';
import { loader as cmsPageLoader } from './cms-page.tsx';
import { loader as previewLoader } from './preview.tsx';

const context = { apiOrigin: ORIGIN, appKey: 'web', appSecret: 'secret' };
const args = (path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost:3000${path}`, { headers }), context, params }) as never;

const WIDGETS: PageSection[] = [
  { kind: 'blog_posts', heading: 'Latest news', category: 'news', limit: 2 },
  { kind: 'featured_tickets', heading: 'Jackpots', offerKeys: [] },
];
const page = (path: string, sections: PageSection[]) => ({
  ...itemMeta,
  id: `page_${path.replace(/\W/g, '_')}`,
  path,
  name: 'A page',
  template: 'content',
  seo: seoFixture,
  sections,
});
const summary = (slug: string) => ({
  ...itemMeta,
  id: `post_${slug}`,
  slug,
  title: `Post ${slug}`,
  excerpt: '',
  categories: [],
  author: null,
  heroImage: null,
});
const blogPost = (slug: string, sections: PageSection[]) => ({ ...summary(slug), seo: seoFixture, sections });

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  const pages: Record<string, PageSection[]> = {
    '/about/responsible-gaming': [WIDGETS[0]!],
    '/about/widgets': WIDGETS,
    '/about/plain': [{ kind: 'divider' }],
  };
  return createFakeApi({
    'GET /api/v2/config': () => ok(webConfig()),
    'GET /api/v2/pricing/default/product_offers': () => ok({ 'oz-lotto': wireOffer }),
    'GET /api/cms/items/pages': (req) => {
      const path = new URL(req.url).searchParams.get('path') ?? '';
      return ok(pages[path] ? [page(path, pages[path])] : []);
    },
    'GET /api/cms/items/blog_posts': () => ok([summary('first'), summary('second')]),
    'GET /api/cms/items/blog_categories': () => ok([]),
    'GET /api/cms/items/blog_posts/with-widgets': () => ok(blogPost('with-widgets', WIDGETS)),
    'GET /api/cms/items/contact_page': () => ok(contactPageFixture(WIDGETS)),
    ...extra,
  });
}

type Loaded = {
  blocks: { data: { blogPosts: Record<number, { slug: string }[]> }; offers: { key: string }[] };
};
const postsOf = (loaded: Loaded, index: number) => loaded.blocks.data.blogPosts[index]?.map((p) => p.slug);

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.unstubAllGlobals());

describe('blocks load the same on every screen', () => {
  it("/about/responsible-gaming loads its page's blog widget", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const loaded = (await responsibleGamingLoader(args('/about/responsible-gaming'))) as unknown as Loaded;
    expect(postsOf(loaded, 0)).toEqual(['first', 'second']);
    const widgetCall = api.requests.find((r) => r.url.includes('/api/cms/items/blog_posts?'))!;
    expect(new URL(widgetCall.url).searchParams.get('category')).toBe('news');
  });

  it('a managed page loads the offers of its featured_tickets block, and none without one', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const loaded = (await cmsPageLoader(args('/about/widgets'))) as unknown as Loaded;
    expect(loaded.blocks.offers.map((o) => o.key)).toEqual(['oz-lotto']);
    expect(postsOf(loaded, 0)).toEqual(['first', 'second']);
    const before = api.requests.length;
    const plain = (await cmsPageLoader(args('/about/plain'))) as unknown as Loaded;
    expect(plain.blocks.offers).toEqual([]);
    expect(api.requests.slice(before).some((r) => r.url.includes('product_offers'))).toBe(false);
  });

  it('a blog post and the built-in contact screen load their blocks like a page', async () => {
    vi.stubGlobal('fetch', fakeApi().fetch);
    const post = (await blogPostLoader(args('/blog/with-widgets', { blogSlug: 'with-widgets' }))) as unknown as Loaded;
    const contact = (await contactLoader(args('/about/contact-us'))) as unknown as Loaded & { kind: string };
    expect(contact.kind).toBe('built-in');
    for (const loaded of [post, contact]) {
      expect(postsOf(loaded, 0)).toEqual(['first', 'second']);
      expect(loaded.blocks.offers.map((o) => o.key)).toEqual(['oz-lotto']);
    }
  });

  it('a preview of a page or a post loads its blocks as they will show once published', async () => {
    for (const previewed of [
      { collection: 'pages', item: page('/about/new', WIDGETS) },
      { collection: 'blog_posts', item: blogPost('draft', WIDGETS) },
    ]) {
      vi.stubGlobal('fetch', fakeApi({ 'GET /api/cms/preview': () => ok(previewed) }).fetch);
      const res = (await previewLoader(args('/preview?token=abc'))) as unknown as { data: Loaded & { ok: boolean } };
      expect(res.data.ok, previewed.collection).toBe(true);
      expect(postsOf(res.data, 0), previewed.collection).toEqual(['first', 'second']);
      expect(
        res.data.blocks.offers.map((o) => o.key),
        previewed.collection,
      ).toEqual(['oz-lotto']);
    }
  });

  it('offers that cannot load leave the featured block without tiles; the page still renders', async () => {
    // Another price list than the other tests' (their offers answer stays in the server's GET cache).
    const api = fakeApi({ 'GET /api/v2/pricing/members/product_offers': () => errorEnvelope(500) });
    vi.stubGlobal('fetch', api.fetch);
    const members = { cookie: 'pricing_id=members' };
    const loaded = (await cmsPageLoader(args('/about/widgets', {}, members))) as unknown as Loaded;
    expect(api.requests.some((r) => r.url.includes('/pricing/members/product_offers'))).toBe(true);
    expect(loaded.blocks.offers).toEqual([]);
    expect(postsOf(loaded, 0)).toEqual(['first', 'second']);
  });
});
