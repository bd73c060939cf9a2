// Seeded navigation (features §2 Main navigation bar and Footer) and component variants (features §3, §5).
import type { Navigation, NavigationItem, SiteComponents } from '@shop/contracts';

const link = (
  id: string,
  label: string,
  url: string,
  capabilities: NavigationItem['capabilities'] = [],
  extra: Partial<NavigationItem> = {},
): NavigationItem => ({
  id,
  label,
  routeType: 'internal',
  url,
  productGroup: null,
  capabilities,
  children: [],
  ...extra,
});

export const navigationSeed: Navigation = {
  primary: [
    link('lotteries', 'Lotteries', '/lotto-tickets', ['commercial_lotteries'], {
      productGroup: 'lotto',
      children: [
        link('oz-lotto', 'Oz Lotto', '/oz-lotto', ['commercial_lotteries']),
        link('powerball', 'Powerball', '/powerball', ['commercial_lotteries']),
        link('saturday-lotto', 'Saturday Lotto', '/saturday-lotto', ['commercial_lotteries']),
        link('weekday-windfall', 'Weekday Windfall', '/weekday-windfall', ['commercial_lotteries']),
        link('set-for-life', 'Set for Life', '/set-for-life', ['commercial_lotteries']),
        link('lotto-strike', 'Lotto Strike', '/lotto-strike', ['commercial_lotteries']),
        // On a phone the group's own item only opens and closes it: its page is a child too.
        link('all-lotteries', 'All lotteries', '/lotto-tickets', ['commercial_lotteries']),
      ],
    }),
    link('charity-raffles', 'Charity raffles', '/charity-tickets', ['charity_lotteries'], {
      productGroup: 'raffle',
      children: [
        link('all-charity-raffles', 'All charity raffles', '/charity-tickets', ['charity_lotteries']),
        link('raffle-results', 'Raffle results', '/lotto-results/raffles'),
      ],
    }),
    // Features §2: a social_play product group; it links straight to /social-play while the cart holds a share.
    link('social-play', 'Social play', '/social-play', ['commercial_lotteries'], {
      productGroup: 'social_play',
      children: [
        link('syndicates', 'Syndicates', '/syndicates', ['syndicates']),
        link('lotto-party', 'Lotto Party', '/lotto-party', ['social_syndicates']),
      ],
    }),
    link('results', 'Results', '/lotto-results', [], {
      productGroup: 'results',
      children: [
        link('all-results', 'All results', '/lotto-results'),
        link('lottery-results', 'Lottery results', '/lotto-results/lotteries', ['commercial_lotteries']),
        link('raffle-results-all', 'Raffle results', '/lotto-results/raffles', ['charity_lotteries']),
      ],
    }),
    link('causes', 'Causes', '/causes', ['causes_directory']),
    // Features §2: the membership item shows a dot badge (features §4 rules; the storefront decides it).
    link('daily-winners', 'Daily Winners', '/daily-winners', ['membership_program']),
    link('blog', 'Blog', '/blog', ['blog']),
    link('help-centre', 'Help centre', 'https://help.luckykoalalotteries.com.au', [], { routeType: 'external' }),
  ],
  footer: [
    {
      id: 'customer-support',
      label: 'Customer support',
      url: '/about/contact-us',
      capabilities: [],
      requiresAbsent: [],
    },
    { id: 'privacy', label: 'Privacy policy', url: '/about/privacy', capabilities: [], requiresAbsent: [] },
    { id: 'cookie-policy', label: 'Cookie policy', url: '/about/cookie-policy', capabilities: [], requiresAbsent: [] },
    { id: 'about', label: 'About us', url: '/about', capabilities: [], requiresAbsent: [] },
    {
      id: 'terms-of-use',
      label: 'Terms of use',
      url: '/about/terms-of-use',
      capabilities: ['terms_of_use'],
      requiresAbsent: [],
    },
    {
      id: 'terms-and-conditions',
      label: 'Terms and conditions',
      url: '/about/terms-and-conditions',
      capabilities: [],
      requiresAbsent: [],
    },
    { id: 'faq', label: 'FAQ', url: '/about/faq', capabilities: [], requiresAbsent: ['support_faq'] },
    {
      id: 'responsible-gambling',
      label: 'Responsible gambling',
      url: '/about/responsible-gaming',
      capabilities: ['responsible_gambling'],
      requiresAbsent: [],
    },
    { id: 'news', label: 'News', url: '/blog', capabilities: ['blog'], requiresAbsent: [] },
  ],
};

export const componentsSeed: SiteComponents = {
  affiliateWidget: 'variant_a',
  companyInformationWidget: 'variant_a',
  charitySupportWidget: 'variant_a',
  customerFeedbackBanner: 'variant_b',
  productSupportBanner: 'variant_a',
  uniqueSellingPointWidget: 'variant_a',
};
