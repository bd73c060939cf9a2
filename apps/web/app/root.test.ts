// The root loader against a fake API (fetch stubbed): parallel shell data, maintenance 503, capability-gated 404.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, errorEnvelope, ok, ORIGIN, type FakeHandler } from './test-support/fake-api.ts';
import { webConfig } from './test-support/api-fixtures.ts';
import { widgetVariant, type ShellData } from './lib/shell.ts';
import { loader } from './root.tsx';
import { loader as cmsPageLoader } from './routes/content/cms-page.tsx';
import { action as consentAction } from './routes/platform/cookie-consent.tsx';

const context = { apiOrigin: ORIGIN, appKey: 'web', appSecret: 'secret' };
const COMPONENTS = {
  affiliateWidget: 'variant_a',
  companyInformationWidget: 'variant_a',
  charitySupportWidget: null,
  customerFeedbackBanner: 'variant_c',
  productSupportBanner: 'variant_a',
  uniqueSellingPointWidget: 'variant_a',
};

function routes(
  opts: { config?: Record<string, unknown>; capabilities?: string[]; extra?: Record<string, FakeHandler> } = {},
) {
  const caps = opts.capabilities ?? ['cookie_consent', 'sitewide_banner'];
  return createFakeApi({
    'GET /api/v2/config': () => ok(webConfig(opts.config)),
    'GET /api/v2/capabilities': () => ok({ segments: [], segmentName: 'default', capabilities: caps }),
    'GET /api/cms/items/navigation': () => ok({ primary: [], footer: [] }),
    'GET /api/cms/items/theme': () => errorEnvelope(500),
    'GET /api/cms/items/sitewide_banner': () => ok({ id: 'b', text: 'Big jackpot', linkUrl: null, linkText: null }),
    'GET /api/cms/items/site_config': () => ok({ navigation: { primary: [], footer: [] }, components: COMPONENTS }),
    'GET /api/translation/en-AU/items': () =>
      ok([
        {
          category: 'footer',
          id: 'note',
          type: 'markdown',
          locale: 'en-AU',
          value: 'x',
          html: '<p>Play <strong>safe</strong></p>',
        },
      ]),
    ...opts.extra,
  });
}

const args = (path: string, init: RequestInit = {}) =>
  ({ request: new Request(`http://localhost:3000${path}`, init), context, params: {} }) as unknown as Parameters<
    typeof loader
  >[0];

async function thrown(p: Promise<unknown>): Promise<{ init: ResponseInit | null; data: unknown }> {
  try {
    await p;
  } catch (e) {
    return e as { init: ResponseInit | null; data: unknown };
  }
  throw new Error('expected the loader to throw');
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.unstubAllGlobals());

describe('root loader', () => {
  it('loads config, capabilities, navigation, theme and banner in parallel and sets the visitor cookies', async () => {
    const api = routes();
    vi.stubGlobal('fetch', api.fetch);
    const res = (await loader(args('/?clear_cache=1&aff=partner_1'))) as unknown as {
      data: { shell: import('./lib/shell.ts').ShellData };
      init: ResponseInit;
    };
    const { shell } = res.data;
    expect(shell.site.siteName).toBe('Lucky Koala Lotteries');
    expect(shell.banner?.text).toBe('Big jackpot');
    // The theme failed: the page still renders, with the design defaults.
    expect(shell.theme).toBeNull();
    expect(shell.consentBannerVisible).toBe(true);
    expect(shell.cartItemCount).toBe(0);
    const setCookie = new Headers(res.init.headers).getSetCookie();
    expect(setCookie.some((c) => c.startsWith('session_id='))).toBe(true);
    expect(setCookie.some((c) => c.startsWith('aff=partner_1'))).toBe(true);
    // The content change stream (lib/content-changes.server.ts) is the process's, not this page's.
    const signed = api.requests.filter(
      (r) => (r.url.includes('/api/v2/') || r.url.includes('/api/cms/')) && !r.url.includes('/api/cms/changes'),
    );
    // config, capabilities, navigation, theme, banner, site configuration, and the offers of the footer's links.
    expect(signed.length).toBe(7);
    expect(
      signed.every((r) => r.headers['x-signature'] && r.headers['x-app-key'] === 'web' && r.headers.version === '3.0'),
    ).toBe(true);
  });

  it("reads the site configuration's widget variants and the footer note of the site's locale", async () => {
    const api = routes();
    vi.stubGlobal('fetch', api.fetch);
    const { shell } = ((await loader(args('/?clear_cache=1'))) as unknown as { data: { shell: ShellData } }).data;
    expect(shell.components).toEqual(COMPONENTS);
    expect(shell.footerNoteHtml).toBe('<p>Play <strong>safe</strong></p>');
    const note = api.requests.find((r) => r.url.includes('/api/translation/'))!;
    expect(new URL(note.url).searchParams.getAll('c[]')).toEqual(['footer']);
    expect(new URL(note.url).searchParams.getAll('id[]')).toEqual(['note']);
    expect(widgetVariant(shell.components, 'charitySupportWidget')).toBeNull();
    expect(widgetVariant(shell.components, 'customerFeedbackBanner')).toBe('variant_c');

    // An en-GB shop asks for its own locale; without a site configuration or a note the page still renders, its
    // widgets as variant_a (as before the shop had one) and no note.
    const gb = routes({
      config: { siteLocale: 'en-GB' },
      extra: {
        'GET /api/cms/items/site_config': () => errorEnvelope(404),
        'GET /api/translation/en-GB/items': () => ok([]),
      },
    });
    vi.stubGlobal('fetch', gb.fetch);
    const bare = ((await loader(args('/?clear_cache=1'))) as unknown as { data: { shell: ShellData } }).data.shell;
    expect(gb.requests.some((r) => r.url.includes('/api/translation/en-GB/items'))).toBe(true);
    expect(bare.components).toBeNull();
    expect(bare.footerNoteHtml).toBeNull();
    expect(widgetVariant(bare.components, 'charitySupportWidget')).toBe('variant_a');
  });

  it('hides the banner without the sitewide_banner capability', async () => {
    vi.stubGlobal('fetch', routes({ capabilities: [] }).fetch);
    const res = (await loader(args('/?clear_cache=1'))) as unknown as {
      data: { shell: { banner: unknown; consentBannerVisible: boolean } };
    };
    expect(res.data.shell.banner).toBeNull();
    expect(res.data.shell.consentBannerVisible).toBe(false);
  });

  it('answers 503 in maintenance mode', async () => {
    vi.stubGlobal('fetch', routes({ config: { maintenanceMode: true } }).fetch);
    const e = await thrown(loader(args('/?clear_cache=1')));
    expect(e.init?.status).toBe(503);
  });

  it('shows the page for the API failure: 503 stays 503, a 502 becomes the 500 page', async () => {
    vi.stubGlobal('fetch', routes({ extra: { 'GET /api/v2/config': () => errorEnvelope(503) } }).fetch);
    expect((await thrown(loader(args('/?clear_cache=1')))).init?.status).toBe(503);
    vi.stubGlobal('fetch', routes({ extra: { 'GET /api/v2/config': () => errorEnvelope(502) } }).fetch);
    const e = await thrown(loader(args('/?clear_cache=1')));
    expect(e.init?.status).toBe(500);
    expect(JSON.stringify(e.data)).not.toContain(ORIGIN);
  });

  it('gates routes by capability: FAQ is a 404 when support_faq is present, terms of use needs terms_of_use', async () => {
    vi.stubGlobal('fetch', routes({ capabilities: ['support_faq'] }).fetch);
    expect((await thrown(loader(args('/about/faq?clear_cache=1')))).init?.status).toBe(404);
    expect((await thrown(loader(args('/about/terms-of-use?clear_cache=1')))).init?.status).toBe(404);
    vi.stubGlobal('fetch', routes({ capabilities: ['terms_of_use'] }).fetch);
    await expect(loader(args('/about/faq?clear_cache=1'))).resolves.toBeTruthy();
    await expect(loader(args('/about/terms-of-use?clear_cache=1'))).resolves.toBeTruthy();
  });
});

describe('CMS page loader', () => {
  const page = (overrides: Record<string, unknown> = {}) => ({
    id: 'pg_about',
    path: '/about',
    name: 'About',
    template: 'content',
    status: 'published',
    datePublished: '2026-01-01T00:00:00.000Z',
    dateCreated: '2026-01-01T00:00:00.000Z',
    dateUpdated: '2026-01-01T00:00:00.000Z',
    version: 1,
    seo: { title: 'About us', description: 'Who we are', canonicalUrl: null, ogImage: null, noIndex: false },
    sections: [{ kind: 'page_header', title: 'About us', subtitle: null, image: null }],
    ...overrides,
  });

  it('loads the page for its path and answers 404 when the CMS has none or it is not published', async () => {
    const byPath: Record<string, unknown[]> = {
      '/about': [page()],
      '/about/privacy': [page({ path: '/about/privacy', status: 'draft' })],
    };
    const api = createFakeApi({
      'GET /api/cms/items/pages': (req) => ok(byPath[new URL(req.url).searchParams.get('path') ?? ''] ?? []),
    });
    vi.stubGlobal('fetch', api.fetch);
    const res = await cmsPageLoader(args('/about/') as never);
    expect(res.page.seo.title).toBe('About us');
    expect(api.requests.at(-1)!.url).toContain('/api/cms/items/pages?path=%2Fabout');
    expect((await thrown(cmsPageLoader(args('/about/privacy') as never))).init?.status).toBe(404);
    expect((await thrown(cmsPageLoader(args('/about/careers') as never))).init?.status).toBe(404);
  });
});

describe('cookie consent action', () => {
  it('stores the choice for the configured lifetime and returns to a same-site path only', async () => {
    vi.stubGlobal('fetch', routes().fetch);
    const post = (body: string) =>
      args('/cookie-consent', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const res = (await consentAction(post('choice=essential&returnTo=%2Fabout') as never)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/about');
    expect(res.headers.get('set-cookie')).toMatch(/^cookie_consent=essential; Path=\/; Max-Age=17280000/);
    const evil = (await consentAction(post('choice=all&returnTo=%2F%2Fevil.example') as never)) as Response;
    expect(evil.headers.get('location')).toBe('/');
    await expect(consentAction(post('choice=maybe') as never)).rejects.toMatchObject({ status: 400 });
  });
});
