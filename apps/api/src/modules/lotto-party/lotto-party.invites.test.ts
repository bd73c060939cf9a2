// Features §7 POST /session inviteAllExistingMembers against the real database: with true, every existing member
// other than the organiser gets one feed card and one email (outbox) about the session, written in the session's
// transaction and once per session and member however often it is told; with false, nobody is told.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';
import { alongside, feedCards } from '../../services.feed.ts';
import { sessionInviteEmail } from './lotto-party.emails.ts';
import { invitesFor } from './lotto-party.invites.ts';
import { lottoPartyRepository } from './lotto-party.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
});
afterAll(() => t.close());

const auth = (c: TestCustomer) => ({ authorization: `Bearer ${c.accessToken}` });
const social = (c: TestCustomer, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.injectSigned({
    method,
    url: `/api/social/v3${url}`,
    headers: auth(c),
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

let n = 0;
async function groupWith(organiser: TestCustomer, members: TestCustomer[]) {
  const made = await social(organiser, 'POST', '/group', { group_name: `Invite party ${Date.now()}-${++n}` });
  expect(made.statusCode, made.body).toBe(200);
  const group = made.json().result as { id: string; invite_token: string; group_name: string };
  for (const m of members)
    expect((await social(m, 'POST', `/group/token/${group.invite_token}/join`)).statusCode).toBe(200);
  return group;
}

/** A session body for Oz Lotto's next draw split into 5 shares (from GET /config). */
async function sessionBody(organiser: TestCustomer, groupId: string, invite: boolean) {
  const config = (await social(organiser, 'GET', '/config')).json().result;
  const oz = config.offers.find((o: { product_offer_key: string }) => o.product_offer_key === 'oz-lotto');
  const gameOffer = oz.game_offers[0];
  const price = gameOffer.prices.find((p: { shares: { num_shares: number }[] }) =>
    p.shares.some((s) => s.num_shares === 5),
  );
  return {
    group_id: groupId,
    draw_id: oz.draws[0].draw_id,
    product_offer_key: 'oz-lotto',
    game_offer: gameOffer.key,
    num_games: price.num_games,
    share_price: price.shares.find((s: { num_shares: number }) => s.num_shares === 5).share_price.amount,
    invite_all_existing_members: invite,
  };
}

type Told = { cards: Map<string, number>; emails: Map<string, number> };
/** Cards (by customer) and emails (by address) about one session. */
async function toldAbout(sessionId: string): Promise<Told> {
  const key = `lotto_party_invite:${sessionId}:%`;
  const cards = await t.database.db.execute<{ who: string; n: number }>(
    sql`select customer_id as who, count(*)::int as n from notifications_cards
        where kind = 'lotto_party_invite' and dedupe_key like ${key} group by customer_id`,
  );
  const emails = await t.database.db.execute<{ who: string; n: number }>(
    sql`select to_address as who, count(*)::int as n from notifications_outbox
        where kind = 'lotto_party_invite' and dedupe_key like ${key} group by to_address`,
  );
  return {
    cards: new Map(cards.rows.map((r) => [r.who, r.n])),
    emails: new Map(emails.rows.map((r) => [r.who, r.n])),
  };
}

describe('inviteAllExistingMembers', () => {
  let a: TestCustomer;
  let b: TestCustomer;
  let c: TestCustomer;
  let sessionId: string;

  it('true: every existing member but the organiser gets one card and one email about the session', async () => {
    [a, b, c] = [await signUpAndLogin(t), await signUpAndLogin(t), await signUpAndLogin(t)];
    const group = await groupWith(a, [b, c]);
    const body = await sessionBody(a, group.id, true);
    // Two creations at once for the same draw: one session, one 409, and the invites of one session only.
    const [first, second] = await Promise.all([
      social(a, 'POST', '/session', body),
      social(a, 'POST', '/session', body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const created = (first.statusCode === 200 ? first : second).json().result;
    sessionId = created.session_id;
    expect(created.invite_all_existing_members).toBe(true);

    const told = await toldAbout(sessionId);
    expect(Object.fromEntries(told.cards)).toEqual({ [b.customerId]: 1, [c.customerId]: 1 });
    expect(Object.fromEntries(told.emails)).toEqual({ [b.email.toLowerCase()]: 1, [c.email.toLowerCase()]: 1 });
    const all = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications_cards where kind = 'lotto_party_invite'`,
    );
    expect(all.rows[0]!.n).toBe(2);

    // B reads the card in the feed: who invited, the draw, the shares, a link to the session.
    const feed = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/notifications/cards',
      headers: auth(b),
      sign: { version: '3.3' },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const card = (feed.json().result as { title: string; message: string; actions: { link: string }[] }[]).find((x) =>
      x.actions.some((l) => l.link === `/my-account/lotto-party/session/${sessionId}`),
    );
    expect(card?.title).toMatch(/invited you to a Lotto Party$/);
    expect(card?.message).toContain(`${group.group_name} is splitting a Oz Lotto ticket for draw`);
    expect(card?.message).toContain('5 shares of $');
    // The email says the same and links to the session.
    const [mail] = await t.services.outbox.outboxFor(b.email, ['lotto_party_invite']);
    expect(mail!.subject).toMatch(/invited you to a Lotto Party for Oz Lotto draw \d+$/);
    expect(mail!.textBody).toContain(`/my-account/lotto-party/session/${sessionId}`);
    expect(mail!.textBody).toContain('refunded');
  });

  it('told again (a rerun), nobody gets a second card or email', async () => {
    const repo = lottoPartyRepository;
    const db = t.database.db;
    const session = (await repo.sessionByPublicId(db, sessionId))!;
    const group = (await repo.groupById(db, session.groupId))!;
    const tell = alongside(
      sessionInviteEmail(t.services.outbox, (ids, ex) => t.services.directory.contactsOf(ids, ex), 'http://x'),
      feedCards(t.services.feed).lottoPartyInvited,
    );
    await db.transaction(async (tx) => tell(tx, await invitesFor(tx, session, group, 'Ann')));
    const told = await toldAbout(sessionId);
    expect([...told.cards.values(), ...told.emails.values()]).toEqual([1, 1, 1, 1]);
  });

  it('a member who joins after the session was created is not invited to it', async () => {
    const d = await signUpAndLogin(t);
    const group = (await social(a, 'GET', `/session/${sessionId}`)).json().result.group_id as string;
    const token = (await social(a, 'GET', `/group/${group}`)).json().result.invite_token as string;
    expect((await social(d, 'POST', `/group/token/${token}/join`)).statusCode).toBe(200);
    expect((await toldAbout(sessionId)).cards.has(d.customerId)).toBe(false);
  });

  it('false: nobody is told', async () => {
    const [o, m] = [await signUpAndLogin(t), await signUpAndLogin(t)];
    const group = await groupWith(o, [m]);
    const res = await social(o, 'POST', '/session', await sessionBody(o, group.id, false));
    expect(res.statusCode, res.body).toBe(200);
    const told = await toldAbout(res.json().result.session_id);
    expect(told.cards.size + told.emails.size).toBe(0);
  });
});
