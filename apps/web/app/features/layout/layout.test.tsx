import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { shellFixture } from '../../test-support/shell-fixture.ts';
import { visiblePaymentLogos } from './payment-logos.tsx';
import { CondensedFooter, offerColumns, SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { SitewideBanner } from './sitewide-banner.tsx';
import { AccountDrawer } from './account-drawer.tsx';

describe('main navigation bar', () => {
  it('renders the menu toggle, logo link home, gated primary items by route type, Login and a Cart badge of 0', () => {
    const html = renderHtml(<SiteHeader shell={shellFixture()} />);
    const text = textOf(html);
    expect(html).toMatch(
      /<button[^>]*aria-label="Menu"[^>]*aria-expanded="false"|<button[^>]*aria-expanded="false"[^>]*aria-label="Menu"/,
    );
    expect(html).toMatch(/<a[^>]+aria-label="Lucky Koala Lotteries home"[^>]*href="\/"/);
    // The product group opens a drawer: rendered as a button, not a link.
    expect(html).toMatch(/<button[^>]*>Lotteries/);
    // Syndicates needs a capability the visitor lacks.
    expect(text).not.toContain('Syndicates');
    expect(html).toMatch(/<a href="https:\/\/help.example.com" target="_blank" rel="noopener noreferrer"/);
    expect(html).toMatch(/<span[^>]*><span>Draws every night<\/span><\/span>/);
    expect(html).toMatch(/<a[^>]+href="\/login"[^>]*>.*Login/);
    expect(textOf(html)).toContain('Cart 0 items');
    expect(html).toMatch(/data-testid="cart-count"[^>]*>0</);
    expect(text).not.toContain('Notifications');
  });

  it('signed in: Account with available funds (wallet_balance) and notifications (notifications_feed)', () => {
    const shell = shellFixture({
      capabilities: ['wallet_balance', 'notifications_feed'],
      customer: { firstname: 'Ann', availableFunds: { amount: 25.5, currency: 'AUD' } },
    });
    const html = renderHtml(<SiteHeader shell={shell} />);
    expect(textOf(html)).toContain('Account $25.50');
    expect(html).toContain('aria-label="Notifications, 0 unviewed"');
    expect(html).not.toContain('href="/login"');
    const noWallet = renderHtml(<SiteHeader shell={{ ...shell, capabilities: [] }} />);
    expect(textOf(noWallet)).toContain('Account');
    expect(textOf(noWallet)).not.toContain('$25.50');
    expect(noWallet).not.toContain('Notifications');
  });

  it('account drawer lists account links gated by capability', () => {
    const html = renderHtml(
      <AccountDrawer
        open
        onOpenChange={() => undefined}
        customer={{ firstname: 'Ann', availableFunds: null }}
        capabilities={['view_orders']}
        locale="en-AU"
        trigger={<button type="button">Account</button>}
      />,
    );
    // Radix renders the open dialog into a portal, which needs a DOM; on the server only the trigger renders.
    expect(html).toContain('Account');
  });
});

describe('footer', () => {
  it('full footer: gated links, support, responsible gambling, app section, payment logos, disclaimer', () => {
    const html = renderHtml(<SiteFooter shell={shellFixture()} />);
    const text = textOf(html);
    expect(text).toContain('Privacy policy');
    expect(text).toContain('FAQ');
    expect(text).toContain('Terms of use');
    expect(text).not.toContain('News');
    expect(text).toContain('13 00 00');
    expect(text).toContain('Gambling Help: 1800 858 858');
    expect(html).toContain('href="/about/responsible-gaming"');
    expect(text).not.toContain('Get the app');
    expect(text).toContain('Visa');
    expect(text).toContain('MasterCard');
    expect(text).not.toContain('Apple Pay');
    expect(text).toContain('You must be 18+ to play. Gamble responsibly.');
    expect(html).toContain('data-variant="full"');
  });

  it("shows the footer note (the content service's sanitised HTML) in the full footer only", () => {
    const shell = shellFixture({ footerNoteHtml: '<p>Play responsibly: <strong>Gambling Help</strong></p>' });
    const html = renderHtml(<SiteFooter shell={shell} />);
    expect(html).toMatch(/data-testid="footer-note"[^>]*><p>Play responsibly: <strong>Gambling Help<\/strong><\/p>/);
    expect(renderHtml(<CondensedFooter shell={shell} />)).not.toContain('footer-note');
    expect(renderHtml(<SiteFooter shell={shellFixture()} />)).not.toContain('footer-note');
  });

  it('hides FAQ when support_faq is present and the app section without native_app', () => {
    const shell = shellFixture();
    const withFaq = textOf(
      renderHtml(<SiteFooter shell={{ ...shell, capabilities: [...shell.capabilities, 'support_faq'] }} />),
    );
    expect(withFaq).not.toContain('FAQ');
    expect(withFaq).not.toContain('Get the app');
    const app = textOf(
      renderHtml(<SiteFooter shell={{ ...shell, capabilities: [...shell.capabilities, 'native_app'] }} />),
    );
    expect(app).toContain('Get the app');
    expect(app).toContain('Download on the App Store');
  });

  it('condensed footer: links, payment logos and disclaimer only', () => {
    const html = renderHtml(<CondensedFooter shell={shellFixture()} />);
    const text = textOf(html);
    expect(html).toContain('data-variant="condensed"');
    expect(text).toContain('Privacy policy');
    expect(text).toContain('Visa');
    expect(text).toContain('You must be 18+ to play.');
    expect(text).not.toContain('13 00 00');
    expect(text).not.toContain('Gambling Help');
  });

  it('two offer columns only above 5 offers; results links per offer', () => {
    const offers = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `Offer ${i + 1}`, url: `/offer-${i + 1}` }));
    expect(offerColumns(offers(5))).toHaveLength(1);
    expect(offerColumns(offers(6)).map((c) => c.length)).toEqual([3, 3]);
    const html = renderHtml(<SiteFooter shell={shellFixture()} offers={offers(6)} />);
    expect(html).toContain('data-columns="2"');
    expect(html).toContain('href="/offer-6/results"');
  });

  // Issue 20 item 8: the cookie policy link only while cookie consent is on; the regulation images of the config.
  it('links the cookie policy only while cookie consent is enabled (config and capability)', () => {
    const shell = shellFixture();
    expect(renderHtml(<SiteFooter shell={shell} />)).toContain('href="/about/cookie-policy"');
    expect(renderHtml(<CondensedFooter shell={shell} />)).toContain('href="/about/cookie-policy"');
    const configOff = { ...shell, site: { ...shell.site, cookieConsentEnabled: false } };
    expect(renderHtml(<SiteFooter shell={configOff} />)).not.toContain('cookie-policy');
    expect(renderHtml(<CondensedFooter shell={configOff} />)).not.toContain('cookie-policy');
    const capabilityOff = { ...shell, capabilities: shell.capabilities.filter((c) => c !== 'cookie_consent') };
    expect(renderHtml(<SiteFooter shell={capabilityOff} />)).not.toContain('cookie-policy');
    expect(textOf(renderHtml(<SiteFooter shell={capabilityOff} />))).toContain('Privacy policy');
  });

  it('shows the regulation images with their text alternatives, linked when they have a link', () => {
    const html = renderHtml(<SiteFooter shell={shellFixture()} />);
    expect(html).toContain('alt="Only for people aged 18 and over"');
    expect(html).toMatch(
      /<a href="https:\/\/help\.example\.org"[^>]*><img src="\/images\/regulation\/help\.svg" alt="Gambling Help"/,
    );
    const none = shellFixture();
    none.site.regulationImages = [];
    expect(renderHtml(<SiteFooter shell={none} />)).not.toContain('regulation-images');
  });

  it("lists each offer's play and results links from the shell's offers", () => {
    const shell = shellFixture({ productOffers: [{ name: 'Oz Lotto', url: '/oz-lotto' }] });
    const html = renderHtml(<SiteFooter shell={shell} />);
    expect(html).toContain('href="/oz-lotto"');
    expect(html).toContain('href="/oz-lotto/results"');
    expect(html).toContain('aria-label="Oz Lotto results"');
  });

  it('up to 8 payment logos; Apple Pay only where supported', () => {
    expect(visiblePaymentLogos(['visa', 'apple_pay', 'google_pay'], false)).toEqual(['visa', 'google_pay']);
    expect(visiblePaymentLogos(['visa', 'apple_pay'], true)).toEqual(['visa', 'apple_pay']);
    const many = Array.from({ length: 10 }, () => 'visa' as const);
    expect(visiblePaymentLogos(many, true)).toHaveLength(8);
  });
});

describe('sitewide banner', () => {
  it('renders server-side with a Dismiss button and, with a nonce, the pre-hydration check', () => {
    const banner = { id: 'b1', text: 'Powerball jackpot $100 Million', linkUrl: '/powerball', linkText: 'Play now' };
    const html = renderHtml(<SitewideBanner banner={banner} nonce="abc" />);
    expect(textOf(html)).toContain('Powerball jackpot $100 Million Play now Dismiss');
    expect(html).toContain('data-text="Powerball jackpot $100 Million"');
    expect(html).toMatch(/<script nonce="abc">try\{/);
    expect(renderHtml(<SitewideBanner banner={banner} nonce={undefined} />)).not.toContain('<script');
  });
});
