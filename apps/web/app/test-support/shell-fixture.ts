// A realistic ShellData for component tests (shape of the seeded configuration).
import type { ShellData } from '../lib/shell.ts';

export function shellFixture(overrides: Partial<ShellData> = {}): ShellData {
  return {
    site: {
      siteName: 'Lucky Koala Lotteries',
      locale: 'en-AU',
      currency: 'AUD',
      timeZone: 'Australia/Sydney',
      sessionIdleMinutes: 30,
      heartbeat: { enabled: true, intervalSeconds: 60 },
      socialLinks: [{ network: 'facebook', url: 'https://facebook.com/luckykoala' }],
      supportPageUrls: { contactUs: '/about/contact-us', faq: '/about/faq', responsibleGambling: '/about/responsible-gaming', helpCentre: 'https://help.example.com' },
      appStoreLinks: { android: 'https://play.google.com/store/apps/details?id=x', ios: 'https://apps.apple.com/app/x' },
      supportNumber: '13 00 00',
      supportOpeningHours: ['Mon–Fri 8am–8pm AEST'],
      gamblingHelpLine: '1800 858 858',
      supportedPaymentMethods: ['visa', 'mastercard', 'amex', 'paypal', 'apple_pay', 'google_pay'],
      cookieLifetimeDays: 365,
      disclaimer: 'You must be 18+ to play. Gamble responsibly.',
      disableIndexing: false,
    },
    capabilities: ['commercial_lotteries', 'charity_lotteries', 'responsible_gambling', 'cookie_consent', 'sitewide_banner', 'blog', 'terms_of_use'],
    theme: null,
    navigation: {
      primary: [
        {
          id: 'lotteries',
          label: 'Lotteries',
          routeType: 'internal',
          url: '/lotto-tickets',
          productGroup: 'lotto',
          capabilities: ['commercial_lotteries'],
          children: [{ id: 'oz-lotto', label: 'Oz Lotto', routeType: 'internal', url: '/oz-lotto', productGroup: null, capabilities: [], children: [] }],
        },
        { id: 'syndicates', label: 'Syndicates', routeType: 'internal', url: '/syndicates', productGroup: null, capabilities: ['syndicates'], children: [] },
        { id: 'help', label: 'Help centre', routeType: 'external', url: 'https://help.example.com', productGroup: null, capabilities: [], children: [] },
        { id: 'note', label: 'Draws every night', routeType: 'none', url: null, productGroup: null, capabilities: [], children: [] },
      ],
      footer: [
        { id: 'privacy', label: 'Privacy policy', url: '/about/privacy', capabilities: [], requiresAbsent: [] },
        { id: 'faq', label: 'FAQ', url: '/about/faq', capabilities: [], requiresAbsent: ['support_faq'] },
        { id: 'tou', label: 'Terms of use', url: '/about/terms-of-use', capabilities: ['terms_of_use'], requiresAbsent: [] },
        { id: 'news', label: 'News', url: '/blog', capabilities: ['blog', 'syndicates'], requiresAbsent: [] },
      ],
    },
    banner: null,
    customer: null,
    cartItemCount: 0,
    notificationCount: 0,
    consentBannerVisible: false,
    api: { appKey: 'web', appSecret: 'secret' },
    productOffers: [],
    ...overrides,
  };
}
