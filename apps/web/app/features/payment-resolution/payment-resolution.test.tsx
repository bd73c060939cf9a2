// The payment-resolution banner and screen: the spec's states (fetching, retrying, completed, retry error), each
// failed fund with its reason and recurring purchases, the fund choices (an expired card disabled), retry and add card.
import type { Autoplay, PaymentResolution, RecurringPurchaseMethods } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { PaymentResolutionBanner, RESOLUTION_BANNER_TEXT } from './payment-resolution-banner.tsx';
import {
  PaymentResolutionScreen,
  RESOLUTION_TEXTS,
  resolutionState,
  waitingText,
} from './payment-resolution-screen.tsx';

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
const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;
const screen = (over: Partial<Parameters<typeof PaymentResolutionScreen>[0]> = {}) =>
  renderHtml(
    <PaymentResolutionScreen
      resolutions={[resolution]}
      methods={methods}
      retry={null}
      errors={[]}
      addCard={<form data-testid="add-card-slot" />}
      site={site}
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
    expect(resolutionState({ state: 'idle' }, { state: 'completed', report, resolutions: [], waiting: [] })).toBe(
      'completed',
    );
    expect(
      resolutionState({ state: 'idle' }, { state: 'retry_error', report, resolutions: [resolution], waiting: [] }),
    ).toBe('retry_error');
    expect(resolutionState({ state: 'idle' }, null)).toBe('idle');
    const done = textOf(
      screen({ resolutions: [], retry: { state: 'completed', report, resolutions: [], waiting: [] } }),
    );
    expect(done).toContain(RESOLUTION_TEXTS.completed);
    expect(done).not.toContain(RESOLUTION_TEXTS.none);
    const again = textOf(screen({ retry: { state: 'retry_error', report, resolutions: [resolution], waiting: [] } }));
    expect(again).toContain(RESOLUTION_TEXTS.retryError);
    expect(textOf(screen({ resolutions: [] }))).toContain(RESOLUTION_TEXTS.none);
  });

  it("a retry the customer's own pause held says nothing was bought and when it is tried again", () => {
    const timed = { ...autoplay, status: 'timed_paused', pausedUntil: '2026-12-24T00:00:00.000Z' } as Autoplay;
    const paused = { ...autoplay, autoplayId: 'rcp_2', description: 'Powerball, 1 game', status: 'paused' } as Autoplay;
    const nothing = { ...report, examined: 0, purchased: 0 };
    const retry = { state: 'completed' as const, report: nothing, resolutions: [], waiting: [timed, paused] };
    const text = textOf(screen({ resolutions: [], retry }));
    expect(text).toContain(RESOLUTION_TEXTS.waiting);
    expect(text).not.toContain(RESOLUTION_TEXTS.completed);
    expect(text).toContain(waitingText(timed, site));
    expect(waitingText(timed, site)).toMatch(/^Oz Lotto, 1 game stays paused until .*24.*December.*2026, as you chose/);
    expect(text).toContain(
      'Powerball, 1 game stays paused, as you chose. We will try the payment again when you unpause it.',
    );
    // Something bought as well: the bought text, then the ones still paused.
    const both = textOf(screen({ resolutions: [], retry: { ...retry, report, waiting: [paused] } }));
    expect(both).toContain(RESOLUTION_TEXTS.completed);
    expect(both).toContain('Powerball, 1 game stays paused');
  });
});
