// Seeded segments: three that differ so capability gating can be seen and tested (spec core §2 sitemap table).
import { CAPABILITIES, type Capability, type Segment } from '@shop/contracts';

/**
 * Capabilities of features the shop does not have yet: no seeded segment turns them on, so no link, tile, bell or
 * menu entry promises them (the syndicates link would be a 404). Each comes off
 * this list with the issue that builds it: syndicates and Lotto Party (16).
 */
export const NOT_YET_BUILT: readonly Capability[] = ['syndicates'];

const built = (capabilities: readonly Capability[]) => capabilities.filter((c) => !NOT_YET_BUILT.includes(c));
const except = (...left: Capability[]) => built(CAPABILITIES).filter((c) => !left.includes(c));

export const DEFAULT_SEGMENT = 'default';

const segments: Segment[] = [
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

export const segmentsSeed: Segment[] = segments.map((s) => ({ ...s, capabilities: built(s.capabilities) }));
