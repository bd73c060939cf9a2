// The deposits desk of the back office (/api/admin/deposits; docs/operators.md, docs/payments.md "Refunds") through
// the real app on a test database: finance lists and searches deposits, reconciles (twice: credited once), refunds
// part of a card deposit to the card (once per key, within the deposit and the customer's cash, a refusal by the
// gateway reversed), and a refund left pending by a crash is finished by reconciliation exactly once. The ledger
// balances after each.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { addTestCard } from '../../../test/helpers/cards.ts';
import { verifiedCustomer } from '../../../test/helpers/customers.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { backOffice, type OperatorCall } from '../../../test/helpers/operators.ts';
import type { Database } from '../../db/index.ts';

let database: Database;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());

type Json = Record<string, any>;
let n = 0;
const unique = (role: string) => `${role}-dep-${++n}@ops.test`;

async function desk(t: TestApp) {
  const office = await backOffice(t, database, unique('admin'));
  return {
    admin: office.admin,
    finance: await office.operator(unique('finance'), 'finance'),
    support: await office.operator(unique('support'), 'support'),
  };
}

/** A verified customer with an approved card deposit of `amount` dollars; the deposit id. */
async function cardDeposit(t: TestApp, amount: number) {
  const c = await verifiedCustomer(t);
  const fund = await addTestCard(t, { authorization: `Bearer ${c.accessToken}` }, '4242424242424242');
  const d = await t.services.payments.deposits.deposit(c.customerId, fund, { amount, csc: '123' });
  expect(d.status).toBe('approved');
  return { ...c, depositId: d.id };
}

const wallet = async (t: TestApp, customerId: string) => t.services.ledger.fundsSummary(customerId);
const balanced = async (t: TestApp) =>
  expect(await t.services.ledger.verify()).toMatchObject({
    unbalancedEntries: 0,
    mismatchedAccounts: 0,
    negativeCustomerAccounts: 0,
    totalCents: 0,
  });
const deposit = async (call: OperatorCall, id: string): Promise<Json> =>
  (await call('GET', `/api/admin/deposits?q=${id}`)).json().result.items[0];
const gatewayRefunds = async (t: TestApp, depositId: string) =>
  (
    await t.database.pool.query('select amount_cents from payments_test_gateway_refunds where order_id = $1', [
      depositId,
    ])
  ).rows.map((r) => Number(r.amount_cents));
const refundRows = async (t: TestApp, depositId: string) =>
  (await t.database.pool.query('select status from payments_refunds where deposit_id = $1', [depositId])).rows;

describe('deposits in the back office', () => {
  it('lists and searches deposits with the card, and refunds part of one once, within what is left', async () => {
    await withTestApp({ database }, async (t) => {
      const { finance, support } = await desk(t);
      const c = await cardDeposit(t, 50);

      const byEmail = await finance.call('GET', `/api/admin/deposits?q=${encodeURIComponent(c.email)}`);
      expect(byEmail.statusCode, byEmail.body).toBe(200);
      expect(byEmail.json().result).toMatchObject({
        total: 1,
        items: [
          {
            id: c.depositId,
            customer_id: c.customerId,
            customer_email: c.email,
            amount_cents: 5000,
            currency: 'AUD',
            status: 'approved',
            method_code: 'cc',
            card_brand: 'visa',
            card_last_4: '4242',
            refunded_cents: 0,
            refunds: [],
          },
        ],
      });
      expect((await deposit(finance.call, c.customerId)).id).toBe(c.depositId);
      expect(
        (await finance.call('GET', `/api/admin/deposits?status=failed&q=${c.customerId}`)).json().result.total,
      ).toBe(0);

      // Support may not refund: 403 and audited; a customer's token is not an operator's.
      const refused = await support.call('POST', `/api/admin/deposits/${c.depositId}/refund`, {
        amountCents: 100,
        reason: 'x',
        key: 'support-key-1',
      });
      expect(refused.statusCode).toBe(403);
      const denied = await t.database.pool.query(
        "select outcome from operator_audit where actor = $1 and action like 'POST /api/admin/deposits/%'",
        [support.id],
      );
      expect(denied.rows).toEqual([{ outcome: 'denied' }]);
      const customer = await t.app.inject({
        method: 'POST',
        url: `/api/admin/deposits/${c.depositId}/refund`,
        headers: { authorization: `Bearer ${c.accessToken}` },
        payload: { amountCents: 100, reason: 'x', key: 'customer-key-1' },
      });
      expect(customer.statusCode).toBe(401);

      // A double click: the same key twice at once refunds once.
      const body = { amountCents: 2000, reason: 'Charged twice by mistake', key: 'refund-form-0001' };
      const [a, b] = await Promise.all([
        finance.call('POST', `/api/admin/deposits/${c.depositId}/refund`, body),
        finance.call('POST', `/api/admin/deposits/${c.depositId}/refund`, body),
      ]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
      expect(a.json().result.id).toBe(b.json().result.id);
      expect(a.json().result).toMatchObject({ status: 'refunded', amount_cents: 2000, reason: body.reason });
      expect(await gatewayRefunds(t, c.depositId)).toEqual([2000]);
      expect(await wallet(t, c.customerId)).toMatchObject({ balanceCents: 3000 });
      const listed = await deposit(finance.call, c.depositId);
      expect(listed).toMatchObject({ refunded_cents: 2000, refunds: [{ status: 'refunded', amount_cents: 2000 }] });

      // The customer's transactions show the refund; the audit log has it with the amount and reason.
      const txns = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/transactions',
        headers: { authorization: `Bearer ${c.accessToken}` },
      });
      expect(txns.json().result[0]).toMatchObject({
        kind: 'deposit_refund',
        description: `Refund of deposit ${c.depositId} (Credit or debit card)`,
        amount: { amount: -20, currency: 'AUD' },
      });
      const audit = await t.database.pool.query(
        "select outcome, target, detail from operator_audit where action = 'deposit.refund' and actor = $1",
        [finance.id],
      );
      expect(audit.rows).toHaveLength(2);
      expect(audit.rows[0]).toMatchObject({ outcome: 'ok', target: c.depositId, detail: { amountCents: 2000 } });
      const email = await t.database.pool.query(
        "select count(*)::int as n from notifications_outbox where kind = 'deposit_refunded' and dedupe_key = $1",
        [`refund:${a.json().result.id}`],
      );
      expect(email.rows[0].n).toBe(1);

      // More than what is left of the deposit: 422, nothing changes.
      const tooMuch = await finance.call('POST', `/api/admin/deposits/${c.depositId}/refund`, {
        amountCents: 3001,
        reason: 'Too much',
        key: 'refund-form-0002',
      });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().messages[0].text).toBe('Only 30.00 AUD of this deposit is left to refund.');
      expect(await wallet(t, c.customerId)).toMatchObject({ balanceCents: 3000 });
      expect(await refundRows(t, c.depositId)).toHaveLength(1);

      // The same key with another amount is refused; bad input is refused before anything runs.
      const reused = await finance.call('POST', `/api/admin/deposits/${c.depositId}/refund`, {
        ...body,
        amountCents: 100,
      });
      expect(reused.statusCode).toBe(422);
      for (const bad of [
        { amountCents: 0, reason: 'x', key: 'refund-form-0003' },
        { amountCents: 100, reason: '', key: 'refund-form-0003' },
        { amountCents: 100, reason: 'x', key: 'short' },
        { amountCents: '1', reason: 'x', key: 'refund-form-0003' },
      ])
        expect((await finance.call('POST', `/api/admin/deposits/${c.depositId}/refund`, bad)).statusCode).toBe(422);
      expect(
        (await finance.call('POST', '/api/admin/deposits/dep_nothing/refund', { ...body, key: 'refund-form-0009' }))
          .statusCode,
      ).toBe(404);
      expect(await wallet(t, c.customerId)).toMatchObject({ balanceCents: 3000 });
      await balanced(t);
    });
  });

  it("refuses a refund the customer's cash cannot cover, and refunds of deposits that were not approved", async () => {
    await withTestApp({ database }, async (t) => {
      const { finance } = await desk(t);
      const c = await cardDeposit(t, 40);
      // The customer spent 30 of the 40 (a purchase takes it out of the wallet): only 10 is left to give back.
      await t.database.db.transaction((tx) =>
        t.services.ledger.debitPurchase(tx, {
          customerId: c.customerId,
          amountCents: 3000,
          currency: 'AUD',
          reference: `test:purchase:${c.customerId}`,
          description: 'Tickets',
        }),
      );
      const short = await finance.call('POST', `/api/admin/deposits/${c.depositId}/refund`, {
        amountCents: 1500,
        reason: 'Customer asked',
        key: 'refund-short-0001',
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().messages[0].text).toBe(
        "The customer's wallet holds only 10.00 AUD in deposits and winnings: a refund cannot take more.",
      );
      expect(await wallet(t, c.customerId)).toMatchObject({ balanceCents: 1000 });
      expect(await refundRows(t, c.depositId)).toEqual([]);
      expect((await deposit(finance.call, c.depositId)).refunded_cents).toBe(0);

      // A declined deposit and a pending one cannot be refunded.
      const fund = await addTestCard(t, { authorization: `Bearer ${c.accessToken}` }, '4000000000000002');
      const declined = await t.services.payments.deposits
        .deposit(c.customerId, fund, { amount: 20, csc: '123' })
        .catch(() => null);
      expect(declined).toBeNull();
      const failed = (await finance.call('GET', `/api/admin/deposits?status=failed&q=${c.customerId}`)).json().result
        .items[0];
      const notApproved = await finance.call('POST', `/api/admin/deposits/${failed.id}/refund`, {
        amountCents: 100,
        reason: 'x',
        key: 'refund-failed-0001',
      });
      expect(notApproved.statusCode).toBe(422);
      expect(notApproved.json().messages[0].text).toBe('Only an approved deposit can be refunded: this one is failed.');
      const threeDs = await addTestCard(t, { authorization: `Bearer ${c.accessToken}` }, '4000000000003220');
      const challenged = await t.services.payments.deposits.deposit(c.customerId, threeDs, { amount: 20, csc: '123' });
      expect(challenged.status).toBe('challenge');
      const pending = await finance.call('POST', `/api/admin/deposits/${challenged.id}/refund`, {
        amountCents: 100,
        reason: 'x',
        key: 'refund-pending-01',
      });
      expect(pending.statusCode).toBe(422);
      await balanced(t);
    });
  });

  it('a refund the gateway refuses is reversed in the ledger and recorded as failed', async () => {
    await withTestApp({ database }, async (t) => {
      const { finance } = await desk(t);
      const c = await cardDeposit(t, 30);
      // The gateway already refunded part of the charge outside the shop: it has only 5.00 left.
      await t.services.providers.paymentGateway.refund({
        orderId: c.depositId,
        refundId: 'outside-refund',
        amountCents: 2500,
        currency: 'AUD',
      });
      const res = await finance.call('POST', `/api/admin/deposits/${c.depositId}/refund`, {
        amountCents: 1000,
        reason: 'Customer asked',
        key: 'refund-refused-01',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().messages[0].text).toBe(
        'The gateway refused the refund: The refund is more than what is left of the charge.',
      );
      expect(await wallet(t, c.customerId)).toMatchObject({ balanceCents: 3000 });
      expect(await deposit(finance.call, c.depositId)).toMatchObject({
        refunded_cents: 0,
        refunds: [{ status: 'failed', amount_cents: 1000 }],
      });
      await balanced(t);
    });
  });

  it('reconciles twice: an approved deposit is credited once, a pending refund is refunded once', async () => {
    await withTestApp({ database }, async (t) => {
      const { finance, admin } = await desk(t);
      // The timeout card: the gateway charged, the shop never heard; the deposit stays pending.
      const c = await verifiedCustomer(t);
      const fund = await addTestCard(t, { authorization: `Bearer ${c.accessToken}` }, '4000000000000119');
      const d = await t.services.payments.deposits.deposit(c.customerId, fund, { amount: 25, csc: '123' });
      expect(d.status).toBe('pending');

      const state = await finance.call('GET', '/api/admin/deposits/reconciliation');
      expect(state.statusCode, state.body).toBe(200);
      expect(state.json().result.uncredited.map((x: Json) => x.id)).toContain(d.id);

      // A refund whose ledger movement committed but whose gateway call never happened (a crash between them).
      const other = await cardDeposit(t, 40);
      const refundId = 'rfd_crashed0000000001';
      await t.database.db.transaction(async (tx) => {
        const { entryId } = await t.services.ledger.refundDeposit(tx, {
          customerId: other.customerId,
          amountCents: 1500,
          currency: 'AUD',
          reference: `refund:${refundId}`,
          description: `Refund of deposit ${other.depositId} (Credit or debit card)`,
        });
        await tx.execute(
          sql`insert into payments_refunds (public_id, deposit_id, customer_id, amount_cents, currency, reason, status, request_key, requested_by, ledger_entry_id, created_at, updated_at)
           values (${refundId}, ${other.depositId}, ${other.customerId}, 1500, 'AUD', 'Crashed', 'pending', 'crashed-key-0001', 'op_x', ${entryId}, now(), now())`,
        );
        await tx.execute(sql`update payments_deposits set refunded_cents = 1500 where public_id = ${other.depositId}`);
      });
      expect(
        (await finance.call('GET', '/api/admin/deposits/reconciliation')).json().result.pending_refunds,
      ).toMatchObject([{ id: refundId, status: 'pending' }]);

      const [first, second] = [
        await finance.call('POST', '/api/admin/deposits/reconcile'),
        await admin('POST', '/api/admin/deposits/reconcile'),
      ];
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().result.credited.map((x: Json) => x.id)).toContain(d.id);
      expect(first.json().result.refunds).toMatchObject([{ id: refundId, status: 'refunded' }]);
      expect(second.json().result).toMatchObject({ fixed: 0, credited: [], refunds: [] });

      const entries = await t.database.pool.query(
        'select count(*)::int as n from wallet_entries where reference = $1',
        [`deposit:${d.id}`],
      );
      expect(entries.rows[0].n).toBe(1);
      expect(await wallet(t, c.customerId)).toMatchObject({ balanceCents: 2500 });
      expect(await gatewayRefunds(t, other.depositId)).toEqual([1500]);
      expect(await wallet(t, other.customerId)).toMatchObject({ balanceCents: 2500 });
      const audit = await t.database.pool.query(
        "select outcome, detail from operator_audit where action = 'deposits.reconcile' order by id",
      );
      expect(audit.rows.slice(-2).map((r) => r.detail.fixed)).toEqual([first.json().result.fixed, 0]);
      const state2 = (await finance.call('GET', '/api/admin/deposits/reconciliation')).json().result;
      expect(state2.uncredited.map((x: Json) => x.id)).not.toContain(d.id);
      expect(state2.pending_refunds).toEqual([]);
      await balanced(t);
    });
  });
});

describe('adjustment requests', () => {
  it('a second submit of the same form answers with the first request', async () => {
    await withTestApp({ database }, async (t) => {
      const { finance } = await desk(t);
      const c = await verifiedCustomer(t);
      const body = {
        customerId: c.customerId,
        amountCents: 700,
        direction: 'credit',
        reason: 'Goodwill',
        key: 'adj-form-0001',
      };
      const [a, b] = await Promise.all([
        finance.call('POST', '/api/admin/adjustments', body),
        finance.call('POST', '/api/admin/adjustments', body),
      ]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
      expect(a.json().result.id).toBe(b.json().result.id);
      const again = await finance.call('POST', '/api/admin/adjustments', body);
      expect(again.json().result.id).toBe(a.json().result.id);
      const rows = await t.database.pool.query(
        'select count(*)::int as n from backoffice_adjustments where customer_id = $1',
        [c.customerId],
      );
      expect(rows.rows[0].n).toBe(1);
      const other = await finance.call('POST', '/api/admin/adjustments', { ...body, amountCents: 800 });
      expect(other.statusCode).toBe(422);
    });
  });
});
