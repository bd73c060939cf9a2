// The payment-resolution banner and screen: the spec's states (fetching, retrying, completed, retry error), each
// failed fund with its reason and recurring purchases, the fund choices (an expired card disabled), retry and add card.
import type { Autoplay, PaymentResolution, RecurringPurchaseMethods } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { PaymentResolutionBanner, RESOLUTION_BANNER_TEXT } from './payment-resolution-banner.tsx';
import { PaymentResolutionScreen, RESOLUTION_TEXTS, resolutionState } from './payment-resolution-screen.tsx';

const autoplay = { autoplayId: 'rcp_1', description: 'Oz Lotto, 1 game', type: 'autoplay' } as Autoplay;
const resolution: PaymentResolution = {
  fundSource: 'Visa ending 0002',
  fundKind: 'cc',
  reason: 'Your card was declined. No money has been taken; please try another card.',
  actions: ['change-fund', 'add-card', 'payment-method-updated'],
  recurringPurchases: { autoplays: [autoplay], subscriptions: [] },
};
const methods: RecurringPurchaseMethods = {
  selectedRecurringPurchaseMethodKey: 'fnd_declined',
  availableRecurringPurchaseMethods: [
    { recurringPurchaseMethodKey: 'wallet', label: 'Wallet', disabled: false },
    { recurringPurchaseMethodKey: 'wallet_then_card', label: 'Wallet, then my default card', disabled: false },
    { recurringPurchaseMethodKey: 'fnd_declined', label: 'Visa ending 0002', disabled: false },
    { recurringPurchaseMethodKey: 'fnd_old', label: 'Visa ending 4242', disabled: true },
  ],
};
const screen = (over: Partial<Parameters<typeof PaymentResolutionScreen>[0]> = {}) =>
  renderHtml(
    <PaymentResolutionScreen
      resolutions={[resolution]}
      methods={methods}
      retry={null}
      errors={[]}
      addCard={<form data-testid="add-card-slot" />}
      {...over}
    />,
  );
const report = { examined: 1, purchased: 1, skipped: 0, softFailures: 0, hardFailures: 0, paused: 0 };

describe('payment resolution', () => {
  it('the banner says what happened and leads to the resolution screen', () => {
    const html = renderHtml(<PaymentResolutionBanner />);
    expect(textOf(html)).toContain(RESOLUTION_BANNER_TEXT);
    expect(html).toContain('href="/my-account/payment-resolution"');
  });

  it('shows each failed fund with its reason and autoplays, the fund choices, retry and add card', () => {
    const html = screen();
    const text = textOf(html);
    expect(text).toContain('Paid from: Visa ending 0002');
    expect(text).toContain('Your card was declined.');
    expect(text).toContain('Oz Lotto, 1 game');
    expect(html).toContain('value="change-fund"');
    expect(html).not.toContain('value="wallet_then_card"');
    expect(html).toContain('<option value="fnd_old" disabled="">');
    expect(text).toContain('Visa ending 4242 (expired)');
    expect(html).toContain('value="retry"');
    expect(text).toContain('I have updated my payment method, try again');
    expect(html).toContain('data-testid="add-card-slot"');
    expect(textOf(screen({ addCard: null, errors: ['This card has expired.'] }))).toContain('This card has expired.');
    expect(screen({ addCard: null })).toContain('href="/my-account/cards-and-accounts"');
  });

  it('has the states fetching, retrying, completed and retry error', () => {
    const retrying = new FormData();
    retrying.set('intent', 'retry');
    expect(resolutionState({ state: 'submitting', formData: retrying }, null)).toBe('retrying');
    expect(resolutionState({ state: 'loading' }, null)).toBe('fetching');
    expect(resolutionState({ state: 'idle' }, { state: 'completed', report, resolutions: [] })).toBe('completed');
    expect(resolutionState({ state: 'idle' }, { state: 'retry_error', report, resolutions: [resolution] })).toBe(
      'retry_error',
    );
    expect(resolutionState({ state: 'idle' }, null)).toBe('idle');
    const done = textOf(screen({ resolutions: [], retry: { state: 'completed', report, resolutions: [] } }));
    expect(done).toContain(RESOLUTION_TEXTS.completed);
    expect(done).not.toContain(RESOLUTION_TEXTS.none);
    const again = textOf(screen({ retry: { state: 'retry_error', report, resolutions: [resolution] } }));
    expect(again).toContain(RESOLUTION_TEXTS.retryError);
    expect(textOf(screen({ resolutions: [] }))).toContain(RESOLUTION_TEXTS.none);
  });
});
