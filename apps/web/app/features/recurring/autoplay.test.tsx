// The autoplay screens without a server: the words for statuses and attempts, the spec's error texts (features §8),
// the route gate (core §2 "Autoplay: autoplay manage"), and the server render of the list and of one autoplay: its
// forms, the cancel confirmation step, field errors next to their field, nothing to change once cancelled.
import type { Autoplay } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { routeAllowed } from '../../lib/capabilities.ts';
import { routeIdFor } from '../../lib/route-table.ts';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { changeErrorTitle, lastAttemptText, noticeFor, statusLabel } from './autoplay-forms.ts';
import { AutoplayDetail, AutoplayList, RecurringPurchasesList } from './autoplay-views.tsx';

const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;

const autoplay = (overrides: Partial<Autoplay> = {}): Autoplay => ({
  autoplayId: 'rcp_abc123',
  combinedId: null,
  type: 'autoplay',
  productType: 'lottery_ticket',
  lotteryKey: 'oz-lotto',
  productOfferKey: 'oz-lotto',
  lotteryId: 'oz-lotto',
  gameOffer: 'standard',
  gameOfferName: 'standard',
  numGames: 1,
  numberOfGames: 1,
  numberOfTickets: null,
  numberOfShares: null,
  causeKey: null,
  description: 'Oz Lotto Standard, 1 game, autoplay',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] }, quickpick: false }],
  quickpick: false,
  price: { amount: 1.55, currency: 'AUD' },
  minimumJackpotAmount: null,
  status: 'active',
  pausedUntil: null,
  period: null,
  nextDueAt: null,
  nextDraw: {
    drawId: 'drw_1',
    drawNo: 1500,
    drawDate: '2026-12-01T09:30:00.000Z',
    stop: '2026-12-01T08:30:00.000Z',
    jackpot: { amount: 20_000_000, currency: 'AUD' },
  },
  lastAttemptStatus: 'purchased',
  lastAttemptAt: '2026-11-24T09:00:00.000Z',
  lastFailureReason: null,
  lastCheckoutId: 'chk_1',
  defaultFund: { kind: 'wallet', id: null },
  recurringPurchase: { type: 'autoplay', availability: 'optional', enabled: true },
  createdAt: '2026-11-24T09:00:00.000Z',
  ...overrides,
});

const detail = (a: Autoplay, extra: Partial<Parameters<typeof AutoplayDetail>[0]> = {}) =>
  textOf(
    renderHtml(
      <AutoplayDetail
        autoplay={a}
        site={site}
        numbers={null}
        confirmCancel={false}
        today="2026-11-25"
        refused={null}
        {...extra}
      />,
    ),
  );

describe('autoplay words', () => {
  it('says each status, the last attempt and why it failed', () => {
    expect(statusLabel('timed_paused')).toBe('Paused until a date');
    expect(lastAttemptText({ lastAttemptStatus: null, lastFailureReason: null })).toBe('No draw bought yet');
    expect(
      lastAttemptText({ lastAttemptStatus: 'hard_failure', lastFailureReason: 'Not enough funds in your wallet' }),
    ).toBe('Not bought: Not enough funds in your wallet. Add funds, then unpause to try again.');
    expect(lastAttemptText({ lastAttemptStatus: 'soft_failure', lastFailureReason: 'Spend limit reached' })).toMatch(
      /^Not bought: Spend limit reached\. It is tried again/,
    );
  });

  it('uses the spec texts for a refused change (features §8)', () => {
    expect(changeErrorTitle(422, 'cannot_unpause')).toBe('Cannot Unpause AutoPlay');
    expect(changeErrorTitle(409, 'autoplay_cancelled')).toBe('Cannot update AutoPlay status');
    expect(changeErrorTitle(500, undefined)).toBe('Cannot update AutoPlay status');
  });

  it('knows the notice of each change', () => {
    expect(noticeFor({ intent: 'minimum-jackpot', minimumJackpotAmount: '' })).toBe('minimum-removed');
    expect(noticeFor({ intent: 'minimum-jackpot', minimumJackpotAmount: '5000000' })).toBe('minimum');
  });
});

describe('autoplay routes', () => {
  it('are gated by autoplay manage', () => {
    for (const [path, id] of [
      ['/my-account/autoplay', 'my-account-autoplay'],
      ['/my-account/autoplay/2', 'my-account-autoplay'],
      ['/my-account/autoplay/ticket/rcp_abc', 'my-account-autoplay-ticket'],
      ['/my-account/recurring-purchases', 'my-account-recurring-purchases'],
    ] as const) {
      expect(routeIdFor(path)).toBe(id);
      expect(routeAllowed(id, ['view_orders'])).toBe(false);
      expect(routeAllowed(id, ['autoplay_manage'])).toBe(true);
    }
  });
});

describe('autoplay views', () => {
  it('lists each autoplay with status, next draw and last attempt; an empty list links to play', () => {
    const text = textOf(
      renderHtml(
        <AutoplayList items={[autoplay()]} page={1} hasNext={false} site={site} base="/my-account/autoplay" />,
      ),
    );
    expect(text).toContain('Oz Lotto Standard, 1 game, autoplay');
    expect(text).toMatch(/Status Active Next draw Draw 1500, Tuesday 1 December 2026 8:30 ?pm Last attempt Bought/);
    const empty = renderHtml(<AutoplayList items={[]} page={1} hasNext={false} site={site} base="/x" />);
    expect(empty).toContain('href="/lotto-tickets"');
  });

  it('the recurring purchases list links each to its own screen and says what a subscription costs per period', () => {
    const sub = (id: string, tickets: number) =>
      autoplay({
        autoplayId: id,
        combinedId: 'rcp_s1',
        type: 'subscription',
        productType: 'raffle_ticket',
        description: `Children's Hospital Prize Home, ${tickets} tickets`,
        price: { amount: 25 * tickets, currency: 'AUD' },
        period: 'monthly',
        nextDueAt: '2027-01-03T00:00:00.000Z',
        nextDraw: null,
        recurringPurchase: { type: 'subscription', availability: 'optional', enabled: true },
      });
    const html = renderHtml(
      <RecurringPurchasesList
        items={[
          { autoplayId: 'rcp_s1', type: 'subscription', status: 'active', items: [sub('rcp_s1', 1), sub('rcp_s2', 3)] },
          { autoplayId: 'rcp_abc123', type: 'autoplay', status: 'active', items: [autoplay()] },
        ]}
        page={1}
        hasNext={false}
        site={site}
      />,
    );
    expect(html).toContain('href="/my-account/subscriptions/ticket/rcp_s2"');
    expect(html).not.toContain('href="/my-account/autoplay/ticket/rcp_s2"');
    expect(html).toContain('href="/my-account/autoplay/ticket/rcp_abc123"');
    const text = textOf(html);
    expect(text).toContain('2 subscriptions bought together · Active');
    expect(text).toContain('Every month, $75.00 each time · next: 3 Jan 2027');
    expect(text).not.toContain('autoplays bought together');
    expect(text).toMatch(/Autoplay · Active .*\$1\.55 a draw · next: Draw 1500/);
  });

  it('an active autoplay offers pause (now or until a date), the minimum jackpot, quickpick and cancel', () => {
    const text = detail(autoplay({ minimumJackpotAmount: { amount: 10_000_000, currency: 'AUD' } }));
    expect(text).toContain('Next draw jackpot: $20,000,000');
    expect(text).toContain('Draws are bought only when the jackpot is at least $10,000,000');
    for (const control of ['Pause', 'Pause until this date', 'Save minimum jackpot', 'Remove minimum jackpot'])
      expect(text).toContain(control);
    expect(text).toContain('Quickpick new numbers each draw');
    expect(text).toContain('Cancel autoplay');
    expect(text).not.toContain('Yes, cancel autoplay');
    expect(text).not.toContain('Unpause');
  });

  it('asks before cancelling; a paused one offers unpause; errors sit next to their field', () => {
    expect(detail(autoplay(), { confirmCancel: true })).toMatch(
      /Cancel this autoplay\? It buys no more draws ?\. .*Yes, cancel autoplay Keep it/,
    );
    const paused = detail(autoplay({ status: 'timed_paused', pausedUntil: '2026-12-24T00:00:00.000Z' }));
    expect(paused).toContain('Paused until Thursday 24 December 2026');
    expect(paused).toContain('Unpause');
    const html = renderHtml(
      <AutoplayDetail
        autoplay={autoplay()}
        site={site}
        numbers={null}
        confirmCancel={false}
        today="2026-11-25"
        refused={{
          intent: 'minimum-jackpot',
          title: 'Please check the form',
          messages: [],
          fieldErrors: { minimumJackpotAmount: ['Enter an amount above 0, or leave it empty for no minimum.'] },
          values: { minimumJackpotAmount: '-4' },
        }}
      />,
    );
    expect(html).toMatch(/id="autoplay-minimumJackpotAmount"[^>]*aria-invalid="true"/);
    expect(html).toContain('id="autoplay-minimumJackpotAmount-error"');
    expect(html).toContain('value="-4"');
  });

  it('a cancelled autoplay has nothing left to change', () => {
    const text = detail(autoplay({ status: 'cancelled', nextDraw: null }));
    expect(text).not.toContain('Pause');
    expect(text).not.toContain('Cancel autoplay');
  });
});
