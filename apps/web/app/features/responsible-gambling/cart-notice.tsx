// Spec features §8 success notification "spend limit updated from the cart": the spend-limit page sends the customer
// back to /cart?notice=spend-limit-updated after saving; the cart route renders this notice.
import { useSearchParams } from 'react-router';
import { NoticeBanner } from './limit-card.tsx';
import { CART_NOTICE_PARAM, NOTICES, SPEND_LIMIT_UPDATED_FROM_CART } from './rg-rules.ts';

export function spendLimitCartNotice(search: URLSearchParams): string | null {
  return search.get(CART_NOTICE_PARAM) === SPEND_LIMIT_UPDATED_FROM_CART ? NOTICES.spendLimitUpdatedFromCart : null;
}

export function SpendLimitCartNotice() {
  const [search] = useSearchParams();
  return <NoticeBanner text={spendLimitCartNotice(search)} />;
}
