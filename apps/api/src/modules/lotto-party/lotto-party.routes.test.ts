// Lotto Party against the real database (docs/lotto-party.md): every /social/v3 call and its bad input, access by
// members, outsiders, another group's members and signed-out callers, shares bought through the cart and checkout,
// a race for the last shares, the unfilled session's refund, settlement's 3:2 split and the next autosession.
import { randomBytes } from 'node:crypto';
import { splitByShares } from '@shop/lottery';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { catalogueAt, expectRefused, fundWallet } from '../../../test/helpers/recurring.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CART = { version: '3.3' } as const;
type Who = { id: string; headers: () => Record<string, string> } | null;

async function customer(walletCents = 100_00): Promise<NonNullable<Who>> {
  const id = `cus_${randomBytes(8).toString('hex')}`;
  if (walletCents > 0) await fundWallet(t.services, id, walletCents);
  return { id, headers: () => ({ authorization: `Bearer ${t.tokenFor(id)}` }) };
}

const social = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.injectSigned({
    method,
    url: `/api/social/v3${url}`,
    headers: who ? who.headers() : {},
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

async function buyShares(who: NonNullable<Who>, sessionId: string, numShares: number) {
  const add = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers: who.headers(),
    sign: CART,
    payload: { item: { product_type: 'social_syndicate_share', session_id: sessionId, num_shares: numShares } },
  });
  if (add.statusCode !== 200) return add;
  return t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...who.headers(), 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
    sign: CART,
    payload: {},
  });
}

const balance = async (id: string) => (await t.services.ledger.fundsSummary(id)).availableFundsCents;
const groupName = () => `Party ${randomBytes(4).toString('hex')}`;

async function newGroup(owner: NonNullable<Who>, publicity = 'private') {
  const res = await social(owner, 'POST', '/group', { group_name: groupName(), publicity_status: publicity });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; invite_token: string; group_name: string };
}

/** Oz Lotto's next draw and a ticket whose cost divides into `shares` shares (from GET /config). */
async function plan(who: NonNullable<Who>, shares: number) {
  const config = (await social(who, 'GET', '/config')).json().result;
  const oz = config.offers.find((o: { product_offer_key: string }) => o.product_offer_key === 'oz-lotto');
  const gameOffer = oz.game_offers[0];
  for (const price of gameOffer.prices) {
    const option = price.shares.find((s: { num_shares: number }) => s.num_shares === shares);
    if (option)
      return {
        draw: oz.draws[0] as { draw_id: string; draw_no: number; stop: string },
        drawIds: oz.draws.map((d: { draw_id: string }) => d.draw_id) as string[],
        body: {
          product_offer_key: 'oz-lotto',
          game_offer: gameOffer.key,
          num_games: price.num_games as number,
          share_price: option.share_price.amount as number,
        },
        ticketCost: price.ticket_cost.amount as number,
      };
  }
  throw new Error(`no Oz Lotto ticket divides into ${shares} shares`);
}

async function newSession(owner: NonNullable<Who>, groupId: string, shares: number, extra = {}) {
  const p = await plan(owner, shares);
  const res = await social(owner, 'POST', '/session', {
    group_id: groupId,
    draw_id: p.draw.draw_id,
    ...p.body,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { session: res.json().result as Record<string, any>, plan: p };
}

describe('groups', () => {
  it('creates a group with a trimmed name; the organiser is its first member and reads the invite token', async () => {
    const a = await customer(0);
    const name = groupName();
    const res = await social(a, 'POST', '/group', { group_name: `  ${name}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().result;
    expect(g).toMatchObject({ group_name: name, publicity_status: 'private', is_organiser: true, member_count: 1 });
    expect(g.id).toMatch(/^lpg_/);
    expect(g.invite_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(g.members).toEqual([expect.objectContaining({ is_organiser: true, is_me: true })]);
    const mine = await social(a, 'GET', '/group?limit=6');
    expect(mine.json().result.map((x: { id: string }) => x.id)).toEqual([g.id]);
    expect(mine.json().page_info).toMatchObject({ limit: 6, offset: 0, total: 1 });
  });

  it('refuses empty, long, profane and duplicate names with field errors, creating nothing', async () => {
    const a = await customer(0);
    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from lotto_party_groups`)).rows[0]!.n;
    const before = await count();
    const taken = await newGroup(a);
    expectRefused(await social(a, 'POST', '/group', { group_name: '   ' }), 422, 'group_name');
    expectRefused(await social(a, 'POST', '/group', { group_name: 'x'.repeat(51) }), 422, 'group_name');
    const profane = await social(a, 'POST', '/group', { group_name: 'Friday Fuckers' });
    expectRefused(profane, 422, 'group_name');
    expect(profane.json().messages[0].code).toBe('contains_profanity');
    const dup = await social(a, 'POST', '/group', { group_name: taken.group_name.toUpperCase() });
    expectRefused(dup, 409, 'group_name');
    expect(dup.json().messages[0].code).toBe('duplicate_group_name');
    expect(await count()).toBe(before + 1);
    // "Scunthorpe" is not profane (the library matches words, not substrings).
    expect((await social(a, 'POST', '/group', { group_name: `Scunthorpe ${groupName()}` })).statusCode).toBe(200);
  });

  it('joins by invite token; a bad token is 404; a private group is 404 to others, a public one readable', async () => {
    const a = await customer(0);
    const b = await customer(0);
    const g = await newGroup(a);
    expectRefused(await social(b, 'GET', `/group/${g.id}`), 404);
    expectRefused(await social(b, 'GET', '/group/token/not-a-real-token'), 404);
    expectRefused(await social(b, 'POST', '/group/token/not-a-real-token/join'), 404);
    const seen = await social(b, 'GET', `/group/token/${g.invite_token}`);
    expect(seen.json().result).toMatchObject({ id: g.id, is_member: false, invite_token: null });
    const joined = await social(b, 'POST', `/group/token/${g.invite_token}/join`);
    expect(joined.json().result).toMatchObject({ is_member: true, member_count: 2, invite_token: null });
    await social(b, 'POST', `/group/token/${g.invite_token}/join`); // twice: no change
    expect((await social(b, 'GET', `/group/${g.id}`)).json().result.member_count).toBe(2);
    const pub = await newGroup(a, 'public');
    expect((await social(b, 'GET', `/group/${pub.id}`)).json().result).toMatchObject({ is_member: false });
  });
});

describe('sessions', () => {
  it('only the organiser creates; a closed draw is 422; a share price that does not divide the cost is 422', async () => {
    const a = await customer(0);
    const b = await customer(0);
    const g = await newGroup(a);
    await social(b, 'POST', `/group/token/${g.invite_token}/join`);
    const p = await plan(a, 5);
    const body = { group_id: g.id, draw_id: p.draw.draw_id, ...p.body };
    expectRefused(await social(b, 'POST', '/session', body), 403);
    const closed = await social(a, 'POST', '/session', { ...body, draw_id: 'drw_closed_long_ago' });
    expectRefused(closed, 422, 'draw_id');
    expect(closed.json().messages[0].code).toBe('draw_closed');
    const odd = await social(a, 'POST', '/session', { ...body, share_price: p.ticketCost / 5 + 0.01 });
    expectRefused(odd, 422, 'share_price');
    expect((await social(a, 'GET', `/group/${g.id}/session`)).json().result).toEqual([]);
    const made = await social(a, 'POST', '/session', { ...body, autosession_status: 'on' });
    expect(made.json().result).toMatchObject({
      status: 'open',
      num_shares: 5,
      shares_left: 5,
      autosession_status: 'on',
      invite_all_existing_members: false,
    });
    expectRefused(await social(a, 'POST', '/session', body), 409);
  });

  it('only the organiser changes the autosession; off cannot be unpaused', async () => {
    const a = await customer(0);
    const b = await customer(0);
    const g = await newGroup(a);
    await social(b, 'POST', `/group/token/${g.invite_token}/join`);
    const { session } = await newSession(a, g.id, 5, { autosession_status: 'on' });
    const url = `/session/${session.session_id}`;
    expectRefused(await social(b, 'PUT', url, { autosession_status: 'paused' }), 403);
    expect((await social(a, 'PUT', url, { autosession_status: 'paused' })).json().result.autosession_status).toBe(
      'paused',
    );
    expect((await social(a, 'PUT', url, { autosession_status: 'on' })).json().result.autosession_status).toBe('on');
    expect((await social(a, 'PUT', url, { autosession_status: 'off' })).json().result.autosession_status).toBe('off');
    const unpause = await social(a, 'PUT', url, { autosession_status: 'on' });
    expectRefused(unpause, 422, 'autosession_status');
    expect(unpause.json().messages[0]).toMatchObject({ code: 'autosession_off', text: 'Cannot Unpause AutoPlay' });
  });

  it('discover lists open sessions of promoted groups only, also per draw', async () => {
    const a = await customer(0);
    const promoted = await newGroup(a, 'promoted');
    const hidden = await newGroup(a, 'private');
    const { session } = await newSession(a, promoted.id, 5);
    const other = await newSession(a, hidden.id, 5);
    const c = await customer(0);
    const ids = (r: { json(): { result: { session_id: string }[] } }) => r.json().result.map((s) => s.session_id);
    const all = ids(await social(c, 'GET', '/session/discover?limit=100'));
    expect(all).toContain(session.session_id);
    expect(all).not.toContain(other.session.session_id);
    const forDraw = ids(await social(c, 'GET', `/session/discover/draw/${session.draws[0].draw_id}?limit=100`));
    expect(forDraw).toContain(session.session_id);
    expect(ids(await social(c, 'GET', '/session/discover/draw/drw_none'))).toEqual([]);
  });

  it('GET /config and /config/{pricingId} answer limits, steps and share prices that divide each cost', async () => {
    const a = await customer(0);
    for (const url of ['/config', '/config/default']) {
      const cfg = (await social(a, 'GET', url)).json().result;
      expect(cfg.limits).toEqual({ max_group_name_length: 50, min_shares: 2, max_shares: 50, group_page_size: 6 });
      expect(cfg.creation_steps.map((s: { step: string }) => s.step)).toEqual([
        'name_group',
        'select_draw',
        'set_share_price',
        'select_auto_session',
        'join_session',
      ]);
      for (const offer of cfg.offers)
        for (const g of offer.game_offers)
          for (const p of g.prices)
            for (const s of p.shares)
              expect(Math.round(s.share_price.amount * 100) * s.num_shares).toBe(
                Math.round(p.ticket_cost.amount * 100),
              );
      // Only what this (A$) site sells: no pound offers such as EuroMillions or UK Lotto.
      const keys = cfg.offers.map((o: { product_offer_key: string }) => o.product_offer_key);
      expect(keys).toContain('oz-lotto');
      expect(keys).not.toContain('euromillions');
      expect(keys).not.toContain('uk-lotto');
    }
  });
});

describe('access over every group and session route', () => {
  it('an outsider and another group member get 404 on a private group; signed out is 401', async () => {
    const a = await customer(0);
    const g = await newGroup(a);
    const { session } = await newSession(a, g.id, 5);
    const outsider = await customer(0);
    const otherOwner = await customer(0);
    await newGroup(otherOwner);
    const sid = session.session_id;
    const routes: [string, 'GET' | 'POST' | 'PUT', string, Record<string, unknown>?][] = [
      ['group', 'GET', `/group/${g.id}`],
      ['sessions', 'GET', `/group/${g.id}/session`],
      ['open sessions', 'GET', `/group/${g.id}/session/open`],
      ['session', 'GET', `/session/${sid}`],
      ['edit', 'PUT', `/session/${sid}`, { autosession_status: 'paused' }],
      ['create', 'POST', '/session', { group_id: g.id, draw_id: session.draws[0].draw_id, ...(await plan(a, 4)).body }],
    ];
    for (const [what, method, url, body] of routes) {
      for (const who of [outsider, otherOwner]) expectRefused(await social(who, method, url, body), 404, undefined);
      expect((await social(null, method, url, body)).statusCode, what).toBe(401);
    }
    for (const url of ['/group', '/group/token/x', '/session/discover', '/config'])
      expect((await social(null, 'GET', url)).statusCode, url).toBe(401);
    expect((await social(null, 'POST', '/group', { group_name: 'x' })).statusCode).toBe(401);
    expect((await social(null, 'POST', `/group/token/${g.invite_token}/join`)).statusCode).toBe(401);
    // The orders service's session call: only a holder of shares reads it.
    const order = await t.injectSigned({
      method: 'GET',
      url: `/api/v2/social_syndicate_session/${sid}?show_details=true`,
      headers: outsider.headers(),
    });
    expectRefused(order, 404);
    expect(order.json().messages[0].text).toBe(
      'We were unable to load your Lotto Party ticket. Please check your Lotto Party group to complete your purchase',
    );
  });

  it('a non-member cannot buy shares, and an anonymous cart cannot hold them', async () => {
    const a = await customer(0);
    const g = await newGroup(a, 'public');
    const { session } = await newSession(a, g.id, 5);
    const c = await customer();
    const before = await balance(c.id);
    const res = await buyShares(c, session.session_id, 1);
    expectRefused(res, 422);
    expect(res.json().messages[0].code).toBe('not_member');
    expect(await balance(c.id)).toBe(before);
  });
});

describe('money', () => {
  it('more shares than are left is 422 with the number left, nothing charged', async () => {
    const a = await customer();
    const g = await newGroup(a);
    const { session } = await newSession(a, g.id, 5);
    expect((await buyShares(a, session.session_id, 3)).statusCode).toBe(200);
    const before = await balance(a.id);
    const res = await buyShares(a, session.session_id, 3);
    expectRefused(res, 422, 'num_shares');
    expect(res.json().messages[0]).toMatchObject({ code: 'sold_out', text: 'Only 2 shares left.' });
    expect(await balance(a.id)).toBe(before);
  });

  it('buyers racing for the last shares: exactly the shares left are sold, nobody charged for a refused one', async () => {
    const a = await customer();
    const g = await newGroup(a);
    const { session } = await newSession(a, g.id, 10);
    expect((await buyShares(a, session.session_id, 6)).statusCode).toBe(200);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => customer()));
    for (const b of buyers) await social(b, 'POST', `/group/token/${g.invite_token}/join`);
    // Each puts one share in the cart first (4 are left), then all check out at once.
    for (const b of buyers)
      expect(
        (
          await t.injectSigned({
            method: 'POST',
            url: '/api/v2/cart/items',
            headers: b.headers(),
            sign: CART,
            payload: {
              item: { product_type: 'social_syndicate_share', session_id: session.session_id, num_shares: 1 },
            },
          })
        ).statusCode,
      ).toBe(200);
    const before = await Promise.all(buyers.map((b) => balance(b.id)));
    const results = await Promise.all(
      buyers.map((b) =>
        t.injectSigned({
          method: 'POST',
          url: '/api/v2/cart/purchase',
          headers: { ...b.headers(), 'idempotency-key': `race-${b.id}` },
          sign: CART,
          payload: {},
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(4);
    const after = await Promise.all(buyers.map((b) => balance(b.id)));
    const price = Math.round(session.share_price.amount * 100);
    results.forEach((r, i) => {
      expect(r.statusCode === 200 ? 422 : r.statusCode, r.body).toBe(422);
      expect(before[i]! - after[i]!).toBe(r.statusCode === 200 ? price : 0);
    });
    const s = (await social(a, 'GET', `/session/${session.session_id}`)).json().result;
    expect(s).toMatchObject({ shares_sold: 10, shares_left: 0, status: 'closed' });
    expect(s.tickets).toHaveLength(s.num_games);
  });

  it('an unfilled session is cancelled at close and each share refunded exactly once, however often it runs', async () => {
    const a = await customer();
    const b = await customer();
    const g = await newGroup(a);
    await social(b, 'POST', `/group/token/${g.invite_token}/join`);
    const { session } = await newSession(a, g.id, 10);
    const aStart = await balance(a.id);
    const bStart = await balance(b.id);
    expect((await buyShares(a, session.session_id, 2)).statusCode).toBe(200);
    expect((await buyShares(b, session.session_id, 3)).statusCode).toBe(200);
    expect((await buyShares(b, session.session_id, 1)).statusCode).toBe(200);
    expect(await balance(b.id)).toBeLessThan(bStart);
    const lifecycle = t.services.lottoParty.lifecycle;
    const saved = t.clock.now();
    t.clock.set(new Date(new Date(session.closes_at).getTime() + 1000).toISOString());
    try {
      const [first, second] = await Promise.all([lifecycle.run(), lifecycle.run()]);
      // Other tests' sessions for the draw close too: count this session's refunds by their ledger entries.
      expect(first.refunds + second.refunds).toBeGreaterThanOrEqual(3);
      expect((await lifecycle.run()).refunds).toBe(0);
    } finally {
      t.clock.set(saved.toISOString());
    }
    const refundsOf = async (id: string) =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from wallet_entries where customer_id = ${id} and reference like 'lotto-party-refund:%'`,
        )
      ).rows[0]!.n;
    expect([await refundsOf(a.id), await refundsOf(b.id)]).toEqual([1, 2]);
    expect(await balance(a.id)).toBe(aStart);
    expect(await balance(b.id)).toBe(bStart);
    const s = (await social(a, 'GET', `/session/${session.session_id}`)).json().result;
    expect(s.status).toBe('cancelled');
    const order = await t.injectSigned({
      method: 'GET',
      url: `/api/v2/social_syndicate_session/${session.session_id}?show_details=true`,
      headers: b.headers(),
    });
    expect(order.json().result).toMatchObject({
      social_syndicate_id: session.session_id,
      orders: [expect.objectContaining({ shares: 3, refunded: true }), expect.objectContaining({ refunded: true })],
    });
  });
});

describe('a discounted share purchase', () => {
  it('is refunded what it was charged (price less the promotion), not the share price', async () => {
    const a = await customer();
    const b = await customer();
    const g = await newGroup(a);
    await social(b, 'POST', `/group/token/${g.invite_token}/join`);
    const { session } = await newSession(a, g.id, 10);
    const start = await balance(b.id);
    const add = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/items',
      headers: b.headers(),
      sign: CART,
      payload: { item: { product_type: 'social_syndicate_share', session_id: session.session_id, num_shares: 3 } },
    });
    expect(add.statusCode, add.body).toBe(200);
    const promo = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/promotion',
      headers: b.headers(),
      sign: CART,
      payload: { promotion_code: 'SAVE10' },
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const bought = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/purchase',
      headers: { ...b.headers(), 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
      sign: CART,
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const price = Math.round(session.share_price.amount * 100) * 3;
    const charged = start - (await balance(b.id));
    // SAVE10: 10 % off, rounded half up.
    expect(charged).toBe(price - Math.round(price / 10));

    const saved = t.clock.now();
    t.clock.set(new Date(new Date(session.closes_at).getTime() + 1000).toISOString());
    try {
      await t.services.lottoParty.lifecycle.run();
    } finally {
      t.clock.set(saved.toISOString());
    }
    const refunds = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from wallet_entries
          where customer_id = ${b.id} and reference like 'lotto-party-refund:%'`,
    );
    expect(refunds.rows[0]!.n).toBe(1);
    // Back to the balance before the purchase: no cent created by refunding the discount as cash.
    expect(await balance(b.id)).toBe(start);
    const order = await t.injectSigned({
      method: 'GET',
      url: `/api/v2/social_syndicate_session/${session.session_id}?show_details=true`,
      headers: b.headers(),
    });
    expect(order.json().result.orders).toEqual([
      expect.objectContaining({
        shares: 3,
        refunded: true,
        amount: expect.objectContaining({ amount: charged / 100 }),
      }),
    ]);
  });
});

describe("the issue's story", () => {
  it('A and B split a session 3:2; it closes, both see the tickets, a forced win is split to the cent; the next session exists', async () => {
    const a = await customer();
    const b = await customer();
    const g = await newGroup(a);
    expect((await social(b, 'POST', `/group/token/${g.invite_token}/join`)).statusCode).toBe(200);
    const { session, plan: p } = await newSession(a, g.id, 5, { autosession_status: 'on' });
    const sid = session.session_id;
    expect((await buyShares(b, sid, 2)).statusCode).toBe(200);
    expect((await social(a, 'GET', `/session/${sid}`)).json().result.status).toBe('open');
    const bought = await buyShares(a, sid, 3);
    expect(bought.statusCode).toBe(200);
    // Orders and receipts carry the session's id (features §3 socialSyndicateId).
    const orders = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/orders?status=upcoming_products',
      headers: a.headers(),
    });
    expect(orders.json().result).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_type: 'social_syndicate_share', social_syndicate_id: sid }),
      ]),
    );
    const forA = (await social(a, 'GET', `/session/${sid}`)).json().result;
    const forB = (await social(b, 'GET', `/session/${sid}`)).json().result;
    expect(forA).toMatchObject({ status: 'closed', my_shares: 3, shares_left: 0 });
    expect(forB).toMatchObject({ status: 'closed', my_shares: 2 });
    expect(forA.tickets).toHaveLength(p.body.num_games);
    expect(forB.tickets).toEqual(forA.tickets);

    // The autosession: the group's session for the next Oz Lotto draw.
    expect((await t.services.lottoParty.lifecycle.run()).autosessions).toBe(1);
    expect((await t.services.lottoParty.lifecycle.run()).autosessions).toBe(0);
    const next = (await social(a, 'GET', `/session/${sid}`)).json().result.next_session_id;
    const nextSession = (await social(b, 'GET', `/session/${next}`)).json().result;
    expect(nextSession).toMatchObject({ status: 'open', autosession_status: 'on', previous_session_id: sid });
    expect(nextSession.draws[0].draw_no).toBeGreaterThan(forA.draws[0].draw_no);

    // A forced win: the draw's numbers are the session's first line.
    const line = forA.tickets[0].sets.numbers as number[];
    const supps = Array.from({ length: 47 }, (_, i) => i + 1)
      .filter((n) => !line.includes(n))
      .slice(0, 3);
    const aBefore = await balance(a.id);
    const bBefore = await balance(b.id);
    const r = await runOpsCaptured(
      [
        'draw:advance',
        '--offer',
        'oz-lotto',
        '--draw',
        String(forA.draws[0].draw_no),
        '--numbers',
        line.join(','),
        '--supps',
        supps.join(','),
        '--dividends',
        '1=1000000.03',
      ],
      { config: t.config, clock: t.clock, database: t.database },
    );
    expect(r.err, r.out).toBe('');
    const prize = (await t.services.orders.prizesForDraw(forA.draws[0].draw_id)).filter((x) => x.customerId === sid);
    const total = prize.reduce((n, x) => n + x.prizeCents, 0);
    expect(total).toBeGreaterThanOrEqual(1_000_000_03);
    const split = prize.map((x) =>
      splitByShares(
        x.prizeCents,
        [
          { holder: a.id, shares: 3 },
          { holder: b.id, shares: 2 },
        ].sort((p1, p2) => p1.holder.localeCompare(p2.holder)),
      ),
    );
    const partOf = (id: string) =>
      split
        .flat()
        .filter((x) => x.holder === id)
        .reduce((n, x) => n + x.cents, 0);
    expect((await balance(a.id)) - aBefore).toBe(partOf(a.id));
    expect((await balance(b.id)) - bBefore).toBe(partOf(b.id));
    expect(partOf(a.id) + partOf(b.id)).toBe(total);
    expect(Math.abs(partOf(a.id) - (total * 3) / 5)).toBeLessThanOrEqual(prize.length);
    const paid = (await social(b, 'GET', `/session/${sid}`)).json().result;
    expect(paid.status).toBe('paid');
    expect(
      paid.my_prizes.reduce((n: number, x: { amount: { amount: number } }) => n + Math.round(x.amount.amount * 100), 0),
    ).toBe(partOf(b.id));
    await catalogueAt(t.services);
  });
});
