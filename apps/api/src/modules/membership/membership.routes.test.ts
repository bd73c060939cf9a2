// The membership (gamify) API over HTTP against a real database (issue 17): the config, joining and leaving, entries
// made, unlocked and guaranteed, premium by a qualifying deposit, benefits, giveaway lists and details, the customer's
// giveaways, and every bad input of the issue: joining while on a break or excluded, unlocking someone else's entry
// or an entry of a closed draw, a free member unlocking a premium-only giveaway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRaffleDraw } from '@shop/protocol';
import { buildTestApp, TEST_NOW, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';
import { JOIN_PREMIUM_MESSAGE } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // The clock's giveaways: the daily one closing 2 June 2025 at 8 pm Sydney and the June monthly one.
  await t.services.membership.giveawayDraws.tick(t.clock.now());
});
afterAll(() => t.close());

const auth = (c: TestCustomer) => ({ authorization: `Bearer ${c.accessToken}` });
const get = (url: string, c?: TestCustomer) => t.injectSigned({ method: 'GET', url, headers: c ? auth(c) : {} });
const join = (c: TestCustomer, body: Record<string, unknown> = {}, version = '3.2') =>
  t.injectSigned({
    method: 'PUT',
    url: '/api/rewards/membership',
    headers: auth(c),
    sign: { version },
    payload: { membership_program: 'daily_winners', membership_status: 'member', ...body },
  });
const leave = (c: TestCustomer) => join(c, { membership_status: 'non-member' });
const unlock = (c: TestCustomer | null, id: string, payload: Record<string, unknown> = { entry_status: 'unlocked' }) =>
  t.injectSigned({ method: 'PUT', url: `/api/rewards/v3/draws/${id}`, headers: c ? auth(c) : {}, payload });
const customer = async (c: TestCustomer) => (await get('/api/rewards/v3/customer', c)).json().result;
const deposit = (customerId: string, cents: number) =>
  t.database.db.transaction((tx) =>
    t.services.ledger.creditDeposit(tx, {
      customerId,
      amountCents: cents,
      currency: 'AUD',
      reference: `test-deposit:${customerId}:${cents}:${Math.random()}`,
      description: 'Test deposit',
    }),
  );
/** Tests whose draw must hold only their own members run on a database of their own. */
async function isolated(fn: () => Promise<void>): Promise<void> {
  const saved = t;
  t = await buildTestApp();
  try {
    await t.services.membership.giveawayDraws.tick(t.clock.now());
    await fn();
  } finally {
    await t.close();
    t = saved;
  }
}
const openOf = async (type: string) =>
  (await get(`/api/rewards/v3/giveaways?type=${type}&status=open`)).json().result[0] as {
    external_id: string;
    number: number;
  };

describe('config and giveaway lists', () => {
  it('GET /v4/config: the programme, tiers, the daily and monthly giveaways as draw cards, FAQ, navigation items', async () => {
    const r = await get('/api/rewards/v4/config');
    expect(r.statusCode).toBe(200);
    const c = r.json().result;
    expect(c).toMatchObject({
      program_name: 'daily_winners',
      program_url: 'daily-winners',
      program_id: 'prg_daily_winners',
      deposit: { qualifying_deposit: { amount: 10, currency: 'AUD' } },
      how_it_works_youtube_id: null,
    });
    expect(c.membership_tiers.map((x: { tier: string }) => x.tier)).toEqual(['free', 'premium']);
    expect(c.frequently_asked_questions.length).toBeGreaterThan(3);
    expect(c.navigation_items.map((x: { key: string }) => x.key)).toContain('past_winners');
    const daily = c.daily_giveaways.draws[0];
    expect(daily).toMatchObject({
      type: 'daily',
      number: 1,
      title: 'Daily giveaway: 2 June 2025',
      status: 'DRAW_OPEN',
      open_time: '2025-06-01T10:00:00.000Z',
      close_time: '2025-06-02T10:00:00.000Z',
      availability: ['free', 'premium'],
      details: { url: '/daily-winners/giveaways/daily/1', transfer_token: null },
      pill: 'Today',
    });
    expect(daily.permits).toContainEqual({ region: 'NSW', permit_number: 'TP/04217' });
    expect(daily.prizes.map((p: { kind: string }) => p.kind)).toEqual(['wallet_credit', 'free_tickets']);
    expect(c.monthly_giveaways.draws[0]).toMatchObject({
      type: 'monthly',
      title: 'Monthly giveaway: June 2025',
      close_time: '2025-06-30T13:00:00.000Z',
    });
  });

  it('giveaway lists page with limit (9 by default), offset and total; bad queries are refused', async () => {
    const r = await get('/api/rewards/v3/giveaways');
    expect(r.statusCode).toBe(200);
    expect(r.json().page_info).toEqual({ limit: 9, offset: 0, total: 2 });
    expect((await get('/api/rewards/v3/giveaways?type=monthly')).json().result).toHaveLength(1);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'type=weekly', 'status=any', 'extra=1']) {
      const res = await get(`/api/rewards/v3/giveaways?${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().result).toBeNull();
    }
    expect((await get('/api/rewards/v3/giveaways/daily/99')).statusCode).toBe(404);
    expect((await get('/api/rewards/v3/giveaways/weekly/1')).statusCode).toBe(422);
    expect((await get('/api/rewards/v3/giveaways/daily/0')).statusCode).toBe(422);
  });

  it('the membership calls need a signed-in customer', async () => {
    for (const [method, url] of [
      ['GET', '/api/rewards/v3/customer'],
      ['GET', '/api/rewards/v3/benefits'],
      ['GET', '/api/rewards/v3/customer/giveaways'],
    ] as const) {
      const r = await t.injectSigned({ method, url });
      expect(r.statusCode, url).toBe(401);
    }
    expect((await unlock(null, 'gwy_x')).statusCode).toBe(401);
  });
});

describe('joining, entries and unlocking', () => {
  let ann: TestCustomer;
  beforeAll(async () => {
    ann = await signUpAndLogin(t, { firstname: 'Ann', state: 'QLD' });
  });

  it('a non-member sees the non-member state, then joins: entered in the daily giveaway, the monthly entry locked', async () => {
    expect(await customer(ann)).toMatchObject({
      membership_program: 'daily_winners',
      membership_status: 'non-member',
      membership_tier: null,
      membership_updated: null,
      eligibility: 'eligible',
      navigation_status: 'non-member',
      upcoming_draws: [],
      premium: { qualifying_deposit: { amount: 10 }, deposited_this_period: { amount: 0 } },
    });
    const r = await join(ann, { metadata: { entry_point: 'home_page' } });
    expect(r.statusCode).toBe(200);
    const m = r.json().result;
    expect(m).toMatchObject({ membership_status: 'member', membership_tier: 'free', navigation_status: 'draw_locked' });
    expect(m.membership_updated).toBe(TEST_NOW);
    const byType = Object.fromEntries(m.upcoming_draws.map((d: { type: string }) => [d.type, d]));
    expect(byType.daily).toMatchObject({
      entry_status: 'unlocked',
      number_of_entries_text: '1 entry',
      entry_number: 1,
    });
    expect(byType.monthly).toMatchObject({ entry_status: 'locked', number_of_entries_text: 'Entry locked' });
    // Joining again changes nothing.
    expect((await join(ann)).json().result.upcoming_draws).toEqual(m.upcoming_draws);
  });

  it('PUT /membership is version 3.2 only and takes the daily_winners programme and member or non-member', async () => {
    expect((await join(ann, {}, '3.0')).statusCode).toBe(400);
    for (const body of [
      { membership_program: 'other' },
      { membership_status: 'pending-deposit' },
      { metadata: { entry_point: 'footer' } },
      { metadata: { extra: 1 } },
      { surprise: true },
    ]) {
      const r = await join(ann, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().result).toBeNull();
    }
    expect((await customer(ann)).membership_status).toBe('member');
  });

  it('unlocks the monthly entry (by the giveaway id or the entry id); again is no change', async () => {
    const monthly = (await customer(ann)).upcoming_draws.find((d: { type: string }) => d.type === 'monthly');
    const r = await unlock(ann, monthly.draw_id);
    expect(r.statusCode).toBe(200);
    const after = r.json().result.upcoming_draws.find((d: { type: string }) => d.type === 'monthly');
    expect(after).toMatchObject({ entry_status: 'unlocked', number_of_entries_text: '1 entry' });
    expect((await unlock(ann, monthly.entry_id)).statusCode).toBe(200);
    expect((await customer(ann)).navigation_status).toBe('draw_unlocked');
    // The giveaway counts the entry; the details show it to its owner only.
    const details = (await get(`/api/rewards/v3/giveaways/monthly/${monthly.number}`, ann)).json().result;
    expect(details.entry).toMatchObject({ status: 'unlocked', id: monthly.entry_id });
    expect(details.entries_count).toBe(1);
    expect((await get(`/api/rewards/v3/giveaways/monthly/${monthly.number}`)).json().result.entry).toBeNull();
  });

  it("refuses someone else's entry and unknown ids (404), wrong bodies (422), and a non-member (403)", async () => {
    const bob = await signUpAndLogin(t, { firstname: 'Bob' });
    const annEntry = (await customer(ann)).upcoming_draws[0].entry_id;
    const other = await unlock(bob, annEntry);
    expect(other.statusCode).toBe(404);
    expect(other.json().messages[0].code).toBe('entry_not_found');
    expect((await unlock(bob, 'gwe_doesnotexist')).statusCode).toBe(404);
    expect((await unlock(bob, 'gwy_doesnotexist')).statusCode).toBe(404);
    expect((await unlock(bob, 'not an id')).statusCode).toBe(422);
    expect((await unlock(ann, annEntry, { entry_status: 'locked' })).statusCode).toBe(422);
    expect((await unlock(ann, annEntry, {})).statusCode).toBe(422);
    const monthly = await openOf('monthly');
    const notMember = await unlock(bob, monthly.external_id);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json()).toMatchObject({
      messages: [{ code: 'membership_required', text: 'Join Daily Winners to enter this giveaway.' }],
    });
    // Ann's entry is untouched.
    expect(
      (await customer(ann)).upcoming_draws.every((d: { entry_status: string }) => d.entry_status === 'unlocked'),
    ).toBe(true);
  });

  it('a free member unlocking a premium-only giveaway gets 403 with the join-premium message', async () => {
    const special = await t.services.membership.giveaways.createGiveaway({
      type: 'special',
      title: 'Premium weekend special',
      description: 'For premium members',
      opensAt: t.clock.now(),
      closesAt: new Date('2025-06-08T10:00:00Z'),
      availability: ['premium'],
      requiresVerified: false,
      permits: [{ region: 'NSW', permitNumber: 'TP/09999' }],
      prizes: [{ kind: 'wallet_credit', name: '$100 wallet credit', description: 'Credit', valueCents: 10_000 }],
    });
    const entry = (await customer(ann)).upcoming_draws.find((d: { draw_id: string }) => d.draw_id === special.publicId);
    expect(entry.entry_status).toBe('locked');
    const r = await unlock(ann, special.publicId);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({
      status: 403,
      errors: { this: [JOIN_PREMIUM_MESSAGE] },
      messages: [{ code: 'premium_required', text: JOIN_PREMIUM_MESSAGE }],
      result: null,
    });
    expect(
      (await customer(ann)).upcoming_draws.find((d: { draw_id: string }) => d.draw_id === special.publicId),
    ).toMatchObject({ entry_status: 'locked' });
  });

  it('a giveaway that needs a verified identity is unlocked only once the member is verified', async () => {
    const major = await t.services.membership.giveaways.createGiveaway({
      type: 'major',
      title: 'Verified major',
      description: 'Verified members only',
      opensAt: t.clock.now(),
      closesAt: new Date('2025-06-20T10:00:00Z'),
      availability: ['free', 'premium'],
      requiresVerified: true,
      permits: [{ region: 'NSW', permitNumber: 'TP/09997' }],
      prizes: [{ kind: 'wallet_credit', name: '$5,000 wallet credit', description: 'Credit', valueCents: 500_000 }],
    });
    const r = await unlock(ann, major.publicId);
    expect(r.statusCode).toBe(403);
    expect(r.json().messages[0]).toMatchObject({
      code: 'verify_account_required',
      text: 'Verify your identity to enter this giveaway.',
    });
    await t.services.identity.directory.setVerified(ann.customerId, true);
    const ok = await unlock(ann, major.publicId);
    expect(ok.statusCode).toBe(200);
    expect(
      ok.json().result.upcoming_draws.find((d: { draw_id: string }) => d.draw_id === major.publicId).entry_status,
    ).toBe('unlocked');
  });

  it('an entry of a closed draw cannot be unlocked (422 draw_closed)', async () => {
    const cara = await signUpAndLogin(t, { firstname: 'Cara' });
    await join(cara);
    const special = await t.services.membership.giveaways.createGiveaway({
      type: 'major',
      title: 'Major giveaway',
      description: 'Major',
      opensAt: t.clock.now(),
      closesAt: new Date('2025-06-09T10:00:00Z'),
      availability: ['free', 'premium'],
      requiresVerified: false,
      permits: [{ region: 'NSW', permitNumber: 'TP/09998' }],
      prizes: [{ kind: 'wallet_credit', name: '$500 wallet credit', description: 'Credit', valueCents: 50_000 }],
    });
    await customer(cara);
    await t.services.membership.draws.close(special.publicId);
    const r = await unlock(cara, special.publicId);
    expect(r.statusCode).toBe(422);
    expect(r.json().messages[0]).toMatchObject({ code: 'draw_closed', text: 'This giveaway has closed.' });
  });
});

describe('premium, leaving, and who may not join', () => {
  it('a qualifying deposit makes a member premium: every entry guaranteed', async () => {
    const dan = await signUpAndLogin(t, { firstname: 'Dan' });
    // Verified too: one of the open giveaways (the verified major above) needs it even for premium members.
    await t.services.identity.directory.setVerified(dan.customerId, true);
    const pending = (await join(dan, { metadata: { tier: 'premium' } })).json().result;
    expect(pending).toMatchObject({ membership_status: 'pending-deposit', membership_tier: 'free' });
    await deposit(dan.customerId, 999);
    expect((await customer(dan)).membership_status).toBe('pending-deposit');
    await deposit(dan.customerId, 1);
    const m = await customer(dan);
    expect(m).toMatchObject({
      membership_status: 'member',
      membership_tier: 'premium',
      navigation_status: 'draw_unlocked',
      premium: { deposited_this_period: { amount: 10 } },
    });
    expect(m.upcoming_draws.length).toBeGreaterThanOrEqual(2);
    for (const d of m.upcoming_draws)
      expect(d).toMatchObject({ entry_status: 'guaranteed', number_of_entries_text: '1 guaranteed entry' });
  });

  it('leaving withdraws the entries in open giveaways; joining again enters anew', async () => {
    const eve = await signUpAndLogin(t, { firstname: 'Eve' });
    await join(eve);
    const daily = await openOf('daily');
    const before = (await get(`/api/rewards/v3/giveaways/daily/${daily.number}`)).json().result.entries_count;
    const left = (await leave(eve)).json().result;
    expect(left).toMatchObject({ membership_status: 'non-member', membership_tier: null, upcoming_draws: [] });
    expect((await get(`/api/rewards/v3/giveaways/daily/${daily.number}`)).json().result.entries_count).toBe(before - 1);
    expect((await leave(eve)).statusCode).toBe(200);
    expect((await join(eve)).json().result.upcoming_draws.length).toBeGreaterThan(0);
  });

  it('joining while taking a break or self-excluded is refused with the reason, and nothing is written', async () => {
    const fay = await signUpAndLogin(t, { firstname: 'Fay' });
    await t.services.responsibleGambling.exclusions.takeABreak(fay.customerId, '1w');
    const r = await join(fay);
    expect(r.statusCode).toBe(422);
    expect(r.json().messages[0]).toEqual({
      code: 'take_a_break',
      level: 'error',
      text: 'Daily Winners is not available while you are taking a break, until 9 June 2025 at 10:00 am.',
    });
    expect(await customer(fay)).toMatchObject({
      membership_status: 'non-member',
      eligibility: 'ineligible',
      ineligible_reason: 'Daily Winners is not available while you are taking a break, until 9 June 2025 at 10:00 am.',
      navigation_status: 'non-member',
      upcoming_draws: [],
    });

    const gus = await signUpAndLogin(t, { firstname: 'Gus' });
    await t.services.responsibleGambling.exclusions.selfExclude(gus.customerId, '6m');
    const s = await join(gus);
    expect(s.statusCode).toBe(422);
    expect(s.json().messages[0].code).toBe('self_excluded');
    expect(s.json().messages[0].text).toMatch(/^Daily Winners is not available while you are self-excluded, until /);
  });

  it('a member who takes a break loses their entries and benefits for as long as it lasts', async () => {
    const hal = await signUpAndLogin(t, { firstname: 'Hal' });
    await join(hal);
    expect((await customer(hal)).upcoming_draws.length).toBeGreaterThan(0);
    await t.services.responsibleGambling.exclusions.takeABreak(hal.customerId, '24h');
    expect(await customer(hal)).toMatchObject({
      membership_status: 'member',
      eligibility: 'ineligible',
      navigation_status: 'non-member',
      upcoming_draws: [],
    });
    const benefits = await get('/api/rewards/v3/benefits', hal);
    expect(benefits.statusCode).toBe(403);
    expect(benefits.json().messages[0].code).toBe('take_a_break');
    const monthly = await openOf('monthly');
    expect((await unlock(hal, monthly.external_id)).statusCode).toBe(403);
  });
});

describe('benefits', () => {
  it('GET /v3/benefits gives an ssoUrl to the shop’s benefits page; its token gives the member’s discounts for 5 minutes', async () => {
    const ivy = await signUpAndLogin(t, { firstname: 'Ivy' });
    expect((await get('/api/rewards/v3/benefits', ivy)).statusCode).toBe(403);
    await join(ivy);
    const r = await get('/api/rewards/v3/benefits', ivy);
    expect(r.statusCode).toBe(200);
    const url = new URL(r.json().result.sso_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example.test/daily-winners/benefits');
    const token = url.searchParams.get('token')!;
    const b = await get(`/api/rewards/v3/benefits/sso/${token}`);
    expect(b.statusCode).toBe(200);
    expect(b.json().result).toMatchObject({ firstname: 'Ivy', membership_tier: 'free' });
    expect(b.json().result.discounts.map((d: { code: string }) => d.code)).toEqual(['SAVE10', 'WELCOME5']);

    const [who, exp, mac] = token.split('.');
    const forged = `${Buffer.from('cus_someoneelse').toString('base64url')}.${exp}.${mac}`;
    expect((await get(`/api/rewards/v3/benefits/sso/${forged}`)).statusCode).toBe(401);
    expect((await get(`/api/rewards/v3/benefits/sso/${who}.${Number(exp) + 600}.${mac}`)).statusCode).toBe(401);
    expect((await get(`/api/rewards/v3/benefits/sso/not-a-token-at-all`)).statusCode).toBe(401);
    expect((await get(`/api/rewards/v3/benefits/sso/${encodeURIComponent('<script>')}`)).statusCode).toBe(422);
    t.clock.advance(301_000);
    try {
      expect((await get(`/api/rewards/v3/benefits/sso/${token}`)).statusCode).toBe(401);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});

describe('draws, verification, winners and the customer’s giveaways', () => {
  it('a drawn giveaway publishes its seed and entry list, the verify check passes, and the winner sees it closed', () =>
    isolated(async () => {
      const jo = await signUpAndLogin(t, { firstname: 'Jo', state: 'VIC' });
      await join(jo);
      const special = await t.services.membership.giveaways.createGiveaway({
        type: 'special',
        title: 'Jo’s special',
        description: 'One entrant',
        opensAt: t.clock.now(),
        closesAt: new Date('2025-06-03T10:00:00Z'),
        availability: ['free', 'premium'],
        requiresVerified: false,
        permits: [{ region: 'VIC', permitNumber: 'VIC/1' }],
        prizes: [
          { kind: 'wallet_credit', name: '$20 wallet credit', description: 'Credit', valueCents: 2_000 },
          { kind: 'wallet_credit', name: '$10 wallet credit', description: 'Credit', valueCents: 1_000 },
        ],
      });
      // A giveaway made after Jo joined: she is entered as soon as she looks (or by the clock).
      const current = (await get('/api/rewards/v3/customer/giveaways?status=current', jo)).json();
      expect(current.result.map((g: { giveaway: { external_id: string } }) => g.giveaway.external_id)).toContain(
        special.publicId,
      );
      const before = (await get(`/api/rewards/v3/giveaways/special/${special.drawNumber}/verification`)).json().result;
      expect(before).toMatchObject({ seed: null, entry_list_hash: null, entry_numbers: [], status: 'DRAW_OPEN' });
      expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);

      const report = await t.services.membership.giveawayDraws.runNow(special.publicId);
      expect(report.winners).toHaveLength(1);
      const v = (await get(`/api/rewards/v3/giveaways/special/${special.drawNumber}/verification`)).json().result;
      expect(v.status).toBe('DRAW_PAID');
      expect(v.seed).toMatch(/^[0-9a-f]{64}$/);
      const check = verifyRaffleDraw({
        seed: v.seed,
        commitment: v.commitment,
        drawId: v.draw_id,
        ticketNumbers: v.entry_numbers,
        prizes: v.prizes.map((p: { rank: number; kind: string }) => ({
          rank: p.rank,
          kind: p.kind,
          eligibleUpTo: null,
        })),
        soldListHash: v.entry_list_hash,
        published: v.winners.map((w: { rank: number; entry_number: number }) => ({
          rank: w.rank,
          ticketNumber: w.entry_number,
        })),
      });
      expect(check.ok).toBe(true);
      expect(v.procedure.join(' ')).toContain('HMAC-SHA256');

      const details = (await get(`/api/rewards/v3/giveaways/special/${special.drawNumber}`)).json().result;
      expect(details.winners).toEqual([{ rank: 1, prize: '$20 wallet credit', firstname: 'Jo', state: 'VIC' }]);
      expect(details.verify_url).toBe(`/daily-winners/giveaways/special/${special.drawNumber}/verify`);

      const closed = (await get('/api/rewards/v3/customer/giveaways?status=closed', jo)).json();
      const mine = closed.result.find(
        (g: { giveaway: { external_id: string } }) => g.giveaway.external_id === special.publicId,
      );
      expect(mine.won).toEqual({
        rank: 1,
        prize: '$20 wallet credit',
        kind: 'wallet_credit',
        value: { amount: 20, currency: 'AUD' },
        paid: true,
      });
      expect((await t.services.ledger.fundsSummary(jo.customerId)).bonusCents).toBe(2_000);

      const winners = (await get('/api/rewards/v3/winners')).json();
      const jos = winners.result.find((w: { giveaway_title: string }) => w.giveaway_title === 'Jo’s special');
      expect(Object.keys(jos).sort()).toEqual(
        ['drawn_at', 'draw_number', 'firstname', 'giveaway_title', 'giveaway_type', 'prize', 'state'].sort(),
      );
      expect(jos).toMatchObject({ firstname: 'Jo', state: 'VIC', prize: '$20 wallet credit' });
      expect(JSON.stringify(winners)).not.toContain(jo.customerId);
      expect(JSON.stringify(winners)).not.toContain('Koala');
      expect((await get('/api/rewards/v3/customer/giveaways?status=gone', jo)).statusCode).toBe(422);
    }));
});
