// Partner calls of the storefront (spec features §7 Partners): the partner, its cart (anonymous or the customer's, by
// login state, features §5) and the purchase (v3.2) on the partner's web channel (the channel ending in _web).
import { Partner, PartnerCart, PartnerPurchaseResult, type BrowserData } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError, parseApiResult } from '../../lib/api-errors.ts';
import { notFound } from '../../lib/route-errors.ts';

export const PARTNER_PURCHASE_VERSION = '3.2';

/** GET /partners/{slug}; an unknown slug (or one that is not a slug) is the partner 404 page. */
export async function loadPartner(api: ApiClient, slug: string): Promise<Partner> {
  if (!/^[a-z0-9][a-z0-9-]{0,59}$/.test(slug)) notFound();
  try {
    const res = await api.get<unknown>('main', `/partners/${slug}`);
    return parseApiResult(Partner, res.result, 'GET /partners/{slug}');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/** Features §5: the partner's web channel is the channel whose key ends in _web. */
export const webChannel = (partner: Partner): string | null =>
  partner.channels.find((c) => c.channelKey.endsWith('_web'))?.channelKey ?? null;

export interface PartnerItem {
  offerKey: string;
  numTickets: number;
}

const cartItemOf = (item: PartnerItem) => ({ lottery: item.offerKey, raffleOffer: { numTickets: item.numTickets } });

/** POST /cart/partner/{slug} when signed in, POST /anon-cart/partner/{slug} otherwise. */
export async function partnerCart(
  api: ApiClient,
  slug: string,
  signedIn: boolean,
  item: PartnerItem,
): Promise<PartnerCart> {
  const path = signedIn ? `/cart/partner/${slug}` : `/anon-cart/partner/${slug}`;
  const res = await api.post<unknown>('main', path, { cartItem: cartItemOf(item) });
  return parseApiResult(PartnerCart, res.result, `POST ${path}`);
}

/** POST /cart/partner/{slug}/purchase (v3.2) with the attempt's one Idempotency-Key. */
export async function purchaseForPartner(
  api: ApiClient,
  partner: Partner,
  item: PartnerItem,
  deposit: { fundId: string; amount: number; csc?: string | undefined; browserData: BrowserData } | null,
  idempotencyKey: string,
): Promise<PartnerPurchaseResult> {
  const body = {
    cartItem: cartItemOf(item),
    deposit: deposit
      ? {
          depositMethodId: deposit.fundId,
          amount: deposit.amount,
          ...(deposit.csc ? { csc: deposit.csc } : {}),
          strongCustomerAuthentication: deposit.browserData,
        }
      : null,
    purchase: { channelKey: webChannel(partner) ?? '', partnerKey: partner.key, metadata: { platform: 'Web' } },
  };
  const res = await api.post<unknown>('main', `/cart/partner/${partner.slug}/purchase`, body, {
    version: PARTNER_PURCHASE_VERSION,
    idempotencyKey,
  });
  return parseApiResult(PartnerPurchaseResult, res.result, 'POST /cart/partner/{slug}/purchase');
}
