import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bannerDismissalScript, BANNER_DISMISSAL_KEY, dismissBanner, isBannerDismissed } from './banner-dismissal.ts';
import { camelToSnake, camelizeKeys as keysToCamel, snakeizeKeys as keysToSnake, snakeToCamel } from '@shop/protocol';
import { gateAllows, routeAllowed } from './capabilities.ts';
import { consentBannerVisible, consentCategories, consentCookie, readConsent } from './consent.ts';
import { createHeartbeat } from './heartbeat.ts';
import { ROUTE_TABLE, routeIdFor } from './route-table.ts';
import { themeCss, THEME_DEFAULTS } from './theme.ts';
import { errorPageStatus } from './api-errors.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), map: m };
}

describe('casing', () => {
  it('converts keys with digits both ways', () => {
    expect(snakeToCamel('address_line_2')).toBe('addressLine2');
    expect(camelToSnake('addressLine2')).toBe('address_line_2');
    expect(camelToSnake('customerVerify')).toBe('customer_verify');
    expect(camelToSnake('atvCommercial')).toBe('atv_commercial');
    expect(keysToSnake({ a: [{ pageInfo: { totalCount: 1 } }], b: new Date(0) })).toEqual({
      a: [{ page_info: { total_count: 1 } }],
      b: new Date(0),
    });
  });
  it('never touches values', () => {
    expect(keysToCamel({ some_key: 'snake_value' })).toEqual({ someKey: 'snake_value' });
  });
});

describe('capability gates', () => {
  it('FAQ shows only without support_faq; terms of use needs terms_of_use', () => {
    expect(routeAllowed('about-faq', [])).toBe(true);
    expect(routeAllowed('about-faq', ['support_faq'])).toBe(false);
    expect(routeAllowed('about-terms-of-use', [])).toBe(false);
    expect(routeAllowed('about-terms-of-use', ['terms_of_use'])).toBe(true);
    expect(routeAllowed('about', [])).toBe(true);
  });
  it('anyOf / allOf / absent', () => {
    const lottery = { anyOf: ['commercial_lotteries', 'multi_offer_site'] } as const;
    expect(gateAllows(lottery, ['multi_offer_site'])).toBe(true);
    expect(gateAllows(lottery, ['charity_lotteries'])).toBe(false);
    expect(gateAllows({ allOf: ['subscription_manage', 'view_orders'] }, ['view_orders'])).toBe(false);
  });
  it('maps paths to route ids, unknown paths to the catch-all', () => {
    expect(routeIdFor('/')).toBe('home');
    expect(routeIdFor('/about/faq')).toBe('about-faq');
    expect(routeIdFor('/about/faq/')).toBe('about-faq');
    expect(routeIdFor('/nope/deeper/still')).toBe('not-found');
    expect(new Set(ROUTE_TABLE.map((r) => r.id)).size).toBe(ROUTE_TABLE.length);
  });

  it('marks exactly the routes without a screen (no default export) as resource routes', () => {
    const withoutScreen = ROUTE_TABLE.filter(
      (r) => !/export default/.test(readFileSync(fileURLToPath(new URL(`../${r.file}`, import.meta.url)), 'utf8')),
    ).map((r) => r.id);
    expect(withoutScreen.length).toBeGreaterThan(0);
    expect(ROUTE_TABLE.filter((r) => r.resource).map((r) => r.id)).toEqual(withoutScreen);
  });
});

describe('error page choice', () => {
  it('418 no products, 503 maintenance, 404, anything else 500', () => {
    expect([404, 418, 503, 500, 502, 408, 422, undefined].map((s) => errorPageStatus(s))).toEqual([
      404, 418, 503, 500, 500, 500, 500, 500,
    ]);
  });

  it('a 503 shed under load (server_busy) is the server-busy page, not maintenance', () => {
    expect(errorPageStatus(503, 'server_busy')).toBe(500);
    expect(errorPageStatus(503, 'not_configured')).toBe(503);
  });
});

describe('cookie consent', () => {
  it('reads a stored choice and writes it for the configured lifetime', () => {
    expect(readConsent('a=1; cookie_consent=all')).toBe('all');
    expect(readConsent('cookie_consent=maybe')).toBeNull();
    expect(consentCategories('essential')).toEqual(['essential']);
    expect(consentCategories('all')).toEqual(['essential', 'non_essential']);
    expect(consentCookie('essential', 365, false)).toBe(
      `cookie_consent=essential; Path=/; Max-Age=${365 * 86400}; SameSite=Lax`,
    );
  });
  it('banner only with the capability and no stored choice', () => {
    expect(consentBannerVisible(true, null)).toBe(true);
    expect(consentBannerVisible(true, 'essential')).toBe(false);
    expect(consentBannerVisible(false, null)).toBe(false);
  });
});

describe('banner dismissal', () => {
  it('stays dismissed while the text is unchanged, with the date stored', () => {
    const s = memoryStorage();
    expect(isBannerDismissed(s, 'Jackpot $20 Million')).toBe(false);
    dismissBanner(s, 'Jackpot $20 Million', new Date('2026-11-21T10:00:00Z'));
    expect(JSON.parse(s.map.get(BANNER_DISMISSAL_KEY)!)).toEqual({
      text: 'Jackpot $20 Million',
      dismissedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(isBannerDismissed(s, 'Jackpot $20 Million')).toBe(true);
    expect(isBannerDismissed(s, 'Jackpot $30 Million')).toBe(false);
  });
  it('the pre-hydration script applies the same rule', () => {
    const s = memoryStorage();
    dismissBanner(s, 'Hello', new Date(0));
    const el = { hidden: false, getAttribute: (n: string) => (n === 'data-text' ? 'Hello' : null) };
    const run = new Function('document', 'localStorage', bannerDismissalScript('b'));
    run({ getElementById: () => el }, s);
    expect(el.hidden).toBe(true);
    const other = { hidden: false, getAttribute: () => 'Changed' };
    run({ getElementById: () => other }, s);
    expect(other.hidden).toBe(false);
  });
});

describe('heartbeat', () => {
  it('pings every interval only while the visitor was active within the idle window', () => {
    let now = 0;
    let tick: () => void = () => undefined;
    const ping = vi.fn(async () => undefined);
    const hb = createHeartbeat(
      { intervalMs: 60_000, idleWindowMs: 30 * 60_000 },
      { now: () => now, ping, setInterval: (fn) => ((tick = fn), 1), clearInterval: () => undefined },
    );
    hb.start();
    now = 60_000;
    tick();
    expect(ping).toHaveBeenCalledTimes(1);
    now = 30 * 60_000;
    tick();
    expect(ping).toHaveBeenCalledTimes(1);
    hb.markActive();
    now += 60_000;
    tick();
    expect(ping).toHaveBeenCalledTimes(2);
  });
});

describe('theme', () => {
  it('turns the CMS theme into CSS variables and refuses values that could escape the style element', () => {
    const css = themeCss({
      attributes: { borderRadius: '4px', boxShadow: 'none' },
      colours: {
        brandPrimary: '#123456',
        brandSecondary: 'red}</style><script>',
        brandTertiary: '#eee',
        actionPrimary: '#111',
        actionSecondary: '#222',
        mono: '#333',
        success: '#0a0',
        warning: '#a60',
        error: '#a00',
      },
      logos: { default: '', white: '', navbar: '' },
      metaImages: { favicon: '', appleTouch: '', ogImage: '' },
      motifs: [],
      typography: { fonts: [], headings: 'Open Sans', body: 'Inter', styleSheetUrl: null },
    });
    expect(css).toContain('--theme-brand-primary:#123456');
    expect(css).toContain(`--theme-brand-secondary:${THEME_DEFAULTS['--theme-brand-secondary']}`);
    expect(css).not.toContain('</style>');
    expect(css).toContain('--theme-font-headings:"Open Sans", system-ui');
    expect(css).toContain('--theme-radius:4px');
    expect(themeCss(null)).toContain(`--theme-brand-primary:${THEME_DEFAULTS['--theme-brand-primary']}`);
  });

  it("keeps app.css's :root defaults (the theme of a page without the shell) equal to the design defaults", () => {
    const css = readFileSync(fileURLToPath(new URL('../app.css', import.meta.url)), 'utf8');
    const root = /^:root \{([^}]*)\}/m.exec(css)?.[1] ?? '';
    const declared = Object.fromEntries(
      [...root.matchAll(/(--theme-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]),
    );
    expect(declared).toEqual(THEME_DEFAULTS);
  });
});
