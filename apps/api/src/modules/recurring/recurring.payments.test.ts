// Paying unattended, end to end on a real database (ADR 063): the recurring purchase method (wallet, wallet then the
// default card, or a saved card; anything else 422) is the fund of new autoplays; when the wallet is short an autoplay
// paid by a card takes a merchant-initiated deposit keyed rcp:{id}:draw:{drawId}:deposit and buys with it (once: a
// rerun charges nothing more); a declined, expired or 3-D Secure card is a hard failure with its reason and an email;
// payment resolutions list the failed ones by fund; change-fund and retry (404 for another customer's autoplay, 422 on
// bad input, nothing changes on error) buy the draw from the new card on the next deposit key. Cards that pay for an
// autoplay and expire within 3 months are emailed once.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { feedCardsOf } from '../../../test/helpers/feed.ts';
import {
  autoplayShop,
  catalogueAt,
  expectRefused,
  fundWallet,
  onFreshShop,
  recurringStateOf,
} from '../../../test/helpers/recurring.ts';
import type { Database } from '../../db/index.ts';
import { idempotencyKeyOf } from './index.ts';

const V = { version: '3.3' } as const;
const CARDS = { ok: '4242424242424242', declined: '4000000000000002', challenge: '4000000000003220' };

let database: Database;
let t: TestApp;

beforeAll(async () => {
  ({ database, t } = await autoplayShop());
});
afterAll(async () => {
  await t.close();
  await database.close();
});

/** Tests that move the clock run on their own shop. */
const isolated = (fn: () => Promise<void>) => onFreshShop({ database, t }, (s) => ({ database, t } = s), fn);

interface Shopper {
  id: string;
  readonly headers: Record<string, string>;
}

async function shopper(walletCents: number): Promise<Shopper> {
  const { customerId } = await signUpAndLogin(t);
  if (walletCents > 0) await fundWallet(t.services, customerId, walletCents);
  return {
    id: customerId,
    get headers() {
      return { authorization: `Bearer ${t.tokenFor(customerId)}` };
    },
  };
}

const call = (s: Shopper, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: s.headers,
    sign: V,
    ...(method === 'GET' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
  });

async function addCard(s: Shopper, number: string, expiry = { month: 12, year: 2030 }): Promise<string> {
  const res = await call(s, 'POST', '/funds/cc/test', {
    card_number: number,
    expiry_month: expiry.month,
    expiry_year: expiry.year,
    holder_name: 'Ada Lovelace',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.id;
}

/** A saved card's expiry as time would leave it (the add-card flow refuses an expired card). */
async function expireCard(fundId: string, month: number, year: number): Promise<void> {
  await t.database.db.execute(
    sql`update payments_funds set expiry_month = ${month}, expiry_year = ${year} where public_id = ${fundId}`,
  );
}

const setMethod = (s: Shopper, key: string) =>
  call(s, 'POST', `/customer/recurring-purchase-method?recurring_purchase_method=${encodeURIComponent(key)}`);

const ozAutoplay = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
  num_draws: 'autoplay',
};

/** Buys one Oz Lotto autoplay ticket from the wallet; answers the autoplay's id and what it cost. */
async function buyAutoplay(s: Shopper): Promise<{ autoplayId: string; priceCents: number }> {
  const added = await call(s, 'POST', '/cart/items', { item: ozAutoplay });
  expect(added.statusCode, added.body).toBe(200);
  const before = await available(s.id);
  const bought = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...s.headers, 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
    payload: {},
    sign: V,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const list = await call(s, 'GET', '/autoplay');
  return { autoplayId: list.json().result[0].autoplay_id, priceCents: before - (await available(s.id)) };
}

const available = async (id: string) => (await t.services.ledger.fundsSummary(id)).availableFundsCents;

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.database.db.execute(q)).rows as T[];
}

const deposits = (customerId: string) =>
  rows<{ status: string; amount_cents: number; idempotency_key: string; fund_id: string }>(
    sql`select status, amount_cents::int, idempotency_key, fund_id from payments_deposits where customer_id = ${customerId} order by id`,
  );
const tickets = async (customerId: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from orders_tickets where customer_id = ${customerId}`))[0]!
    .n;
/** The emails of a kind to an address, oldest first, with the text part the dispatcher sends. */
const emails = async (to: string, kind: string) =>
  (await t.services.outbox.outboxFor(to, [kind])).reverse().map((m) => ({ subject: m.subject, body: m.textBody }));
const emailOf = async (customerId: string) =>
  (await t.services.identity.directory.contactsOf([customerId])).get(customerId)!.email;

/** Moves the clock just past the sales stop of the first open Oz Lotto draw; answers the draw now on sale. */
async function nextDraw(): Promise<{ drawId: string; drawNo: number; stopAt: Date }> {
  const now = t.clock.now().getTime();
  const [first, second] = (await t.services.draws.upcomingDraws('oz-lotto', 20)).filter(
    (d) => d.stopAt.getTime() > now,
  );
  t.clock.set(new Date(first!.stopAt.getTime() + 1000).toISOString());
  await catalogueAt(t.services);
  return { drawId: second!.id, drawNo: second!.drawNo, stopAt: second!.stopAt };
}

const run = (s: Shopper) => t.services.recurringProcessor.run({ customerId: s.id });

describe('recurring purchase method', () => {
  it("lists the wallet and the saved cards; keeps a card of the customer's; 422 for anything else", async () => {
    const s = await shopper(0);
    const other = await shopper(0);
    const card = await addCard(s, CARDS.ok);
    const expired = await addCard(s, CARDS.ok);
    await expireCard(expired, 1, 2025);
    const theirs = await addCard(other, CARDS.ok);
    const got = await call(s, 'GET', '/customer/recurring-purchase-method');
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().result.available_recurring_purchase_methods).toEqual([
      { recurring_purchase_method_key: 'wallet', label: 'Wallet', disabled: false },
      { recurring_purchase_method_key: 'wallet_then_card', label: 'Wallet, then my default card', disabled: false },
      { recurring_purchase_method_key: card, label: 'Visa ending 4242', disabled: false },
      { recurring_purchase_method_key: expired, label: 'Visa ending 4242', disabled: true },
    ]);
    const chosen = await setMethod(s, card);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().result.selected_recurring_purchase_method_key).toBe(card);
    for (const bad of ['bitcoin', theirs, expired, 'fnd_missing', '']) {
      const res = await setMethod(s, bad);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await call(s, 'GET', '/customer/recurring-purchase-method')).json().result).toMatchObject({
      selected_recurring_purchase_method_key: card,
    });
    // A new autoplay takes it as its fund.
    await fundWallet(t.services, s.id, 1000);
    const { autoplayId } = await buyAutoplay(s);
    const view = (await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result;
    expect(view.default_fund).toEqual({ kind: 'cc', id: card });
  });
});

describe('card-funded attempts', () => {
  it("three of one customer's on a card, several workers: one charge pays for all three draws", () =>
    isolated(async () => {
      // The processor decides several recurring purchases at once (ADR 069); one customer's are serialised, so the
      // first attempt's $10 deposit is in the wallet before the second reads it (no charge per autoplay).
      const s = await shopper(0);
      const card = await addCard(s, CARDS.ok);
      expect((await setMethod(s, card)).statusCode).toBe(200);
      await fundWallet(t.services, s.id, 3 * 155);
      for (let i = 0; i < 3; i++) await buyAutoplay(s);
      expect(await available(s.id)).toBe(0);
      await nextDraw();
      const [a, b] = await Promise.all([t.services.recurringProcessor.run(), t.services.recurringProcessor.run()]);
      expect(a.purchased + b.purchased).toBe(3);
      const charged = await deposits(s.id);
      expect(charged.map((d) => [d.status, d.amount_cents])).toEqual([['approved', 1000]]);
      expect(await tickets(s.id)).toBe(6);
      expect(await available(s.id)).toBe(1000 - 3 * 155);
    }));

  it('a short wallet: the card is charged once with the deterministic key, then the draw is bought', async () => {
    const s = await shopper(0);
    const card = await addCard(s, CARDS.ok);
    expect((await setMethod(s, card)).statusCode).toBe(200);
    await fundWallet(t.services, s.id, 155);
    const { autoplayId, priceCents } = await buyAutoplay(s);
    expect(await available(s.id)).toBe(155 - priceCents);
    const draw = await nextDraw();
    const report = await run(s);
    expect(report).toMatchObject({ purchased: 1, hardFailures: 0, softFailures: 0 });
    const key = idempotencyKeyOf(autoplayId, draw);
    expect(await deposits(s.id)).toEqual([
      { status: 'approved', amount_cents: 1000, idempotency_key: `${key}:deposit`, fund_id: card },
    ]);
    expect(await tickets(s.id)).toBe(2);
    expect(await available(s.id)).toBe(155 - priceCents + 1000 - priceCents);
    const [checkout] = await rows<{ deposit_id: string | null }>(
      sql`select deposit_id from orders_checkouts where customer_id = ${s.id} and idempotency_key = ${key}`,
    );
    expect(checkout!.deposit_id).toMatch(/^dep_/);
    // A rerun buys and charges nothing more.
    expect((await run(s)).purchased).toBe(0);
    expect(await deposits(s.id)).toHaveLength(1);
    // The next draw is paid from the wallet, which now holds enough: no deposit.
    await nextDraw();
    expect((await run(s)).purchased).toBe(1);
    expect(await deposits(s.id)).toHaveLength(1);
  });

  it('a declined card: hard failure with its reason, an email, a resolution; change-fund and retry buy it', async () => {
    const s = await shopper(0);
    const other = await shopper(0);
    const declined = await addCard(s, CARDS.declined);
    expect((await setMethod(s, declined)).statusCode).toBe(200);
    await fundWallet(t.services, s.id, 155);
    const { autoplayId, priceCents } = await buyAutoplay(s);
    const draw = await nextDraw();
    expect(await run(s)).toMatchObject({ purchased: 0, hardFailures: 1 });
    const view = (await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result;
    expect(view).toMatchObject({
      last_attempt_status: 'hard_failure',
      last_failure_reason: 'Your card was declined. No money has been taken; please try another card.',
    });
    expect(await available(s.id)).toBe(155 - priceCents);
    const mail = await emails(await emailOf(s.id), 'recurring_failed_hard');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Your card was declined');
    // It waits for the customer: another run tries nothing.
    expect(await run(s)).toMatchObject({ purchased: 0, hardFailures: 0 });
    expect(await deposits(s.id)).toHaveLength(1);

    const res = await call(s, 'GET', '/payment_resolutions');
    expect(res.statusCode, res.body).toBe(200);
    const [resolution, ...more] = res.json().result;
    expect(more).toEqual([]);
    expect(resolution).toMatchObject({
      fund_source: 'Visa ending 0002',
      fund_kind: 'cc',
      reason: 'Your card was declined. No money has been taken; please try another card.',
      actions: ['change-fund', 'add-card', 'payment-method-updated'],
    });
    expect(resolution.recurring_purchases.autoplays.map((a: { autoplay_id: string }) => a.autoplay_id)).toEqual([
      autoplayId,
    ]);
    expect((await call(other, 'GET', '/payment_resolutions')).json().result).toEqual([]);

    // Bad input and another customer's things change nothing.
    const working = await addCard(s, CARDS.ok);
    const theirs = await addCard(other, CARDS.ok);
    for (const [body, status] of [
      [{ fund_id: 'fnd_missing' }, 422],
      [{ fund_id: theirs }, 422],
      [{ fund_id: 'bitcoin' }, 422],
      [{}, 422],
      [{ fund_id: working, extra: 1 }, 422],
      [{ fund_id: working, autoplay_id: 'rcp_0000000000' }, 404],
    ] as const) {
      const bad = await call(s, 'POST', '/payment_resolutions/change-fund', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(status);
    }
    const notOurs = await call(other, 'POST', '/payment_resolutions/change-fund', {
      fund_id: theirs,
      autoplay_id: autoplayId,
    });
    expect(notOurs.statusCode).toBe(404);
    expect((await call(other, 'POST', '/payment_resolutions/retry', { autoplay_id: autoplayId })).statusCode).toBe(404);
    expect((await call(s, 'POST', '/payment_resolutions/retry', { autoplay_id: 'nope' })).statusCode).toBe(422);
    expect((await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result.default_fund).toEqual({
      kind: 'cc',
      id: declined,
    });

    const changed = await call(s, 'POST', '/payment_resolutions/change-fund', { fund_id: working });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result[0].fund_source).toBe('Visa ending 4242');
    const retried = await call(s, 'POST', '/payment_resolutions/retry', {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().result).toMatchObject({ state: 'completed', resolutions: [], report: { purchased: 1 } });
    const key = idempotencyKeyOf(autoplayId, draw);
    expect(await deposits(s.id)).toEqual([
      { status: 'failed', amount_cents: 1000, idempotency_key: `${key}:deposit`, fund_id: declined },
      { status: 'approved', amount_cents: 1000, idempotency_key: `${key}:deposit:2`, fund_id: working },
    ]);
    expect(await tickets(s.id)).toBe(2);
    expect(await available(s.id)).toBe(155 - priceCents + 1000 - priceCents);
    expect((await call(s, 'GET', '/payment_resolutions')).json().result).toEqual([]);
    // Nothing failed any more: retrying one is a conflict.
    expect((await call(s, 'POST', '/payment_resolutions/retry', { autoplay_id: autoplayId })).statusCode).toBe(409);
  });

  it('an expired card and a card asking for 3-D Secure are hard failures; nothing is charged', () =>
    isolated(async () => {
      const s = await shopper(0);
      const expiring = await addCard(s, CARDS.ok);
      expect((await setMethod(s, expiring)).statusCode).toBe(200);
      await fundWallet(t.services, s.id, 155);
      const { autoplayId, priceCents } = await buyAutoplay(s);
      // Its expiry month ends before the next draw is due.
      const now = t.clock.now();
      await expireCard(
        expiring,
        now.getUTCMonth() === 0 ? 12 : now.getUTCMonth(),
        now.getUTCFullYear() - (now.getUTCMonth() === 0 ? 1 : 0),
      );
      await nextDraw();
      expect(await run(s)).toMatchObject({ hardFailures: 1 });
      expect((await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result.last_failure_reason).toBe(
        'The card paying for this recurring purchase has expired. Add a new card or choose another way to pay.',
      );
      expect(await deposits(s.id)).toEqual([]);

      const challenge = await addCard(s, CARDS.challenge);
      expect((await call(s, 'POST', '/payment_resolutions/change-fund', { fund_id: expiring })).statusCode).toBe(422);
      expect((await call(s, 'POST', '/payment_resolutions/change-fund', { fund_id: challenge })).statusCode).toBe(200);
      const retried = (await call(s, 'POST', '/payment_resolutions/retry', {})).json().result;
      expect(retried.state).toBe('retry_error');
      expect(retried.resolutions[0].reason).toContain('Your bank asked to confirm the payment');
      expect((await deposits(s.id)).map((d) => d.status)).toEqual(['cancelled']);
      expect(await available(s.id)).toBe(155 - priceCents);
      expect(await tickets(s.id)).toBe(1);
    }));
});

describe('hostile input to payment resolutions', () => {
  it("wrong types, extra fields, cancelled and others' ids, bodies that are not objects, signed out: refused, nothing changes", () =>
    isolated(async () => {
      const s = await shopper(0);
      await fundWallet(t.services, s.id, 2 * 155);
      const { autoplayId: failed } = await buyAutoplay(s);
      const { autoplayId: cancelled } = await buyAutoplay(s);
      expect((await call(s, 'POST', `/autoplay/${cancelled}/pause`)).statusCode).toBe(200);
      const gone = await t.injectSigned({
        method: 'PATCH',
        url: `/api/v2/autoplay/${cancelled}/status`,
        headers: s.headers,
        payload: { status: 'cancelled' },
        sign: V,
      });
      expect(gone.statusCode, gone.body).toBe(200);
      await nextDraw();
      expect(await run(s)).toMatchObject({ hardFailures: 1 });
      const before = await recurringStateOf(t.database, s.id);
      const raw = (url: string, payload: string) =>
        t.injectSigned({
          method: 'POST',
          url: `/api/v2${url}`,
          headers: { ...s.headers, 'content-type': 'application/json' },
          payload,
          sign: V,
        });
      const cases: [string, unknown, number, string?][] = [
        ['/payment_resolutions/change-fund', { fund_id: 5 }, 422, 'fund_id'],
        ['/payment_resolutions/change-fund', { fund_id: '' }, 422, 'fund_id'],
        ['/payment_resolutions/change-fund', { fund_id: `fnd_${'9'.repeat(70)}` }, 422, 'fund_id'],
        ['/payment_resolutions/change-fund', { fund_id: 'wallet', autoplay_id: 5 }, 422, 'autoplay_id'],
        ['/payment_resolutions/change-fund', { fund_id: 'wallet', autoplay_id: 'rcp_%00' }, 422, 'autoplay_id'],
        ['/payment_resolutions/change-fund', { fund_id: 'wallet', autoplay_id: cancelled }, 404],
        ['/payment_resolutions/retry', { autoplay_id: 5 }, 422, 'autoplay_id'],
        ['/payment_resolutions/retry', { autoplay_id: cancelled }, 404],
        ['/payment_resolutions/retry', { autoplay_id: failed, everything: true }, 422, 'everything'],
      ];
      for (const [url, body, status, field] of cases) expectRefused(await call(s, 'POST', url, body), status, field);
      for (const url of ['/payment_resolutions/change-fund', '/payment_resolutions/retry'])
        for (const payload of ['[]', '"wallet"', 'null', '{"fund_id": "wallet"'])
          expectRefused(await raw(url, payload), payload.startsWith('{') ? 400 : 422);
      for (const [method, url, payload] of [
        ['GET', '/payment_resolutions'],
        ['POST', '/payment_resolutions/change-fund', { fund_id: 'wallet' }],
        ['POST', '/payment_resolutions/retry', {}],
      ] as const)
        expectRefused(
          await t.injectSigned({ method, url: `/api/v2${url}`, sign: V, ...(payload ? { payload } : {}) }),
          401,
        );
      expect(await recurringStateOf(t.database, s.id)).toEqual(before);
      expect(await deposits(s.id)).toEqual([]);
      expect((await call(s, 'GET', '/payment_resolutions')).json().result).toHaveLength(1);
    }));
});

describe('retry and pauses', () => {
  const autoplayOf = async (s: Shopper, id: string) => (await call(s, 'GET', `/autoplay/${id}`)).json().result;
  const retry = (s: Shopper, body: Record<string, unknown> = {}) => call(s, 'POST', '/payment_resolutions/retry', body);
  const checkoutKeys = async (customerId: string) =>
    (
      await rows<{ key: string }>(
        sql`select idempotency_key as key from orders_checkouts where customer_id = ${customerId} order by id`,
      )
    ).map((r) => r.key);

  it("the customer's timed pause holds: nothing is bought until its date, then the failed draw is bought once", () =>
    isolated(async () => {
      const s = await shopper(0);
      await fundWallet(t.services, s.id, 155);
      const { autoplayId } = await buyAutoplay(s);
      const draw = await nextDraw();
      expect(await run(s)).toMatchObject({ hardFailures: 1 });
      // The customer pauses it until a time before the failed draw's sales stop, then tops up and retries.
      const until = new Date(t.clock.now().getTime() + 3_600_000);
      expect(until.getTime()).toBeLessThan(draw.stopAt.getTime());
      const paused = await call(s, 'POST', `/autoplay/${autoplayId}/pause`, { paused_until: until.toISOString() });
      expect(paused.statusCode, paused.body).toBe(200);
      await fundWallet(t.services, s.id, 1000);
      const res = await retry(s);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().result;
      expect(answer).toMatchObject({ state: 'completed', resolutions: [], report: { purchased: 0 } });
      expect(answer.waiting).toHaveLength(1);
      expect(answer.waiting[0]).toMatchObject({
        autoplay_id: autoplayId,
        status: 'timed_paused',
        paused_until: until.toISOString(),
      });
      expect(await autoplayOf(s, autoplayId)).toMatchObject({
        status: 'timed_paused',
        paused_until: until.toISOString(),
      });
      expect((await call(s, 'GET', '/payment_resolutions')).json().result).toEqual([]);
      expect(await tickets(s.id)).toBe(1);
      expect(await available(s.id)).toBe(1000);
      expect((await run(s)).purchased).toBe(0);

      // Its date passes while the failed draw is still on sale: that draw is bought, once, with its key.
      t.clock.set(new Date(until.getTime() + 1000).toISOString());
      await catalogueAt(t.services);
      expect(await run(s)).toMatchObject({ purchased: 1, hardFailures: 0 });
      expect((await run(s)).purchased).toBe(0);
      expect((await checkoutKeys(s.id)).at(-1)).toBe(idempotencyKeyOf(autoplayId, draw));
      expect(await tickets(s.id)).toBe(2);
      expect(await autoplayOf(s, autoplayId)).toMatchObject({ status: 'active', last_attempt_status: 'purchased' });
    }));

  it("the customer's own pause holds until they unpause; a pause the failures made is lifted by the retry", () =>
    isolated(async () => {
      // Paused by the customer after one failure: the retry clears the failure and buys nothing.
      const own = await shopper(0);
      await fundWallet(t.services, own.id, 155);
      const mine = await buyAutoplay(own);
      // Paused by the processor after three failures in a row.
      const failing = await shopper(0);
      await fundWallet(t.services, failing.id, 155);
      const theirs = await buyAutoplay(failing);
      let draw = await nextDraw();
      expect((await run(own)).hardFailures).toBe(1);
      // Features §7 names the pause without a body: none at all is a pause until unpaused.
      const bodiless = await t.injectSigned({
        method: 'POST',
        url: `/api/v2/autoplay/${mine.autoplayId}/pause`,
        headers: own.headers,
        sign: V,
      });
      expect(bodiless.statusCode).toBe(200);
      expect(bodiless.json().result).toMatchObject({ status: 'paused' });
      for (let i = 1; i <= 3; i++) {
        if (i > 1) draw = await nextDraw();
        expect(await run(failing)).toMatchObject({ hardFailures: 1, paused: i === 3 ? 1 : 0 });
      }
      expect(await autoplayOf(failing, theirs.autoplayId)).toMatchObject({ status: 'paused' });

      await fundWallet(t.services, own.id, 1000);
      const kept = (await retry(own, { autoplay_id: mine.autoplayId })).json().result;
      expect(kept).toMatchObject({ state: 'completed', report: { purchased: 0 }, resolutions: [] });
      expect(kept.waiting.map((a: { autoplay_id: string }) => a.autoplay_id)).toEqual([mine.autoplayId]);
      expect(await autoplayOf(own, mine.autoplayId)).toMatchObject({ status: 'paused' });
      expect(await tickets(own.id)).toBe(1);
      expect((await run(own)).purchased).toBe(0);
      // Unpausing is asking: the draw on sale is bought then.
      expect((await call(own, 'POST', `/autoplay/${mine.autoplayId}/unpause`)).statusCode).toBe(200);
      expect((await run(own)).purchased).toBe(1);
      expect(await tickets(own.id)).toBe(2);

      // The offer no longer sells autoplay: lifting the failures' pause is refused and nothing changes.
      await fundWallet(t.services, failing.id, 1000);
      await t.services.catalogue.setOfferState('oz-lotto', { suspended: true });
      try {
        const refused = await retry(failing);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().messages[0].text).toBe('Cannot Unpause AutoPlay');
        expect(await autoplayOf(failing, theirs.autoplayId)).toMatchObject({ status: 'paused' });
        expect((await call(failing, 'GET', '/payment_resolutions')).json().result).toHaveLength(1);
      } finally {
        await t.services.catalogue.setOfferState('oz-lotto', { suspended: false });
      }
      const lifted = (await retry(failing)).json().result;
      expect(lifted).toMatchObject({ state: 'completed', report: { purchased: 1 }, resolutions: [], waiting: [] });
      expect(await autoplayOf(failing, theirs.autoplayId)).toMatchObject({ status: 'active' });
      expect((await checkoutKeys(failing.id)).at(-1)).toBe(idempotencyKeyOf(theirs.autoplayId, draw));
      expect(await tickets(failing.id)).toBe(2);
    }));

  it('each failed draw posts one feed card, the third (which pauses it) the pause card; running again posts none', () =>
    isolated(async () => {
      const s = await shopper(0);
      await fundWallet(t.services, s.id, 155);
      const { autoplayId } = await buyAutoplay(s);
      const cards = async () => [
        ...(await feedCardsOf(t.database, s.id, 'autoplay_failed')).map((c) => ({ ...c, dedupeKey: undefined })),
      ];
      await nextDraw();
      expect(await run(s)).toMatchObject({ hardFailures: 1 });
      const { description, last_failure_reason: reason } = await autoplayOf(s, autoplayId);
      const failed = {
        title: 'We could not buy your autoplay ticket',
        message: `${description}: ${reason}`,
        links: ['/my-account/payment-resolution'],
        toasted: false,
        dedupeKey: undefined,
      };
      expect(reason).toBeTruthy();
      expect(await cards()).toEqual([failed]);
      // It waits for the customer: running again tries nothing and posts nothing.
      expect(await run(s)).toMatchObject({ hardFailures: 0 });
      expect(await cards()).toEqual([failed]);
      for (let i = 2; i <= 3; i++) {
        await nextDraw();
        expect(await run(s)).toMatchObject({ hardFailures: 1, paused: i === 3 ? 1 : 0 });
      }
      const paused = {
        title: 'Your autoplay is paused',
        message: expect.stringMatching(new RegExp(`^${description}: `)),
        links: ['/my-account/autoplay'],
        toasted: false,
        dedupeKey: undefined,
      };
      // The third failure pauses it: its card says so (one card, not a failure card and a pause card).
      expect(await cards()).toEqual([failed, failed, paused]);
      expect(await run(s)).toMatchObject({ hardFailures: 0, paused: 0 });
      expect(await cards()).toHaveLength(3);
    }));
});

describe('card expiry reminders', () => {
  it('emails once for a card that pays for an autoplay and expires within 3 months', async () => {
    const s = await shopper(0);
    const now = t.clock.now();
    const soon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    const card = await addCard(s, CARDS.ok, { month: soon.getUTCMonth() + 1, year: soon.getUTCFullYear() });
    const later = await addCard(s, CARDS.ok);
    await fundWallet(t.services, s.id, 1000);
    expect((await setMethod(s, later)).statusCode).toBe(200);
    await buyAutoplay(s);
    const to = await emailOf(s.id);
    await t.services.recurringCardExpiry();
    expect(await emails(to, 'recurring_card_expiring')).toEqual([]);
    expect((await setMethod(s, card)).statusCode).toBe(200);
    await buyAutoplay(s);
    await t.services.recurringCardExpiry();
    await t.services.recurringCardExpiry();
    const mail = await emails(to, 'recurring_card_expiring');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Visa ending 4242');
  });
});
