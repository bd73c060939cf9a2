// Seeded segments: three that differ so capability gating can be seen and tested (spec core §2 sitemap table).
import { CAPABILITIES, type Capability, type Segment } from '@shop/contracts';

const except = (...left: Capability[]) => CAPABILITIES.filter((c) => !left.includes(c));

export const DEFAULT_SEGMENT = 'default';

export const segmentsSeed: Segment[] = [
  // The full multi-offer site. support_faq is absent so the FAQ page shows (it is shown only without that flag).
  { segmentName: 'default', capabilities: except('support_faq') },
  // A charity-only site: raffles and causes with a wallet; no commercial lotteries, multi-offer pages or syndicates.
  // Support questions go to the help centre, so the FAQ page is hidden.
  {
    segmentName: 'charity',
    capabilities: [
      'charity_lotteries',
      'causes_directory',
      'wallet_manage',
      'wallet_withdrawal',
      'wallet_balance',
      'view_orders',
      'subscription_manage',
      'autoplay_manage',
      'spend_limits',
      'verify_id',
      'terms_of_use',
      'blog',
      'support_faq',
      'account_details_manage',
      'responsible_gambling',
      'cookie_consent',
      'feedback',
      'sitewide_banner',
    ],
  },
  // Like the default site, but winnings cannot be withdrawn (e.g. a market where payouts go through a partner).
  { segmentName: 'no_withdrawal', capabilities: except('support_faq', 'wallet_withdrawal') },
];
