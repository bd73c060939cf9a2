// The receipt says how the total was paid as it happened: a deposit-and-purchase reads "deposited by card, then paid
// from your wallet", never two payments under one total (issue 20).
import type { Receipt } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { ReceiptView } from './receipt-view.tsx';

const site = { currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' } as const;
const aud = (amount: number) => ({ amount, currency: 'AUD' as const });
const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  checkoutId: 'chk_1',
  createdAt: '2025-06-02T00:00:00.000Z',
  orders: [],
  total: aud(10),
  discount: aud(0),
  bonusCredit: aud(0),
  paidFromWallet: aud(10),
  deposit: null,
  promotionCode: null,
  trackingData: { transactionId: 'chk_1', revenue: 10, currency: 'AUD', items: [] },
  ...over,
});
const payment = (r: Receipt) => {
  const html = renderHtml(<ReceiptView receipt={r} site={site} />);
  return textOf(html.match(/data-testid="receipt-payment"[^>]*>([\s\S]*?)<\/ul>/)?.[1] ?? '');
};

describe('receipt: how it was paid', () => {
  it('a deposit-and-purchase: deposited by card, then paid from the wallet, once', () => {
    const text = payment(receipt({ deposit: aud(10) }));
    expect(text).toBe('Deposited $10.00 by card into your wallet. Then paid $10.00 from your wallet.');
    const all = textOf(renderHtml(<ReceiptView receipt={receipt({ deposit: aud(10) })} site={site} />));
    expect(all).not.toContain('Paid by card deposit');
  });

  it('a deposit larger than the purchase says what stays in the wallet', () => {
    expect(payment(receipt({ deposit: aud(20) }))).toBe(
      'Deposited $20.00 by card into your wallet. Then paid $10.00 from your wallet; $10.00 of the deposit stays in it.',
    );
  });

  it('a wallet purchase: paid from the wallet', () => {
    expect(payment(receipt())).toBe('Paid $10.00 from your wallet.');
  });
});
