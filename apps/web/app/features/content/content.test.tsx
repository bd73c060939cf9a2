// The content screens' parts: every block kind renders (images sized, rich HTML as the CMS sanitised it, links safe),
// the blog widgets, the built-in FAQ's data, and the SEO documents (sitemap gating, robots, RSS).
import { CAPABILITIES, type BlogPostSummary, type CmsSitemap, type ImageRef, type PageSection } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { contactPageFixture, itemMeta, seoFixture } from '../../test-support/content-fixtures.ts';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { Blocks } from './blocks.tsx';
import { BlogPostView } from './blog-views.tsx';
import { ContactView, faqEntries } from './built-in-views.tsx';
import { NO_SITEMAP_CONTENT, robotsTxt, rssXml, sitemapXml, staticSitemapPaths } from './seo-documents.server.ts';

const image: ImageRef = { id: 'file_x', url: '/api/cms/assets/file_x', alt: 'A ticket', width: 480, height: 320 };
const post = (slug: string, day: number): BlogPostSummary => ({
  id: `post_${slug}`,
  slug,
  title: `Post ${slug}`,
  excerpt: 'About it.',
  categories: [{ slug: 'news', name: 'News' }],
  author: null,
  heroImage: null,
  status: 'published',
  datePublished: `2024-05-0${day}T00:00:00.000Z`,
  dateCreated: `2024-05-0${day}T00:00:00.000Z`,
  dateUpdated: `2024-05-0${day}T00:00:00.000Z`,
  version: 1,
});

const EVERY_KIND: PageSection[] = [
  { kind: 'page_header', title: 'Welcome', subtitle: 'Hello', image },
  {
    kind: 'content_grid',
    heading: 'Grid',
    items: [{ title: 'One', text: 'First', image: null, link: { text: 'Go', url: '/oz-lotto' } }],
  },
  { kind: 'single_column', heading: 'Column', paragraphs: ['<b>not html</b>'] },
  {
    kind: 'two_column_grid',
    columns: [
      { heading: 'Left', paragraphs: ['L'] },
      { heading: 'Right', paragraphs: ['R'] },
    ],
  },
  { kind: 'divider' },
  {
    kind: 'image_beside_text',
    image,
    heading: 'Side',
    markdown: 'x',
    imagePosition: 'right',
    link: null,
    html: '<p>Rendered <strong>bold</strong></p>',
  },
  { kind: 'call_to_action', heading: 'Act', text: 'Now', linkText: 'External', linkUrl: 'https://example.org' },
  { kind: 'logo_grid', heading: 'Logos', logos: [{ image, name: 'Partner', url: null }] },
  { kind: 'blog_posts', heading: 'Latest news', category: null, limit: 4 },
  { kind: 'banners', banners: [{ text: 'Big draw', link: null, tone: 'promo' }] },
  { kind: 'blog_categories', heading: 'Topics' },
  { kind: 'full_page_content', markdown: 'x', html: '<h2>Long read</h2><ul><li>a</li></ul>' },
  { kind: 'html_content', html: '<p>From the <em>editor</em></p>' },
  { kind: 'featured_tickets', heading: 'Jackpots', offerKeys: [] },
];

describe('blocks', () => {
  it('renders all 14 kinds', () => {
    const html = renderHtml(
      <Blocks
        sections={EVERY_KIND}
        data={{
          blogPosts: { 8: [post('a', 2), post('b', 1)] },
          categories: [{ ...post('x', 1), slug: 'news', name: 'News', description: '', seo: null }] as never,
        }}
        slots={{ featuredTickets: (b) => <p data-testid="featured">{b.heading}</p> }}
      />,
    );
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>Welcome<\/h1>/);
    for (const words of [
      'Grid',
      'One',
      'Left',
      'Right',
      'Side',
      'Act',
      'Logos',
      'Latest news',
      'Post a',
      'Big draw',
      'Topics',
      'Long read',
      'Jackpots',
    ])
      expect(text).toContain(words);
    // Plain text stays text; rendered HTML comes through as the CMS sanitised it.
    expect(html).toContain('&lt;b&gt;not html&lt;/b&gt;');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>editor</em>');
    // Images carry their size and alternative text; only the first block's image loads eagerly.
    expect(html).toMatch(
      /<img src="\/api\/cms\/assets\/file_x" alt="A ticket" width="480" height="320" loading="eager"/,
    );
    expect(html.match(/loading="lazy"/g)!.length).toBe(2);
    expect(html).toMatch(/<a href="https:\/\/example.org"[^>]*target="_blank" rel="noopener noreferrer"/);
    expect(html).toMatch(/href="\/blog\/category\/news"/);
  });

  it('renders nothing for a blog widget without posts or a featured block without a slot', () => {
    const html = renderHtml(<Blocks sections={[EVERY_KIND[8]!, EVERY_KIND[13]!]} />);
    expect(textOf(html)).toBe('');
  });
});

describe('blocks inside a post and the contact screen', () => {
  const widgets: PageSection[] = [EVERY_KIND[8]!, EVERY_KIND[13]!];
  const data = { blogPosts: { 0: [post('a', 2)] }, categories: [] };
  const slots = { featuredTickets: (b: { heading: string | null }) => <p data-testid="featured">{b.heading}</p> };
  it("draw a blog widget's posts and the featured tickets as a page does", () => {
    const postHtml = renderHtml(
      <BlogPostView
        post={{ ...post('p', 1), ...itemMeta, seo: seoFixture, sections: widgets }}
        latest={[]}
        categories={[]}
        data={data}
        slots={slots}
      />,
    );
    const contactHtml = renderHtml(<ContactView contact={contactPageFixture(widgets)} data={data} slots={slots} />);
    for (const html of [postHtml, contactHtml]) {
      expect(html).toMatch(/data-testid="blog-widget"[\s\S]*Post a/);
      expect(html).toContain('<p data-testid="featured">Jackpots</p>');
    }
  });
});

describe('the built-in FAQ', () => {
  it('takes the well-formed questions of the translation item', () => {
    expect(faqEntries([{ question: 'Q', answer: 'A' }, { question: 1 }, null])).toEqual([
      { question: 'Q', answer: 'A' },
    ]);
    expect(faqEntries('nope')).toEqual([]);
  });
});

describe('SEO documents', () => {
  const entry = { canonicalUrl: null, dateUpdated: '2026-01-01T00:00:00.000Z' };
  const content = (extra: Partial<CmsSitemap> = {}): CmsSitemap => ({ ...NO_SITEMAP_CONTENT, ...extra });

  it('lists public screens the capabilities allow, managed pages, offers, and the blog only with its capability', async () => {
    const withBlog = staticSitemapPaths(['blog', 'multi_offer_site']);
    expect(withBlog).toEqual(expect.arrayContaining(['/about/faq', '/about/contact-us', '/blog', '/lotto-tickets']));
    expect(
      withBlog.some((p) => p.startsWith('/my-account') || p === '/cart' || p === '/preview' || p === '/login'),
    ).toBe(false);
    // The results lists are pages (their page number is optional); resource routes and token or sign-in landings are not.
    const all = staticSitemapPaths(CAPABILITIES);
    expect(all).toEqual(
      expect.arrayContaining(['/lotto-results', '/lotto-results/lotteries', '/lotto-results/raffles']),
    );
    for (const path of [
      '/feedback',
      '/migration/migrate',
      '/notifications/cards',
      '/daily-winners/benefits',
      '/lotto-party/group',
      '/lotto-party/create',
      '/cart/precart',
      '/sitemap.xml',
    ])
      expect(all, path).not.toContain(path);
    expect(all.some((p) => p.includes(':') || p.includes('*'))).toBe(false);
    expect(staticSitemapPaths(['support_faq'])).not.toContain('/about/faq');
    expect(staticSitemapPaths([])).not.toContain('/blog');

    const xml = await sitemapXml({
      baseUrl: 'https://shop.example.test',
      capabilities: ['blog'],
      content: content({
        pages: [{ ...entry, id: 'page_careers', path: '/about/careers' }],
        blogPosts: [{ ...entry, id: 'post_fresh', slug: 'fresh' }],
        blogCategories: [{ ...entry, id: 'cat_news', slug: 'news' }],
      }),
      offerPaths: ['/oz-lotto'],
    });
    expect(xml).toContain('<loc>https://shop.example.test/about/careers</loc>');
    expect(xml).toContain('<loc>https://shop.example.test/blog/fresh</loc>');
    expect(xml).toContain('<loc>https://shop.example.test/blog/category/news</loc>');
    expect(xml).toContain('<loc>https://shop.example.test/oz-lotto</loc>');
    const noBlog = await sitemapXml({
      baseUrl: 'https://shop.example.test',
      capabilities: [],
      content: content({ blogPosts: [{ ...entry, id: 'post_fresh', slug: 'fresh' }] }),
      offerPaths: [],
    });
    expect(noBlog).not.toContain('/blog');
  });

  it('lists screens that are only a managed page (/, /about/privacy) only when the API names that page', async () => {
    const without = await sitemapXml({
      baseUrl: 'https://shop.example.test',
      capabilities: [],
      content: content(),
      offerPaths: [],
    });
    for (const path of ['/about', '/about/privacy', '/about/cookie-policy', '/about/terms-of-use'])
      expect(without).not.toContain(`<loc>https://shop.example.test${path}</loc>`);
    expect(without).not.toContain('<loc>https://shop.example.test/</loc>');
    const withPages = await sitemapXml({
      baseUrl: 'https://shop.example.test',
      capabilities: [],
      content: content({
        pages: [
          { ...entry, id: 'page_home', path: '/' },
          { ...entry, id: 'page_privacy', path: '/about/privacy' },
        ],
      }),
      offerPaths: [],
    });
    expect(withPages).toContain('<loc>https://shop.example.test/</loc>');
    expect(withPages).toContain('<loc>https://shop.example.test/about/privacy</loc>');
  });

  it('lists each item at its canonical URL, and no screen a noIndex page covers', async () => {
    const xml = await sitemapXml({
      baseUrl: 'https://shop.example.test',
      capabilities: ['blog'],
      content: content({
        pages: [{ ...entry, id: 'page_terms', path: '/about/terms-of-use', canonicalUrl: '/about/terms' }],
        unlistedPagePaths: ['/about/contact-us'],
        blogPosts: [
          { ...entry, id: 'post_moved', slug: 'moved', canonicalUrl: '/blog/the-original' },
          { ...entry, id: 'post_away', slug: 'away', canonicalUrl: 'https://elsewhere.example/away' },
        ],
        blogCategories: [{ ...entry, id: 'cat_news', slug: 'news', canonicalUrl: '/blog' }],
      }),
      offerPaths: [],
    });
    expect(xml).toContain('<loc>https://shop.example.test/about/terms</loc>');
    expect(xml).not.toContain('/about/terms-of-use<');
    expect(xml).not.toContain('/about/contact-us');
    expect(xml).toContain('<loc>https://shop.example.test/blog/the-original</loc>');
    expect(xml).not.toContain('/blog/moved');
    expect(xml).not.toContain('elsewhere.example');
    expect(xml).not.toContain('/blog/away');
    expect(xml).not.toContain('/blog/category/news');
  });

  it('robots.txt disallows everything while indexing is disabled', () => {
    expect(robotsTxt('https://shop.example.test', true)).toBe('User-agent: *\nDisallow: /\n');
    const open = robotsTxt('https://shop.example.test', false);
    expect(open).toContain('Disallow: /my-account');
    expect(open).toContain('Sitemap: https://shop.example.test/sitemap.xml');
  });

  it('the RSS feed lists the posts at their canonical URLs', () => {
    const xml = rssXml({
      baseUrl: 'https://shop.example.test',
      siteName: 'Shop',
      title: 'News',
      description: 'd',
      posts: [post('a', 2)],
    });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<link>https://shop.example.test/blog/a</link>');
  });
});
