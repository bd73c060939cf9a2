// The back office's API (/api/admin; docs/operators.md) through the real app on a test database: support finds a
// customer and acts on their account, finance pays withdrawals once however many approve at once and moves money by
// manual adjustment only with a second operator, draw officers enter a result that becomes official only when a
// second one confirms it, and every admin route is walked with every role against the permission matrix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, verifiedCustomer } from '../../../test/helpers/customers.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { OZ_LOTTO_TICKET } from '../../../test/helpers/responsible-gambling.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { feedCardsOf } from '../../../test/helpers/feed.ts';
import { as, backOffice, type OperatorCall } from '../../../test/helpers/operators.ts';
import type { Database } from '../../db/index.ts';
import { PERMISSIONS, type Permission } from '../operators/index.ts';

let database: Database;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());

type Json = Record<string, any>;
let n = 0;
const unique = (role: string) => `${role}-${++n}@ops.test`;

/** The first admin and one signed-in operator per role asked for (two of a role: `finance`, `finance2`). */
async function staff<R extends string>(t: TestApp, ...roles: R[]) {
  const office = await backOffice(t, database, unique('admin'));
  const out: Record<string, { id: string; call: OperatorCall }> = { admin: { id: 'first admin', call: office.admin } };
  for (const name of roles) out[name] = await office.operator(unique(name), name.replace(/\d$/, ''));
  return out as Record<R | 'admin', { id: string; call: OperatorCall }>;
}

async function auditOf(t: TestApp, action: string) {
  const { rows } = await t.database.pool.query(
    'select actor, action, target, outcome, detail from operator_audit where action = $1 order by id',
    [action],
  );
  return rows as { actor: string; action: string; target: string | null; outcome: string; detail: Json }[];
}

/** A verified customer with winnings (withdrawable) in their wallet. */
async function customerWithWinnings(t: TestApp, cents: number) {
  const c = await verifiedCustomer(t);
  await t.database.db.transaction((tx) =>
    t.services.ledger.creditPrize(tx, {
      customerId: c.customerId,
      amountCents: cents,
      currency: 'AUD',
      reference: `test:prize:${c.customerId}`,
      description: 'Prize',
    }),
  );
  return c;
}

describe('customers', () => {
  it('support finds a customer by email, reads their account and acts on their request; each audited', async () => {
    await withTestApp({ database }, async (t) => {
      const { support, finance, content_editor: editor } = await staff(t, 'support', 'finance', 'content_editor');
      const c = await customerWithWinnings(t, 2500);

      const found = await support.call('GET', `/api/admin/customers?q=${encodeURIComponent(c.email.toUpperCase())}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().result).toMatchObject({ total: 1, items: [{ id: c.customerId, email: c.email }] });
      expect((await support.call('GET', `/api/admin/customers?q=${c.customerId}`)).json().result.total).toBe(1);

      const overview = await finance.call('GET', `/api/admin/customers/${c.customerId}`);
      expect(overview.statusCode, overview.body).toBe(200);
      expect(overview.json().result).toMatchObject({
        customer: { id: c.customerId, email: c.email, is_verified: true, force_password_change: false },
        funds: { withdrawable_cents: 2500, currency: 'AUD' },
        verification: { is_verified: true, documents_pending: false },
        exclusion: null,
        two_factor: { enabled: false, locked: false },
      });
      expect((await auditOf(t, 'customer.read')).at(-1)).toMatchObject({
        actor: finance.id,
        target: c.customerId,
        outcome: 'ok',
      });

      for (const list of ['orders', 'tickets', 'transactions', 'notes']) {
        const res = await support.call('GET', `/api/admin/customers/${c.customerId}/${list}?limit=5`);
        expect(res.statusCode, `${list}: ${res.body}`).toBe(200);
        expect(res.json().result).toHaveProperty('total');
      }
      const txns = (await support.call('GET', `/api/admin/customers/${c.customerId}/transactions`)).json().result;
      expect(txns.items[0]).toMatchObject({ kind: 'prize', amount_cents: 2500 });

      const note = await support.call('POST', `/api/admin/customers/${c.customerId}/notes`, { body: 'Called in.' });
      expect(note.statusCode, note.body).toBe(200);
      expect(note.json().result).toMatchObject({ body: 'Called in.', author: support.id });
      expect((await support.call('GET', `/api/admin/customers/${c.customerId}/notes`)).json().result.total).toBe(1);
      // Finance reads notes but may not write them.
      expect((await finance.call('POST', `/api/admin/customers/${c.customerId}/notes`, { body: 'x' })).statusCode).toBe(
        403,
      );

      const unlock = await support.call('POST', `/api/admin/customers/${c.customerId}/unlock-2fa`);
      expect(unlock.json().result).toEqual({ changed: false, message: 'Two-factor authentication was not locked.' });
      const force = await support.call('POST', `/api/admin/customers/${c.customerId}/force-password-change`);
      expect(force.json().result.changed).toBe(true);
      expect(
        (await support.call('POST', `/api/admin/customers/${c.customerId}/force-password-change`)).json().result
          .changed,
      ).toBe(false);

      const badBreak = await support.call('POST', `/api/admin/customers/${c.customerId}/break`, { days: 3 });
      expect(badBreak.statusCode).toBe(422);
      const brk = await support.call('POST', `/api/admin/customers/${c.customerId}/break`, { days: 7 });
      expect(brk.statusCode, brk.body).toBe(200);
      expect(brk.json().result).toMatchObject({ kind: 'take_a_break', period: '1w' });
      const after = (await support.call('GET', `/api/admin/customers/${c.customerId}`)).json().result;
      expect(after.customer.force_password_change).toBe(true);
      expect(after.exclusion).toMatchObject({ kind: 'take_a_break' });
      // The refused length never reached the service: one entry, the break started.
      expect(await auditOf(t, 'customer.break')).toEqual([
        expect.objectContaining({ outcome: 'ok', target: c.customerId, detail: expect.objectContaining({ days: 7 }) }),
      ]);

      expect((await support.call('GET', '/api/admin/customers/cus_nobody')).statusCode).toBe(404);
      // A customer's token is not an operator's; a role without the permission is refused and audited.
      expect((await as(t, c.accessToken)('GET', '/api/admin/customers')).statusCode).toBe(401);
      expect((await editor.call('GET', `/api/admin/customers/${c.customerId}`)).statusCode).toBe(403);
      expect((await auditOf(t, 'GET /api/admin/customers/:customerId')).at(-1)).toMatchObject({
        actor: editor.id,
        outcome: 'denied',
        detail: { permission: 'customers.read', role: 'content_editor' },
      });
    });
  });
});

describe('money', () => {
  it('pays a withdrawal once when two finance operators approve it at the same moment', async () => {
    await withTestApp({ database }, async (t) => {
      const { finance, finance2 } = await staff(t, 'finance', 'finance2');
      const c = await customerWithWinnings(t, 5000);
      const withdrawals = t.services.payments.withdrawals;
      const a = await withdrawals.withdraw(c.customerId, 'tw', 'test', { amount: 20 });
      const b = await withdrawals.withdraw(c.customerId, 'tw', 'test', { amount: 5 });
      const d = await withdrawals.withdraw(c.customerId, 'tw', 'test', { amount: 5 });

      const pending = await finance.call('GET', '/api/admin/withdrawals?status=pending');
      expect(pending.json().result.total).toBeGreaterThanOrEqual(3);
      expect(pending.json().result.items.map((w: Json) => w.id)).toEqual(expect.arrayContaining([a.id, b.id, d.id]));

      const clicks = await Promise.all([
        finance.call('POST', `/api/admin/withdrawals/${a.id}/approve`),
        finance2.call('POST', `/api/admin/withdrawals/${a.id}/approve`),
        finance.call('POST', `/api/admin/withdrawals/${a.id}/approve`),
      ]);
      expect(clicks.map((r: { statusCode: number }) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const paid = await t.database.pool.query(
        "select count(*)::int as n from wallet_entries where reference = $1 and kind = 'withdrawal_paid'",
        [`withdrawal:${a.id}:paid`],
      );
      expect(paid.rows[0].n).toBe(1);
      expect(await t.services.ledger.fundsSummary(c.customerId)).toMatchObject({
        withdrawableCents: 2000,
        pendingWithdrawalsCents: 1000,
      });

      const noReason = await finance.call('POST', `/api/admin/withdrawals/${b.id}/reject`, {});
      expect(noReason.statusCode).toBe(422);
      const rejected = await finance.call('POST', `/api/admin/withdrawals/${b.id}/reject`, { reason: 'Name mismatch' });
      expect(rejected.json().result).toMatchObject({ status: 'rejected', reason: 'Name mismatch' });
      const bulk = await finance2.call('POST', '/api/admin/withdrawals/approve', { ids: [d.id, b.id] });
      expect(bulk.json().result.items).toEqual([
        { id: d.id, outcome: 'paid', message: null },
        { id: b.id, outcome: 'failed', message: `Withdrawal ${b.id} is already rejected.` },
      ]);
      expect(await t.services.ledger.fundsSummary(c.customerId)).toMatchObject({
        withdrawableCents: 2500,
        pendingWithdrawalsCents: 0,
      });
      const approvals = await auditOf(t, 'withdrawal.approve');
      expect(
        approvals
          .filter((e) => e.target === a.id)
          .map((e) => e.outcome)
          .sort(),
      ).toEqual(['failed', 'failed', 'ok']);
    });
  });

  it('moves money by manual adjustment only when a different finance operator approves it, once', async () => {
    await withTestApp({ database }, async (t) => {
      const { finance, finance2 } = await staff(t, 'finance', 'finance2');
      const c = await customerWithWinnings(t, 1000);
      const asked = await finance.call('POST', '/api/admin/adjustments', {
        customerId: c.customerId,
        amountCents: 750,
        direction: 'credit',
        reason: 'Goodwill after an outage',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const adj = asked.json().result;
      expect(adj).toMatchObject({ status: 'pending', requested_by: finance.id, currency: 'AUD' });
      expect((await t.services.ledger.fundsSummary(c.customerId)).balanceCents).toBe(1000);

      const own = await finance.call('POST', `/api/admin/adjustments/${adj.id}/approve`);
      expect(own.statusCode).toBe(403);
      expect(own.json().messages[0].text).toBe('You cannot approve your own adjustment.');
      expect((await auditOf(t, 'adjustment.approve')).at(-1)).toMatchObject({ actor: finance.id, outcome: 'denied' });

      const twice = await Promise.all([
        finance2.call('POST', `/api/admin/adjustments/${adj.id}/approve`),
        finance2.call('POST', `/api/admin/adjustments/${adj.id}/approve`),
      ]);
      expect(twice.map((r: { statusCode: number }) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await t.services.ledger.fundsSummary(c.customerId)).balanceCents).toBe(1750);
      const approved = twice.find((r: { statusCode: number }) => r.statusCode === 200)!.json().result;
      expect(approved).toMatchObject({ status: 'approved', decided_by: finance2.id, entry_id: expect.any(String) });

      const tooMuch = (
        await finance2.call('POST', '/api/admin/adjustments', {
          customerId: c.customerId,
          amountCents: 999_999,
          direction: 'debit',
          reason: 'Chargeback',
        })
      ).json().result;
      const refused = await finance.call('POST', `/api/admin/adjustments/${tooMuch.id}/approve`);
      expect(refused.statusCode).toBe(422);
      const rejected = await finance.call('POST', `/api/admin/adjustments/${tooMuch.id}/reject`, {
        reason: 'Too much',
      });
      expect(rejected.json().result).toMatchObject({ status: 'rejected', reject_reason: 'Too much' });
      expect((await t.services.ledger.fundsSummary(c.customerId)).balanceCents).toBe(1750);
      expect((await finance.call('GET', '/api/admin/adjustments?status=pending')).json().result.items).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ id: adj.id })]),
      );
      expect(
        (
          await finance.call('POST', '/api/admin/adjustments', {
            customerId: 'cus_nobody',
            amountCents: 1,
            direction: 'credit',
            reason: 'x',
          })
        ).statusCode,
      ).toBe(404);

      const day = t.clock.now().toISOString().slice(0, 10);
      const report = await finance.call('GET', `/api/admin/ledger/daily?from=${day}&to=${day}`);
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().result.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ account: 'house:manual_adjustments', currency: 'AUD', out_cents: 750 }),
        ]),
      );
      const csv = await finance.call('GET', `/api/admin/ledger/daily?from=${day}&to=${day}&format=csv`);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body.split('\r\n')[0]).toBe('day,account,currency,in_cents,out_cents,entries');
      expect(csv.body).toMatch(/,house:manual_adjustments,AUD,0,750,1\r\n/);
      expect((await finance.call('GET', `/api/admin/ledger/daily?from=${day}&to=2000-01-01`)).statusCode).toBe(422);
    });
  });
});

describe('draws', () => {
  it('makes a result official only when a second draw officer confirms it; settlement waits for it', async () => {
    await withTestApp({ database, now: '2026-03-01T00:00:00Z' }, async (t) => {
      await t.services.draws.ensureSchedule('oz-lotto');
      t.clock.set('2026-03-03T09:45:00Z'); // after the 3 March draw's sales stop
      const { draw_officer: first, draw_officer2: second } = await staff(t, 'draw_officer', 'draw_officer2');
      const draw = (await t.services.draws.getDrawByNumber('oz-lotto', 1672))!;
      const url = `/api/admin/draws/${draw.id}`;

      const listed = await first.call('GET', '/api/admin/draws?offer=oz-lotto&status=DRAW_OPEN&limit=2');
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().result.items[0]).toMatchObject({ id: draw.id, draw_no: 1672 });

      const bad = await first.call('POST', `${url}/results`, { numbers: [1, 2, 3, 4, 5, 6, 48], supps: [7, 8, 9] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().messages[0].text).toContain('Oz Lotto needs 7 main numbers between 1 and 47');
      const badDivision = await first.call('POST', `${url}/results`, {
        numbers: [1, 2, 3, 4, 5, 6, 7],
        supps: [8, 9, 10],
        dividends: [{ division: 12, prizeCents: 100 }],
      });
      expect(badDivision.json().messages[0].text).toBe('Oz Lotto has no division 12.');

      const entered = {
        numbers: [1, 2, 3, 4, 5, 6, 7],
        supps: [8, 9, 10],
        dividends: [{ division: 1, prizeCents: 1e8 }],
      };
      const proposed = await first.call('POST', `${url}/results`, entered);
      expect(proposed.statusCode, proposed.body).toBe(200);
      expect(proposed.json().result).toMatchObject({ status: 'proposed', proposed_by: first.id });
      expect((await t.services.draws.getDraw(draw.id))!.result).toBeNull();

      const early = await first.call('POST', `${url}/settle`);
      expect(early.statusCode).toBe(409);
      expect(early.json().messages[0].text).toBe(
        'This draw has no confirmed result yet: a second operator must confirm the result before settlement.',
      );
      const own = await first.call('POST', `${url}/results/confirm`);
      expect(own.statusCode).toBe(403);
      expect((await t.services.draws.getDraw(draw.id))!.result).toBeNull();

      const confirmed = await second.call('POST', `${url}/results/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().result).toMatchObject({
        proposal: { status: 'confirmed', confirmed_by: second.id },
        draw: { status: 'DRAW_DRAWN', result_source: 'manual', result: { numbers: [1, 2, 3, 4, 5, 6, 7] } },
      });
      expect((await second.call('POST', `${url}/results/confirm`)).statusCode).toBe(409);

      const settled = await second.call('POST', `${url}/settle`);
      expect(settled.statusCode, settled.body).toBe(200);
      expect(settled.json().result.status).toBe('DRAW_PAID');
      expect((await first.call('POST', `${url}/settle`)).json().result).toMatchObject({
        status: 'DRAW_PAID',
        prizes_recorded: 0,
      });
      const winners = await first.call('GET', `${url}/winners`);
      expect(winners.json().result).toMatchObject({ draw_id: draw.id, total_prize_cents: 0, winners: [] });
      expect((await auditOf(t, 'draw.result.confirm')).map((e) => e.outcome)).toEqual(
        expect.arrayContaining(['denied', 'ok', 'failed']),
      );
    });
  });
});

describe('closing a draw', () => {
  it("closes a draw's sales now so its result can be entered; the next draw goes on standard sale; once", async () => {
    await withTestApp({ database, now: '2026-04-01T00:00:00Z' }, async (t) => {
      await t.services.draws.ensureSchedule('weekday-windfall');
      const { draw_officer: officer, support } = await staff(t, 'draw_officer', 'support');
      const [draw, next] = await t.services.draws.upcomingDraws('weekday-windfall', 2);
      const url = `/api/admin/draws/${draw!.id}`;
      const result = { numbers: [1, 2, 3, 4, 5, 6], supps: [7, 8] };
      expect((await officer.call('POST', `${url}/results`, result)).statusCode).toBe(409);
      expect((await support.call('POST', `${url}/close`)).statusCode).toBe(403);

      const closed = await Promise.all([officer.call('POST', `${url}/close`), officer.call('POST', `${url}/close`)]);
      expect(closed.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(closed.map((r) => r.json().result.changed).sort()).toEqual([false, true]);
      expect((await officer.call('GET', url)).json().result).toMatchObject({ id: draw!.id, status: 'DRAW_CLOSED' });
      const upcoming = await t.services.draws.upcomingDraws('weekday-windfall', 1);
      expect(upcoming[0]).toMatchObject({ id: next!.id, purchaseStatus: 'standard' });
      expect((await officer.call('POST', `${url}/results`, result)).statusCode).toBe(200);
      expect((await auditOf(t, 'draw.close')).map((e) => [e.target, e.outcome])).toEqual([
        [draw!.id, 'ok'],
        [draw!.id, 'ok'],
      ]);
    });
  });
});

describe('catalogue and promotions', () => {
  it('an admin suspends and resumes an offer and creates a promotion code with limits; rule breaks refused', async () => {
    await withTestApp({ database }, async (t) => {
      const { admin, support } = await staff(t, 'support');
      const offers = (await admin.call('GET', '/api/admin/offers')).json().result as Json[];
      const key = offers[0]!.key as string;
      const suspended = await admin.call('POST', `/api/admin/offers/${key}/suspend`);
      expect(suspended.json().result).toMatchObject({ key, suspended: true });
      expect((await admin.call('POST', `/api/admin/offers/${key}/resume`)).json().result.suspended).toBe(false);
      expect((await admin.call('POST', '/api/admin/offers/no-such-offer/suspend')).statusCode).toBe(404);
      expect((await auditOf(t, 'offer.suspend')).map((e) => e.outcome)).toEqual(['ok', 'failed']);

      const body = {
        code: 'SPRING10',
        type: 'voucher_percent_discount',
        value: 1000,
        description: '10% off',
        maxRedemptions: 100,
        maxPerCustomer: 1,
      };
      const created = await admin.call('POST', '/api/admin/promotions', body);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().result).toMatchObject({
        code: 'SPRING10',
        max_redemptions: 100,
        max_per_customer: 1,
        usage: { redemptions: 0 },
      });
      expect((await admin.call('POST', '/api/admin/promotions', { ...body, code: 'spring10' })).statusCode).toBe(409);
      expect(
        (await admin.call('POST', '/api/admin/promotions', { ...body, code: 'X2', value: 20_000 })).statusCode,
      ).toBe(422);
      const listed = (await admin.call('GET', '/api/admin/promotions?limit=100')).json().result;
      expect(listed.items).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'SPRING10' })]));
      expect((await support.call('POST', '/api/admin/promotions', body)).statusCode).toBe(403);
    });
  });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A customer who uploaded a photo of their ID (pending review). */
async function customerWithDocument(t: TestApp) {
  const c = await signUpAndLogin(t);
  const m = multipartBody([{ field: 'files', filename: 'licence front é.png', data: PNG, type: 'image/png' }]);
  const r = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/customer/verification',
    headers: { authorization: `Bearer ${c.accessToken}`, 'content-type': m.contentType },
    payload: m.payload,
  });
  if (r.statusCode !== 200) throw new Error(`upload failed: ${r.statusCode} ${r.body}`);
  return c;
}

describe('identity documents', () => {
  it("support opens a customer's uploaded file (an audited read) and approves it with a note", async () => {
    await withTestApp({ database }, async (t) => {
      const { support, finance } = await staff(t, 'support', 'finance');
      const c = await customerWithDocument(t);
      const other = await customerWithDocument(t);

      const listed = await support.call('GET', `/api/admin/customers/${c.customerId}/documents`);
      expect(listed.statusCode, listed.body).toBe(200);
      const [doc] = listed.json().result as Json[];
      expect(doc).toMatchObject({
        name: 'licence front é.png',
        mime_type: 'image/png',
        size_bytes: PNG.length,
        status: 'pending',
        decided_at: null,
      });
      expect(doc!.id).toMatch(/^doc_[0-9a-f]{32}$/);
      const queue = (await support.call('GET', '/api/admin/verifications')).json().result.items as Json[];
      expect(queue.find((v) => v.customer_id === c.customerId)?.files[0].id).toBe(doc!.id);

      const file = await support.call('GET', `/api/admin/customers/${c.customerId}/documents/${doc!.id}`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="licence front _.png"; filename*=UTF-8''licence%20front%20%C3%A9.png`,
      );
      expect((await auditOf(t, 'customer.document.read')).at(-1)).toMatchObject({
        actor: support.id,
        target: c.customerId,
        outcome: 'ok',
        detail: { document: doc!.id, name: 'licence front é.png', mimeType: 'image/png' },
      });

      // Another customer's address for the file, a made-up id, a malformed one, and a role without kyc.review.
      const otherDoc = (await support.call('GET', `/api/admin/customers/${other.customerId}/documents`)).json()
        .result[0].id;
      expect((await support.call('GET', `/api/admin/customers/${c.customerId}/documents/${otherDoc}`)).statusCode).toBe(
        404,
      );
      const missing = await support.call('GET', `/api/admin/customers/${c.customerId}/documents/doc_${'a'.repeat(32)}`);
      expect(missing.statusCode).toBe(404);
      expect((await auditOf(t, 'customer.document.read')).at(-1)).toMatchObject({ outcome: 'failed' });
      expect((await support.call('GET', `/api/admin/customers/${c.customerId}/documents/..%2Fx`)).statusCode).toBe(422);
      expect((await finance.call('GET', `/api/admin/customers/${c.customerId}/documents/${doc!.id}`)).statusCode).toBe(
        403,
      );

      const approved = await support.call('POST', `/api/admin/customers/${c.customerId}/documents/approve`, {
        reason: 'Licence matches the account details.',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().result).toMatchObject({ customer_id: c.customerId, status: 'verified' });
      expect((await auditOf(t, 'verification.approve')).at(-1)).toMatchObject({
        actor: support.id,
        outcome: 'ok',
        detail: { reason: 'Licence matches the account details.' },
      });
      const overview = (await support.call('GET', `/api/admin/customers/${c.customerId}`)).json().result;
      expect(overview.verification).toEqual({ is_verified: true, documents_pending: false });
      const decided = (await support.call('GET', `/api/admin/customers/${c.customerId}/documents`)).json().result;
      expect(decided).toMatchObject([
        { id: doc!.id, status: 'verified', review_reason: 'Licence matches the account details.' },
      ]);
      // A decided document can still be opened; a second approval finds nothing waiting.
      expect((await support.call('GET', `/api/admin/customers/${c.customerId}/documents/${doc!.id}`)).statusCode).toBe(
        200,
      );
      const again = await support.call('POST', `/api/admin/customers/${c.customerId}/documents/approve`);
      expect(again.statusCode, again.body).toBe(404);
    });
  });
});

describe('notification campaigns', () => {
  it("a content editor sends a campaign to a segment's customers once, however often it is sent; audited", async () => {
    await withTestApp({ database }, async (t) => {
      const { content_editor: editor, support } = await staff(t, 'content_editor', 'support');
      const customers = [await verifiedCustomer(t), await verifiedCustomer(t)];
      const segments = await editor.call('GET', '/api/admin/campaigns/segments');
      expect(segments.statusCode, segments.body).toBe(200);
      const audience = (segments.json().result as Json[]).find((s) => s.segment_name === 'default')!.customers;
      expect(audience).toBeGreaterThanOrEqual(2);

      const body = {
        segment: 'default',
        key: 'bo-campaign-spring',
        title: 'Spring jackpots',
        message: 'Three big draws this week.',
        link: '/lotto-tickets',
        linkText: 'Play now',
      };
      // Bad input: refused per field, nothing posted.
      const bad = await editor.call('POST', '/api/admin/campaigns', { ...body, linkText: undefined, title: '' });
      expect(bad.statusCode).toBe(422);
      const unknown = await editor.call('POST', '/api/admin/campaigns', { ...body, segment: 'nowhere' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().messages[0].text).toBe('There is no segment named "nowhere".');
      expect(await feedCardsOf(t.database, customers[0]!.customerId, 'campaign')).toEqual([]);
      expect((await support.call('POST', '/api/admin/campaigns', body)).statusCode).toBe(403);

      // A double click: the same key twice at once posts one card per customer.
      const sent = await Promise.all([
        editor.call('POST', '/api/admin/campaigns', body),
        editor.call('POST', '/api/admin/campaigns', body),
      ]);
      expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
      const results = sent.map((r) => r.json().result as Json);
      expect(results[0]).toMatchObject({ segment: 'default', key: body.key, audience });
      expect(results[0]!.posted + results[1]!.posted).toBe(audience);
      const again = await editor.call('POST', '/api/admin/campaigns', body);
      expect(again.json().result).toMatchObject({ audience, posted: 0 });
      for (const c of customers)
        expect(await feedCardsOf(t.database, c.customerId, 'campaign')).toEqual([
          expect.objectContaining({
            title: 'Spring jackpots',
            links: ['/lotto-tickets'],
            dedupeKey: 'campaign:bo-campaign-spring',
          }),
        ]);
      const audit = await auditOf(t, 'notification.campaign');
      expect(audit.map((e) => [e.actor, e.target, e.outcome])).toEqual([
        [editor.id, 'nowhere', 'failed'],
        [editor.id, 'default', 'ok'],
        [editor.id, 'default', 'ok'],
        [editor.id, 'default', 'ok'],
      ]);
      expect(audit[1]!.detail).toMatchObject({ key: body.key, title: 'Spring jackpots', audience });
    });
  });
});

describe('closing an account', () => {
  it('support closes an account with a reason: no sign-in, no purchases, the balance stays; audited', async () => {
    await withTestApp({ database }, async (t) => {
      const { support, finance } = await staff(t, 'support', 'finance');
      const c = await customerWithWinnings(t, 4200);

      expect((await support.call('POST', `/api/admin/customers/${c.customerId}/close`, {})).statusCode).toBe(422);
      expect(
        (await support.call('POST', `/api/admin/customers/${c.customerId}/close`, { reason: ' ' })).statusCode,
      ).toBe(422);
      expect(
        (await finance.call('POST', `/api/admin/customers/${c.customerId}/close`, { reason: 'Asked by phone.' }))
          .statusCode,
      ).toBe(403);
      expect((await support.call('POST', '/api/admin/customers/cus_nobody/close', { reason: 'x' })).statusCode).toBe(
        404,
      );

      const [first, second] = await Promise.all([
        support.call('POST', `/api/admin/customers/${c.customerId}/close`, { reason: 'Asked by phone.' }),
        support.call('POST', `/api/admin/customers/${c.customerId}/close`, { reason: 'Asked by phone.' }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect([first.json().result.changed, second.json().result.changed].sort()).toEqual([false, true]);
      const closures = await auditOf(t, 'customer.close');
      expect(closures.filter((a) => a.target === c.customerId && a.outcome === 'ok')).toHaveLength(2);
      expect(closures.at(-1)?.detail).toMatchObject({ reason: 'Asked by phone.' });
      const emails = await t.database.pool.query(
        "select count(*)::int as n from notifications_outbox where kind = 'account_closed' and to_address = $1",
        [c.email],
      );
      expect(emails.rows[0].n).toBe(1);

      // The customer's token stops working and they cannot sign in again.
      const me = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/customer',
        headers: { authorization: `Bearer ${c.accessToken}` },
      });
      expect(me.statusCode).toBe(401);
      const login = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/login',
        payload: { email: c.email, password: c.password },
      });
      expect(login.statusCode).toBe(401);
      // Purchases stop too (a scheduled one goes through the same guard), and the money is left as it was.
      expect(await t.services.directory.licensingRestriction(c.customerId)).toMatchObject({ code: 'account_closed' });
      const overview = (await support.call('GET', `/api/admin/customers/${c.customerId}`)).json().result;
      expect(overview.customer.status).toBe('closed');
      expect(overview.funds).toMatchObject({ balance_cents: 4200, withdrawable_cents: 4200 });
    });
  });
});

describe('reopening an account', () => {
  const reopen = (call: OperatorCall, id: string, reason: string | null = 'Asked by phone to come back.') =>
    call('POST', `/api/admin/customers/${id}/reopen`, reason === null ? {} : { reason });

  it('support reopens a closed account with a reason: the customer signs in and buys again; audited', async () => {
    await withTestApp({ database }, async (t) => {
      const { support, finance } = await staff(t, 'support', 'finance');
      const c = await customerWithWinnings(t, 4200);
      const open = await reopen(support.call, c.customerId);
      expect(open.statusCode, open.body).toBe(200);
      expect(open.json().result).toEqual({ changed: false, message: 'The account was already open.' });
      await support.call('POST', `/api/admin/customers/${c.customerId}/close`, { reason: 'Asked by phone.' });

      expect((await reopen(support.call, c.customerId, null)).statusCode).toBe(422);
      expect((await reopen(support.call, c.customerId, '  ')).statusCode).toBe(422);
      expect((await reopen(support.call, 'cus_nobody')).statusCode).toBe(404);
      // The wrong role is refused before anything is read, and the refusal is in the audit log.
      expect((await reopen(finance.call, c.customerId)).statusCode).toBe(403);
      const denied = await t.database.pool.query(
        "select count(*)::int as n from operator_audit where actor = $1 and outcome = 'denied' and action = $2",
        [finance.id, 'POST /api/admin/customers/:customerId/reopen'],
      );
      expect(denied.rows[0].n).toBe(1);
      expect((await support.call('GET', `/api/admin/customers/${c.customerId}`)).json().result.customer.status).toBe(
        'closed',
      );

      const both = await Promise.all([reopen(support.call, c.customerId), reopen(support.call, c.customerId)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().result.changed).sort()).toEqual([false, true]);
      const emails = await t.database.pool.query(
        "select count(*)::int as n from notifications_outbox where kind = 'account_reopened' and to_address = $1",
        [c.email],
      );
      expect(emails.rows[0].n).toBe(1);
      const audit = (await auditOf(t, 'customer.reopen')).filter((a) => a.target === c.customerId);
      const reopened = audit.find((a) => a.outcome === 'ok' && a.detail.changed === true)!;
      expect(reopened).toMatchObject({ actor: support.id });
      expect(reopened.detail).toMatchObject({
        reason: 'Asked by phone to come back.',
        before: { status: 'closed', closureReason: 'Asked by phone.' },
        after: { status: 'active', closedAt: null },
      });
      expect(audit.filter((a) => a.outcome === 'failed').map((a) => a.detail.status)).toEqual([]);

      const overview = (await support.call('GET', `/api/admin/customers/${c.customerId}`)).json().result;
      expect(overview.customer).toMatchObject({ status: 'active', closed_at: null });
      expect(overview.funds).toMatchObject({ balance_cents: 4200 });
      // The old token stays ended; the password signs in again and the purchase guard lets them buy.
      const old = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/customer',
        headers: { authorization: `Bearer ${c.accessToken}` },
      });
      expect(old.statusCode).toBe(401);
      const login = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/login',
        payload: { email: c.email, password: c.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(await t.services.directory.licensingRestriction(c.customerId)).toBeNull();
      const headers = { authorization: `Bearer ${login.json().result.access_token}` };
      const added = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/items',
        headers,
        payload: { item: OZ_LOTTO_TICKET },
        sign: { version: '3.3' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const bought = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/purchase',
        headers: { ...headers, 'idempotency-key': `reopen-${c.customerId}` },
        payload: { purchase: {} },
        sign: { version: '3.3' },
      });
      expect(bought.statusCode, bought.body).toBe(200);
    });
  });

  it('an account closed while a self-exclusion is in force stays closed until it ends; a taken email refuses', async () => {
    await withTestApp({ database }, async (t) => {
      const { support } = await staff(t, 'support');
      const c = await verifiedCustomer(t);
      const excluded = await t.services.responsibleGambling.exclusions.selfExclude(c.customerId, '6m');
      await support.call('POST', `/api/admin/customers/${c.customerId}/close`, { reason: 'Gambling harm.' });

      const refused = await reopen(support.call, c.customerId);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().messages[0]).toMatchObject({ code: 'self_excluded' });
      expect(refused.json().messages[0].text).toMatch(
        /stays closed: the customer is self-excluded until \d+ \w+ \d{4}/,
      );
      expect((await auditOf(t, 'customer.reopen')).at(-1)).toMatchObject({
        target: c.customerId,
        outcome: 'failed',
        detail: { status: 422, reason: refused.json().messages[0].text },
      });
      expect((await support.call('GET', `/api/admin/customers/${c.customerId}`)).json().result.customer.status).toBe(
        'closed',
      );

      // Once the self-exclusion has ended, the closure is an operator's decision again; but the email has been
      // used for a new account meanwhile, so this one stays closed (one open account per email).
      t.clock.set(new Date(new Date(excluded.endsAt).getTime() + 60_000));
      const { support: later } = await staff(t, 'support');
      const again = await signUpAndLogin(t, { email: c.email });
      const taken = await reopen(later.call, c.customerId);
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json().messages[0]).toMatchObject({ code: 'email_taken' });
      await later.call('POST', `/api/admin/customers/${again.customerId}/close`, { reason: 'Duplicate account.' });
      const ok = await reopen(later.call, c.customerId);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().result.changed).toBe(true);
    });
  });
});

describe('syndicate and giveaway draws', () => {
  it('a draw officer lists syndicates and giveaways and draws a giveaway now, once; audited', async () => {
    await withTestApp({ database }, async (t) => {
      const { draw_officer: officer, finance } = await staff(t, 'draw_officer', 'finance');
      const syndicates = await officer.call('GET', '/api/admin/syndicates');
      expect(syndicates.statusCode, syndicates.body).toBe(200);
      for (const syn of syndicates.json().result as Json[])
        expect(syn).toMatchObject({ id: expect.stringMatching(/^syn_/), draw_id: expect.any(String) });

      await t.services.membership.giveaways.ensureCurrent();
      const open = await officer.call('GET', '/api/admin/giveaways?status=open&limit=50');
      expect(open.statusCode, open.body).toBe(200);
      const daily = (open.json().result.items as Json[]).find((g) => g.type === 'daily')!;
      expect(daily).toMatchObject({ id: expect.stringMatching(/^gwy_/), status: 'DRAW_OPEN' });
      expect(daily.verify_path).toBe(`/daily-winners/giveaways/daily/${daily.draw_number}/verify`);

      expect((await finance.call('POST', `/api/admin/giveaways/${daily.id}/draw`)).statusCode).toBe(403);
      const drawn = await officer.call('POST', `/api/admin/giveaways/${daily.id}/draw`);
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect(drawn.json().result).toMatchObject({ drawn: true, seed: expect.any(String) });
      expect(drawn.json().result.giveaway.status).not.toBe('DRAW_OPEN');
      const again = await officer.call('POST', `/api/admin/giveaways/${daily.id}/draw`);
      expect(again.json().result).toMatchObject({ drawn: false, seed: drawn.json().result.seed });
      expect((await officer.call('POST', '/api/admin/giveaways/gwy_nothing/draw')).statusCode).toBe(404);
      expect((await auditOf(t, 'giveaway.draw')).map((e) => [e.target, e.outcome])).toEqual([
        [daily.id, 'ok'],
        [daily.id, 'ok'],
        ['gwy_nothing', 'failed'],
      ]);
    });
  });
});

/** Every admin route, its permission (null: any signed-in operator); a route missing here fails the walk. */
const MATRIX: Record<string, Permission | null> = {
  'GET /api/admin/me': null,
  'POST /api/admin/me/password': null,
  'GET /api/admin/operators': 'operators.manage',
  'POST /api/admin/operators': 'operators.manage',
  'GET /api/admin/audit': 'audit.read',
  'GET /api/admin/feedback': 'feedback.read',
  'GET /api/admin/customers': 'customers.read',
  'GET /api/admin/customers/:customerId': 'customers.read',
  'GET /api/admin/customers/:customerId/orders': 'customers.read',
  'GET /api/admin/customers/:customerId/tickets': 'customers.read',
  'GET /api/admin/customers/:customerId/transactions': 'customers.read',
  'GET /api/admin/customers/:customerId/notes': 'customers.read',
  'POST /api/admin/customers/:customerId/notes': 'customers.support',
  'POST /api/admin/customers/:customerId/unlock-2fa': 'customers.support',
  'POST /api/admin/customers/:customerId/force-password-change': 'customers.support',
  'POST /api/admin/customers/:customerId/break': 'customers.support',
  'POST /api/admin/customers/:customerId/close': 'customers.support',
  'POST /api/admin/customers/:customerId/reopen': 'customers.support',
  'GET /api/admin/withdrawals': 'withdrawals.manage',
  'POST /api/admin/withdrawals/:withdrawalId/approve': 'withdrawals.manage',
  'POST /api/admin/withdrawals/:withdrawalId/reject': 'withdrawals.manage',
  'POST /api/admin/withdrawals/approve': 'withdrawals.manage',
  'GET /api/admin/adjustments': 'adjustments.manage',
  'POST /api/admin/adjustments': 'adjustments.manage',
  'POST /api/admin/adjustments/:adjustmentId/approve': 'adjustments.manage',
  'POST /api/admin/adjustments/:adjustmentId/reject': 'adjustments.manage',
  'GET /api/admin/ledger/daily': 'ledger.read',
  'GET /api/admin/deposits': 'deposits.manage',
  'GET /api/admin/deposits/reconciliation': 'deposits.manage',
  'POST /api/admin/deposits/reconcile': 'deposits.manage',
  'POST /api/admin/deposits/:depositId/refund': 'deposits.manage',
  'GET /api/admin/draws': 'draws.manage',
  'GET /api/admin/draws/:drawId': 'draws.manage',
  'POST /api/admin/draws/:drawId/close': 'draws.manage',
  'GET /api/admin/draws/:drawId/results': 'draws.manage',
  'POST /api/admin/draws/:drawId/results': 'draws.manage',
  'POST /api/admin/draws/:drawId/results/confirm': 'draws.manage',
  'POST /api/admin/draws/results/import': 'draws.manage',
  'POST /api/admin/draws/:drawId/settle': 'draws.manage',
  'GET /api/admin/draws/:drawId/winners': 'draws.manage',
  'POST /api/admin/raffles/:drawId/draw': 'draws.manage',
  'GET /api/admin/verifications': 'kyc.review',
  'GET /api/admin/customers/:customerId/documents': 'kyc.review',
  'GET /api/admin/customers/:customerId/documents/:documentId': 'kyc.review',
  'POST /api/admin/customers/:customerId/documents/approve': 'kyc.review',
  'POST /api/admin/customers/:customerId/documents/reject': 'kyc.review',
  'GET /api/admin/dashboard': 'dashboard.read',
  'GET /api/admin/offers': 'catalogue.manage',
  'POST /api/admin/offers/:key/suspend': 'catalogue.manage',
  'POST /api/admin/offers/:key/resume': 'catalogue.manage',
  'GET /api/admin/promotions': 'catalogue.manage',
  'POST /api/admin/promotions': 'catalogue.manage',
  'PATCH /api/admin/promotions/:code': 'catalogue.manage',
  'POST /api/admin/promotions/:code/end': 'catalogue.manage',
  'GET /api/admin/price-lists': 'catalogue.manage',
  'GET /api/admin/price-lists/:pricingId': 'catalogue.manage',
  'PUT /api/admin/price-lists/:pricingId/prices/:offerKey': 'catalogue.manage',
  'POST /api/admin/operators/:operatorId/disable': 'operators.manage',
  'POST /api/admin/operators/:operatorId/reset-authenticator': 'operators.manage',
  'POST /api/admin/operators/:operatorId/enable': 'operators.manage',
  'GET /api/admin/syndicates': 'draws.manage',
  'GET /api/admin/giveaways': 'draws.manage',
  'POST /api/admin/giveaways/:giveawayId/draw': 'draws.manage',
  'GET /api/admin/campaigns/segments': 'notifications.campaign',
  'POST /api/admin/campaigns': 'notifications.campaign',
};
/** Sign-in and sign-out: walked by the operators tests (signing out here would end the walk's sessions). */
const SESSION = new Set(['POST /api/admin/session', 'DELETE /api/admin/session']);

const PLACEHOLDERS: Record<string, string> = {
  customerId: 'cus_nobody',
  withdrawalId: 'wdr_nothing',
  adjustmentId: 'adj_nothing',
  documentId: `doc_${'0'.repeat(32)}`,
  drawId: 'raf_nothing',
  key: 'no-such-offer',
  operatorId: 'op_nobody',
  giveawayId: 'gwy_nothing',
  depositId: 'dep_nothing',
  code: 'NOSUCHCODE',
  pricingId: 'no-such-list',
  offerKey: 'no-such-offer',
};

describe('the permission matrix', () => {
  it('walks every admin route with every role: allowed is never 401/403, the others are 403', async () => {
    await withTestApp({ database }, async (t) => {
      const roles = ['support', 'finance', 'draw_officer', 'content_editor'] as const;
      const office = await staff(t, ...roles);
      const callers: Record<string, OperatorCall> = { admin: office.admin.call };
      for (const role of roles) callers[role] = office[role].call;

      const routes = t.app.routeTable
        .filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => !SESSION.has(r));
      expect(
        routes.filter((r) => !(r in MATRIX)),
        'admin routes missing from the matrix',
      ).toEqual([]);
      expect(
        Object.keys(MATRIX).filter((r) => !routes.includes(r)),
        'matrix rows without a route',
      ).toEqual([]);

      const wrong: string[] = [];
      for (const route of routes) {
        const [method, url] = route.split(' ') as [
          OperatorCall extends (m: infer M, ...a: any[]) => any ? M : never,
          string,
        ];
        const path = url.replace(/:([A-Za-z]+)/g, (_, p: string) => PLACEHOLDERS[p] ?? 'x');
        const permission = MATRIX[route]!;
        for (const [role, call] of Object.entries(callers)) {
          const allowed = permission === null || (PERMISSIONS[permission] as readonly string[]).includes(role);
          const res = await call(method, path, ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined);
          const okay = allowed ? ![401, 403].includes(res.statusCode) && res.statusCode < 500 : res.statusCode === 403;
          if (!okay) wrong.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
      const denied = await t.database.pool.query(
        "select count(*)::int as n from operator_audit where outcome = 'denied' and action like '% /api/admin/%'",
      );
      expect(denied.rows[0].n).toBeGreaterThan(routes.length);
    });
  });
});
