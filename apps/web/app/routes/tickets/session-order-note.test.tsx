// Features §3 "Order details may carry socialSyndicateId": the receipt and the account's order screens show a Lotto
// Party order's session (the routes pass the lotto-party feature's note into the receipt and tickets views).
import type { Order, Receipt } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { ReceiptView } from '../../features/cart/receipt-view.tsx';
import { sessionOrderNoteOf } from '../../features/lotto-party/session-order-note.tsx';
import { OrdersList } from '../../features/tickets/ticket-views.tsx';
import { renderHtml, textOf } from '../../test-support/render.tsx';

const site = { currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' } as const;
const aud = (amount: number) => ({ amount, currency: 'AUD' as const });
const order = (over: Partial<Order> = {}): Order => ({
  id: 'ord_1',
  checkoutId: 'chk_1',
  createdAt: '2026-11-20T00:00:00.000Z',
  productType: 'social_syndicate_share',
  productOfferKey: 'oz-lotto',
  offerName: 'Oz Lotto',
  description: 'Lotto Party: 2 shares of 5 in Koala Crew',
  total: aud(3.1),
  status: 'upcoming_products',
  preOrder: false,
  socialSyndicateId: 'lps_abc123',
  numDraws: 1,
  firstDrawDate: '2026-11-24T09:30:00.000Z',
  prize: null,
  ...over,
});
const receipt = (orders: Order[]): Receipt => ({
  checkoutId: 'chk_1',
  createdAt: '2026-11-20T00:00:00.000Z',
  orders,
  total: aud(3.1),
  discount: aud(0),
  bonusCredit: aud(0),
  paidFromWallet: aud(3.1),
  deposit: null,
  promotionCode: null,
  trackingData: { transactionId: 'chk_1', revenue: 3.1, currency: 'AUD', items: [] },
});

describe('a Lotto Party order names its session (socialSyndicateId)', () => {
  it('on the receipt: "Lotto Party session lps_…" linking to the session and to my shares in it', () => {
    const html = renderHtml(
      <ReceiptView
        receipt={receipt([
          order(),
          order({ id: 'ord_2', productType: 'lottery_ticket', socialSyndicateId: undefined }),
        ])}
        site={site}
        orderNote={sessionOrderNoteOf}
      />,
    );
    expect(html.match(/data-testid="order-social-syndicate"/g)).toHaveLength(1);
    expect(textOf(html)).toContain('Lotto Party session lps_abc123 · My shares in it');
    expect(html).toContain('href="/my-account/lotto-party/session/lps_abc123"');
    expect(html).toContain('href="/my-account/lotto-party/ticket/lps_abc123"');
  });

  it('in the order history', () => {
    const html = renderHtml(
      <OrdersList
        orders={[order()]}
        kind="upcoming"
        page={1}
        hasNext={false}
        now="2026-11-20T00:00:00.000Z"
        site={site}
        orderNote={sessionOrderNoteOf}
      />,
    );
    expect(textOf(html)).toContain('Lotto Party session lps_abc123');
    expect(html).toContain('href="/my-account/lotto-party/session/lps_abc123"');
    // Its prizes are the session's (paid per share), not "No prize".
    const past = textOf(
      renderHtml(
        <OrdersList
          orders={[order({ status: 'past_products' })]}
          kind="past"
          page={1}
          hasNext={false}
          now="2026-12-20T00:00:00.000Z"
          site={site}
          orderNote={sessionOrderNoteOf}
        />,
      ),
    );
    expect(past).toContain('Prizes: see the session');
    expect(past).not.toContain('No prize');
  });
});
