// The subscription forms' rules (the actions parse with these) and the server render of one subscription: what it
// buys and when, the controls a paused one offers, and the cancel confirmation.
import type { Autoplay } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { ManageSubscriptionForm, SubscribeForm } from './subscription-forms.ts';
import { SubscriptionDetail } from './subscription-views.tsx';

const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;

const subscription = (overrides: Partial<Autoplay> = {}): Autoplay => ({
  autoplayId: 'rcp_abc123',
  combinedId: null,
  type: 'subscription',
  productType: 'raffle_ticket',
  lotteryKey: 'animal-rescue-cash-raffle',
  productOfferKey: 'animal-rescue-cash-raffle',
  lotteryId: 'animal-rescue-cash-raffle',
  gameOffer: null,
  gameOfferName: null,
  numGames: 0,
  numberOfGames: 0,
  numberOfTickets: 3,
  numberOfShares: null,
  causeKey: 'wildlife-rescue',
  description: 'Animal Rescue Cash Raffle, 3 tickets',
  games: [],
  quickpick: false,
  price: { amount: 25, currency: 'AUD' },
  minimumJackpotAmount: null,
  status: 'active',
  pausedUntil: null,
  period: 'monthly',
  nextDueAt: '2026-12-25T01:00:00.000Z',
  nextDraw: null,
  lastAttemptStatus: 'purchased',
  lastAttemptAt: '2026-11-25T01:00:00.000Z',
  lastFailureReason: null,
  lastCheckoutId: 'chk_1',
  defaultFund: { kind: 'wallet', id: null },
  recurringPurchase: { type: 'subscription', availability: 'optional', enabled: true },
  createdAt: '2026-11-25T01:00:00.000Z',
  ...overrides,
});
const causes = [
  { key: 'animal-rescue', name: 'Animal Rescue League' },
  { key: 'wildlife-rescue', name: 'Wildlife Rescue Volunteers' },
];

describe('subscription forms', () => {
  it('subscribe: a period of the five, 1 to 1,000 tickets, a cause key', () => {
    expect(SubscribeForm.safeParse({ period: 'weekly', numTickets: '3', causeKey: 'animal-rescue' })).toMatchObject({
      success: true,
      data: { period: 'weekly', numTickets: 3 },
    });
    expect(SubscribeForm.safeParse({ period: 'daily', numTickets: '3' }).success).toBe(false);
    expect(SubscribeForm.safeParse({ period: 'monthly', numTickets: '1001' }).success).toBe(false);
    expect(SubscribeForm.safeParse({ period: 'monthly', numTickets: '0' }).success).toBe(false);
    expect(SubscribeForm.safeParse({ period: 'monthly', numTickets: '2', causeKey: 'Bad Cause!' }).success).toBe(false);
  });

  it('manage: a timed pause needs a date; cancel carries its confirmation; change needs tickets', () => {
    expect(ManageSubscriptionForm.safeParse({ intent: 'timed_pause' }).success).toBe(false);
    expect(ManageSubscriptionForm.safeParse({ intent: 'timed_pause', pausedUntil: '2027-01-31' }).success).toBe(true);
    expect(ManageSubscriptionForm.safeParse({ intent: 'cancel' }).data).toEqual({ intent: 'cancel' });
    expect(ManageSubscriptionForm.safeParse({ intent: 'cancel', confirm: 'yes' }).data).toMatchObject({
      confirm: 'yes',
    });
    expect(ManageSubscriptionForm.safeParse({ intent: 'change' }).success).toBe(false);
    expect(ManageSubscriptionForm.safeParse({ intent: 'delete' }).success).toBe(false);
  });
});

describe('SubscriptionDetail', () => {
  it('an active one: how often, what each time costs, the cause by name, the next purchase; pause controls', () => {
    const text = textOf(
      renderHtml(<SubscriptionDetail subscription={subscription()} causes={causes} outcome={undefined} site={site} />),
    );
    expect(text).toContain('Every month');
    expect(text).toContain('3 tickets, $25.00');
    expect(text).toContain('Wildlife Rescue Volunteers');
    expect(text).toContain('25 Dec 2026');
    expect(text).toContain('Pause until this date');
    expect(text).not.toContain('Unpause');
    expect(text).toContain('Cancel subscription');
  });

  it('a timed pause says until when, offers unpause and no next purchase; cancel asks to confirm', () => {
    const html = renderHtml(
      <SubscriptionDetail
        subscription={subscription({ status: 'timed_paused', pausedUntil: '2027-01-10T00:00:00.000Z' })}
        causes={causes}
        outcome={{ ok: false, confirmCancel: true }}
        site={site}
      />,
    );
    const text = textOf(html);
    expect(text).toContain('Paused until 10 Jan 2027');
    expect(text).toContain('Not while paused');
    expect(text).toContain('Unpause');
    expect(text).not.toContain('Pause until this date');
    expect(text).toContain('Cancel this subscription?');
    expect(text).toContain('Yes, cancel it');
  });
});
