// Spend limits, pre-commitment, deposit limits and their enforcement against the real ledger (issue 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedCardsOf } from '../../../test/helpers/feed.ts';
import { buildRgTestApp, type RgTestApp } from '../../../test/helpers/responsible-gambling.ts';
import { calendarWindow } from './periods.ts';

let t: RgTestApp;
beforeAll(async () => {
  t = await buildRgTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const START = '2025-06-02T00:00:00.000Z'; // Monday 10:00 in Sydney

async function put(token: { customerId: string }, period: string, limit: unknown, method: 'PUT' | 'POST' = 'PUT') {
  return t.injectSigned({ method, url: `/api/v2/spend-limits/${period}`, headers: t.auth(token), payload: { limit } });
}
async function limits(token: { customerId: string }) {
  const r = await t.injectSigned({ method: 'GET', url: '/api/v2/spend-limits', headers: t.auth(token) });
  expect(r.statusCode).toBe(200);
  return r.json().result;
}
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return err as { statusCode: number; code: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('periods in the site time zone', () => {
  it('daily from local midnight, weekly from Monday, monthly from the 1st (Australia/Sydney)', () => {
    const now = new Date(START);
    expect(calendarWindow('daily', now, 'Australia/Sydney')).toEqual({
      start: new Date('2025-06-01T14:00:00Z'),
      end: new Date('2025-06-02T14:00:00Z'),
    });
    expect(calendarWindow('weekly', now, 'Australia/Sydney')).toEqual({
      start: new Date('2025-06-01T14:00:00Z'),
      end: new Date('2025-06-08T14:00:00Z'),
    });
    expect(calendarWindow('monthly', now, 'Australia/Sydney')).toEqual({
      start: new Date('2025-05-31T14:00:00Z'),
      end: new Date('2025-06-30T14:00:00Z'),
    });
    // Sunday evening in Sydney is still the week that started the Monday before; daylight saving shifts the offset.
    expect(calendarWindow('weekly', new Date('2025-10-12T12:00:00Z'), 'Australia/Sydney')).toEqual({
      start: new Date('2025-10-05T13:00:00Z'),
      end: new Date('2025-10-12T13:00:00Z'),
    });
    expect(calendarWindow('monthly', new Date('2025-12-31T20:00:00Z'), 'Australia/Sydney').start).toEqual(
      new Date('2025-12-31T13:00:00Z'),
    );
  });
});

describe('spend limits', () => {
  it('lists periods, the system limit and no customer limits at first', async () => {
    const c = await t.customer();
    const r = await limits(c);
    expect(r.available_periods).toEqual(['daily', 'weekly', 'monthly']);
    expect(r.customer_limits).toEqual([]);
    expect(r.system_limits).toEqual([
      {
        period: 'weekly',
        limit: { amount: 10000, currency: 'AUD' },
        amount_spent: { amount: 0, currency: 'AUD' },
        remaining: { amount: 10000, currency: 'AUD' },
      },
    ]);
    expect(r.cooling_off_days).toBe(7);
  });

  it('counts spending per calendar period from the ledger, and blocks an order over the remaining amount', async () => {
    t.clock.set('2025-05-31T05:00:00Z'); // Saturday 31 May in Sydney: last month
    const c = await t.customer();
    await t.fund(c.customerId, 100_000);
    await t.buy(c.customerId, 1_000);
    t.clock.set('2025-05-31T20:00:00Z'); // Sunday 1 June, 06:00 in Sydney: this month, last week
    await t.buy(c.customerId, 2_000);
    t.clock.set(START);
    await t.buy(c.customerId, 500);
    for (const [period, limit] of [
      ['daily', 50],
      ['weekly', 60],
      ['monthly', 100],
    ] as const) {
      const r = await put(c, period, limit);
      expect(r.statusCode).toBe(200);
      expect(r.json().result.applied).toBe('now');
      expect(r.json().messages[0].code).toBe('spend_limit_updated');
    }
    const view = await limits(c);
    const by = Object.fromEntries(view.customer_limits.map((l: { period: string }) => [l.period, l]));
    expect(by.daily.amount_spent.amount).toBe(5);
    expect(by.weekly.amount_spent.amount).toBe(5);
    expect(by.monthly.amount_spent.amount).toBe(25);
    expect(by.monthly.remaining.amount).toBe(75);
    expect(by.daily.id).toMatch(/^lim_/);
    expect(by.daily.period_start).toBe('2025-06-01T14:00:00.000Z');

    // Core §5: remaining = 50 − 5 = 45; an order of 60 is 15 over.
    const reasons = await t.rg.guard.blockedReasons(c.customerId, 6_000, 'AUD');
    expect(reasons.spend_limit).toBe(
      'This order is $15.00 over your daily spend limit of $50.00. You can spend $45.00 more until 3 June 2025 at 12:00 am.',
    );
    const err = await refusal(t.buy(c.customerId, 6_000));
    expect(err.statusCode).toBe(422);
    expect(err.code).toBe('spend_limit');
    await t.buy(c.customerId, 4_500);
    expect((await refusal(t.buy(c.customerId, 1))).code).toBe('spend_limit');

    // The next day in Sydney the daily limit starts again; the weekly one (60, 50 spent) still counts.
    t.clock.set('2025-06-02T14:00:00Z');
    expect((await refusal(t.buy(c.customerId, 1_500))).code).toBe('spend_limit');
    await t.buy(c.customerId, 1_000);
    t.clock.set(START);
  });

  it('refuses amounts with 3 decimals, negative, absurd or not numbers, with field errors, and changes nothing', async () => {
    const c = await t.customer();
    const cases: [unknown, string][] = [
      ['1.505', 'Amount must follow format e.g: 1.50'],
      ['abc', 'Amount must follow format e.g: 1.50'],
      // Text takes only the one documented format (ADR 025): no sign, spaces or exponent.
      ['-5', 'Amount must follow format e.g: 1.50'],
      [' 10 ', 'Amount must follow format e.g: 1.50'],
      ['1e1', 'Amount must follow format e.g: 1.50'],
      [-5, 'Please enter an amount equal to or greater than $1.00.'],
      ['0.5', 'Please enter an amount equal to or greater than $1.00.'],
      ['5000000', 'Please enter an amount equal to or less than $1,000,000.00.'],
      [1e30, 'Amount must follow format e.g: 1.50'],
    ];
    for (const [limit, text] of cases) {
      const r = await put(c, 'daily', limit);
      expect(r.statusCode, String(limit)).toBe(422);
      expect(r.json().errors.limit).toEqual([text]);
    }
    expect((await put(c, 'hourly', 10)).statusCode).toBe(422);
    expect((await put(c, 'daily', '')).statusCode).toBe(422);
    expect((await limits(c)).customer_limits).toEqual([]);
  });

  it("POST works like PUT, and one customer cannot see or remove another's limit (404)", async () => {
    const a = await t.customer();
    const b = await t.customer();
    const r = await put(a, 'weekly', '20.50', 'POST');
    expect(r.statusCode).toBe(200);
    const id = r.json().result.limit.id;
    expect((await limits(b)).customer_limits).toEqual([]);
    const del = await t.injectSigned({ method: 'DELETE', url: `/api/v2/spend-limits/${id}`, headers: t.auth(b) });
    expect(del.statusCode).toBe(404);
    expect((await limits(a)).customer_limits[0].limit.amount).toBe(20.5);
    const anon = await t.injectSigned({ method: 'GET', url: '/api/v2/spend-limits' });
    expect(anon.statusCode).toBe(401);
  });

  it('a raise waits out the cooling-off delay; a further raise replaces the pending value and restarts the delay only when higher', async () => {
    t.clock.set(START);
    const c = await t.customer();
    await t.fund(c.customerId, 100_000);
    await put(c, 'daily', 50);
    const raised = await put(c, 'daily', 100);
    expect(raised.json().result.applied).toBe('after_cooling_off');
    expect(raised.json().messages[0].text).toContain('will go up to $100.00 on 9 June 2025');
    let [l] = (await limits(c)).customer_limits;
    expect(l.limit.amount).toBe(50);
    expect(l.pending_limit.amount).toBe(100);
    expect(l.pending_from).toBe(new Date(Date.parse(START) + 7 * DAY).toISOString());
    // No immediate effect: the old limit still blocks.
    expect((await refusal(t.buy(c.customerId, 6_000))).code).toBe('spend_limit');

    t.clock.advance(2 * DAY);
    await put(c, 'daily', 80); // smaller raise: same date
    [l] = (await limits(c)).customer_limits;
    expect(l.pending_limit.amount).toBe(80);
    expect(l.pending_from).toBe(new Date(Date.parse(START) + 7 * DAY).toISOString());
    await put(c, 'daily', 200); // bigger raise: the delay starts again
    [l] = (await limits(c)).customer_limits;
    expect(l.pending_limit.amount).toBe(200);
    expect(l.pending_from).toBe(new Date(Date.parse(START) + 9 * DAY).toISOString());

    t.clock.advance(7 * DAY - 1);
    expect((await limits(c)).customer_limits[0].limit.amount).toBe(50);
    t.clock.advance(1);
    [l] = (await limits(c)).customer_limits;
    expect(l.limit.amount).toBe(200);
    expect(l.pending_limit).toBeNull();
    await t.buy(c.customerId, 15_000);

    // Lowering applies at once and drops any pending raise.
    await put(c, 'daily', 300);
    const lowered = await put(c, 'daily', 30);
    expect(lowered.json().result.applied).toBe('now');
    [l] = (await limits(c)).customer_limits;
    expect(l.limit.amount).toBe(30);
    expect(l.pending_limit).toBeNull();
    t.clock.set(START);
  });

  it('removing a limit is a raise: pending for the cooling-off delay, a second removal answers 422 with a message', async () => {
    t.clock.set(START);
    const c = await t.customer();
    const id = (await put(c, 'monthly', 40)).json().result.limit.id;
    const del = await t.injectSigned({ method: 'DELETE', url: `/api/v2/spend-limits/${id}`, headers: t.auth(c) });
    expect(del.statusCode).toBe(200);
    expect(del.json().result.applied).toBe('removed');
    let [l] = (await limits(c)).customer_limits;
    expect(l.pending_removal).toBe(true);
    expect(l.limit.amount).toBe(40);
    const again = await t.injectSigned({ method: 'DELETE', url: `/api/v2/spend-limits/${id}`, headers: t.auth(c) });
    expect(again.statusCode).toBe(422);
    expect(again.json().messages[0].text).toMatch(
      /^This spend limit is already being removed: it stops applying on 9 June 2025/,
    );
    t.clock.advance(7 * DAY);
    expect((await limits(c)).customer_limits).toEqual([]);
    const gone = await t.injectSigned({ method: 'DELETE', url: `/api/v2/spend-limits/${id}`, headers: t.auth(c) });
    expect(gone.statusCode).toBe(404);
    // Setting a limit while a removal is pending cancels the removal at once when not higher.
    const id2 = (await put(c, 'weekly', 40)).json().result.limit.id;
    await t.injectSigned({ method: 'DELETE', url: `/api/v2/spend-limits/${id2}`, headers: t.auth(c) });
    await put(c, 'weekly', 35);
    [l] = (await limits(c)).customer_limits;
    expect(l).toMatchObject({ pending_removal: false, limit: { amount: 35 } });
    t.clock.set(START);
  });

  it('a raise or removal that takes effect after cooling-off posts one feed card, by the sweep or the next change', async () => {
    t.clock.set(START);
    const c = await t.customer();
    await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/daily',
      headers: t.auth(c),
      payload: { limit: 50 },
    });
    const weekly = (await put(c, 'weekly', 40)).json().result.limit.id;
    // Set by the customer: a card that waits in the feed (they were told on the spot).
    expect(await feedCardsOf(t.database, c.customerId, 'limit_applied')).toMatchObject([
      { title: 'Limit updated', message: 'Your daily deposit limit is now $50.00.', toasted: true },
      { message: 'Your weekly spend limit is now $40.00.', toasted: true },
    ]);
    await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/daily',
      headers: t.auth(c),
      payload: { limit: 90 },
    });
    await t.injectSigned({ method: 'DELETE', url: `/api/v2/spend-limits/${weekly}`, headers: t.auth(c) });
    // Pending: nothing more yet, and a sweep before the date applies nothing.
    t.clock.advance(7 * DAY - 1);
    await t.rg.limits.applyDueChanges();
    expect(await feedCardsOf(t.database, c.customerId, 'limit_applied')).toHaveLength(2);

    t.clock.advance(1);
    expect(await t.rg.limits.applyDueChanges()).toBeGreaterThanOrEqual(1);
    const due = (await feedCardsOf(t.database, c.customerId, 'limit_applied')).slice(2);
    expect(due).toEqual([
      {
        title: 'Limit updated',
        message: 'Your daily deposit limit is now $90.00, after the 7-day cooling-off period.',
        links: ['/my-account/spend-limits'],
        toasted: false,
        dedupeKey: expect.stringMatching(/^limit_due:lim_/),
      },
      {
        title: 'Limit updated',
        message: 'Your weekly spend limit has been removed after the 7-day cooling-off period.',
        links: ['/my-account/spend-limits'],
        toasted: false,
        dedupeKey: expect.stringMatching(/^limit_due:lim_/),
      },
    ]);
    // The rows say what applies; running the sweep again, or the next change, posts nothing twice.
    expect((await limits(c)).customer_limits).toEqual([]);
    await t.rg.limits.applyDueChanges();
    await put(c, 'monthly', 500);
    expect(await feedCardsOf(t.database, c.customerId, 'limit_applied')).toHaveLength(5);

    // Without the sweep, the customer's next change applies a due raise first, with its card.
    await put(c, 'monthly', 600);
    t.clock.advance(7 * DAY);
    await put(c, 'daily', 20);
    const last = (await feedCardsOf(t.database, c.customerId, 'limit_applied')).slice(5).map((x) => x.message);
    expect(last).toEqual([
      'Your monthly spend limit is now $600.00, after the 7-day cooling-off period.',
      'Your daily spend limit is now $20.00.',
    ]);
    t.clock.set(START);
  });

  it('the customer overview carries the limits that apply', async () => {
    const c = await t.customer();
    await put(c, 'weekly', 70);
    const o = await t.identity.profile.overview(c.customerId);
    expect(o.spendLimits).toEqual([{ period: 'weekly', amount: { amount: 70, currency: 'AUD' } }]);
    expect(o.spendLimitRequired).toBe(false);
    expect(o.preCommitment).toEqual({ enabled: false, amount: null });
  });
});

describe('global and unverified caps', () => {
  it('the shop-wide weekly limit blocks with global_spend_limit', async () => {
    t.clock.set(START);
    const c = await t.customer();
    await t.identity.directory.setVerified(c.customerId, true);
    await t.fund(c.customerId, 2_000_000);
    await t.buy(c.customerId, 990_000);
    const reasons = await t.rg.guard.blockedReasons(c.customerId, 20_000, 'AUD');
    expect(Object.keys(reasons)).toEqual(['global_spend_limit']);
    expect(reasons.global_spend_limit).toContain('$10,000.00');
    expect((await refusal(t.buy(c.customerId, 20_000))).code).toBe('global_spend_limit');
    await t.buy(c.customerId, 10_000);
  });

  it('an unverified customer may spend up to A$500 in total, then verify_account_required', async () => {
    const c = await t.customer();
    await t.fund(c.customerId, 100_000);
    await t.buy(c.customerId, 40_000);
    t.clock.advance(40 * DAY);
    const reasons = await t.rg.guard.blockedReasons(c.customerId, 15_000, 'AUD');
    expect(reasons.verify_account_required).toBe(
      'Please verify your identity to continue. Until your account is verified you can spend up to $500.00 in total; you have $100.00 left.',
    );
    expect((await refusal(t.buy(c.customerId, 15_000))).code).toBe('verify_account_required');
    await t.buy(c.customerId, 10_000);
    await t.identity.directory.setVerified(c.customerId, true);
    await t.buy(c.customerId, 15_000);
    t.clock.set(START);
  });

  it('the cart sees deposit_limit when the order needs a deposit the deposit limit does not allow', async () => {
    const c = await t.customer();
    await t.fund(c.customerId, 1_000);
    const d = await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/weekly',
      headers: t.auth(c),
      payload: { limit: 20 },
    });
    expect(d.statusCode).toBe(200);
    expect(d.json().messages[0].code).toBe('deposit_limit_updated');
    const reasons = await t.rg.guard.blockedReasons(c.customerId, 4_000, 'AUD');
    // The test funds were a deposit too: 10 of the 20 is used.
    expect(reasons.deposit_limit).toContain('lets you deposit $10.00 more');
    expect(reasons.deposit_limit).toContain('less than the $30.00 this order needs');
    expect((await t.rg.guard.blockedReasons(c.customerId, 2_000, 'AUD')).deposit_limit).toBeUndefined();
  });
});

describe('concurrent purchases', () => {
  it('20 purchases racing against a daily limit never exceed it together', async () => {
    t.clock.set(START);
    const c = await t.customer();
    await t.identity.directory.setVerified(c.customerId, true);
    await t.fund(c.customerId, 100_000);
    await put(c, 'daily', 100);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => t.buy(c.customerId, 1_000)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code);
    expect(ok).toBe(10);
    expect(refused).toEqual(Array(10).fill('spend_limit'));
    const [l] = (await limits(c)).customer_limits;
    expect(l.amount_spent.amount).toBe(100);
    expect((await t.ledger.fundsSummary(c.customerId)).availableFundsCents).toBe(90_000);
  });
});

describe('pre-commitment', () => {
  it('is set by form (monthly by default), enforced like a spend limit, and removed only after cooling-off', async () => {
    t.clock.set(START);
    const c = await t.customer();
    await t.fund(c.customerId, 50_000);
    const set = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/precommitment',
      headers: { ...t.auth(c), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'limit=120',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().result.limit.period).toBe('monthly');
    expect((await t.identity.profile.overview(c.customerId)).preCommitment).toEqual({
      enabled: true,
      amount: { amount: 120, currency: 'AUD' },
    });
    await t.buy(c.customerId, 10_000);
    const err = await refusal(t.buy(c.customerId, 3_000));
    expect(err.code).toBe('precommitment_limit');
    expect(err.message).toContain('over your monthly pre-commitment limit of $120.00');
    // Another period needs the current one removed first.
    const other = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/precommitment',
      headers: t.auth(c),
      payload: { limit: 10, period: 'daily' },
    });
    expect(other.statusCode).toBe(422);
    const del = await t.injectSigned({ method: 'DELETE', url: '/api/v2/precommitment', headers: t.auth(c) });
    expect(del.statusCode).toBe(200);
    expect((await refusal(t.buy(c.customerId, 3_000))).code).toBe('precommitment_limit');
    t.clock.advance(7 * DAY);
    const get = await t.injectSigned({ method: 'GET', url: '/api/v2/precommitment', headers: t.auth(c) });
    expect(get.json().result).toMatchObject({ enabled: false, limit: null });
    await t.buy(c.customerId, 3_000);
    t.clock.set(START);
  });
});

describe('deposit limits', () => {
  it('weekly is the maximum deposit in any 7-day period (rolling), enforced at deposit with the amount left and until when', async () => {
    t.clock.set(START);
    const c = await t.customer();
    const list = await t.injectSigned({ method: 'GET', url: '/api/v2/deposit-limits', headers: t.auth(c) });
    expect(list.json().result.help.weekly).toBe('The maximum deposit in any 7-day period.');
    await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/weekly',
      headers: t.auth(c),
      payload: { limit: 100 },
    });
    await t.payments.deposits.deposit(c.customerId, 'td', { amount: 60 });
    t.clock.advance(3 * DAY);
    await t.payments.deposits.deposit(c.customerId, 'td', { amount: 30 });
    const err = await refusal(t.payments.deposits.deposit(c.customerId, 'td', { amount: 20 }));
    expect(err.statusCode).toBe(422);
    expect(err.code).toBe('deposit_limit');
    expect(err.message).toBe(
      'This deposit would take you over your weekly deposit limit of $100.00. You can deposit up to $10.00 until 9 June 2025 at 10:00 am.',
    );
    await t.payments.deposits.deposit(c.customerId, 'td', { amount: 10 });
    // Four days later the first deposit (60) has left the 7-day window: 40 is free again, not a new calendar week.
    t.clock.advance(4 * DAY);
    expect((await refusal(t.payments.deposits.deposit(c.customerId, 'td', { amount: 61 }))).code).toBe('deposit_limit');
    await t.payments.deposits.deposit(c.customerId, 'td', { amount: 60 });
    const view = await t.injectSigned({ method: 'GET', url: '/api/v2/deposit-limits', headers: t.auth(c) });
    expect(view.json().result.customer_limits[0]).toMatchObject({
      period: 'weekly',
      amount_spent: { amount: 100 },
      remaining: { amount: 0 },
      help: 'The maximum deposit in any 7-day period.',
    });
    t.clock.set(START);
  });

  it('daily and monthly deposit limits; raising one waits for cooling-off', async () => {
    t.clock.set(START);
    const c = await t.customer();
    await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/daily',
      headers: t.auth(c),
      payload: { limit: 50 },
    });
    await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/monthly',
      headers: t.auth(c),
      payload: { limit: 120 },
    });
    await t.payments.deposits.deposit(c.customerId, 'td', { amount: 50 });
    expect((await refusal(t.payments.deposits.deposit(c.customerId, 'td', { amount: 5 }))).message).toContain(
      'daily deposit limit of $50.00',
    );
    t.clock.advance(DAY);
    await t.payments.deposits.deposit(c.customerId, 'td', { amount: 50 });
    t.clock.advance(DAY);
    expect((await refusal(t.payments.deposits.deposit(c.customerId, 'td', { amount: 30 }))).message).toContain(
      'monthly deposit limit of $120.00',
    );
    const raise = await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/monthly',
      headers: t.auth(c),
      payload: { limit: 1000 },
    });
    expect(raise.json().result.applied).toBe('after_cooling_off');
    expect((await refusal(t.payments.deposits.deposit(c.customerId, 'td', { amount: 30 }))).code).toBe('deposit_limit');
    await t.payments.deposits.deposit(c.customerId, 'td', { amount: 20 });
    t.clock.set(START);
  });

  it('concurrent deposits cannot pass the limit together', async () => {
    t.clock.set(START);
    const c = await t.customer();
    await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/deposit-limits/weekly',
      headers: t.auth(c),
      payload: { limit: 100 },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => t.payments.deposits.deposit(c.customerId, 'td', { amount: 25 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect((await t.ledger.fundsSummary(c.customerId)).balanceCents).toBe(10_000);
  });
});
