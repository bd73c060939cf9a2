// Account migration end to end over the API (issue 19): a CSV of legacy accounts imported by the operator CLI, the
// imported customer setting a password and logging in, POST /migration/migrate (202 then 200; 409 for an
// ineligible customer), the legacy balance credited exactly once (double click, job retried after a crash), and the
// restriction kind migration blocking an eligible_hard account's purchases until it migrates.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { buildRgTestApp, type RgTestApp } from '../../../test/helpers/responsible-gambling.ts';

let t: RgTestApp;
let dir: string;
beforeAll(async () => {
  t = await buildRgTestApp({ argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-csv-'));
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
const email = (who: string) => `${who}.${randomBytes(4).toString('hex')}@legacy.example`;

async function importCsv(text: string) {
  const file = path.join(dir, `${randomBytes(4).toString('hex')}.csv`);
  fs.writeFileSync(file, text);
  return ops('migration:import', file);
}

/** The imported customer sets a password through forgot password (as the import tells them), then logs in. */
async function legacyLogin(address: string) {
  await t.injectSigned({ method: 'POST', url: '/api/v2/password/forgot', payload: { email: address } });
  const [mail] = await t.services.outbox.outboxFor(address, ['password_reset']);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
  const password = 'my legacy account passphrase';
  const reset = await t.injectSigned({ method: 'POST', url: '/api/v2/password/reset', payload: { token, password } });
  expect(reset.statusCode, reset.body).toBe(200);
  const login = await t.injectSigned({ method: 'POST', url: '/api/v2/login', payload: { email: address, password } });
  expect(login.statusCode, login.body).toBe(200);
  return { customerId: login.json().result.customer.customer_id as string };
}

const migrate = (c: { customerId: string }) =>
  t.injectSigned({ method: 'POST', url: '/api/v2/migration/migrate', headers: t.auth(c) });
const overview = async (c: { customerId: string }) =>
  (await t.injectSigned({ method: 'GET', url: '/api/v2/customer', headers: t.auth(c) })).json().result;
const balance = async (c: { customerId: string }) => (await t.ledger.fundsSummary(c.customerId)).balanceCents;
const migrationEntries = async (customerId: string) =>
  (
    await t.database.pool.query(`select count(*)::int as n from wallet_entries where reference = $1`, [
      `migration:${customerId}`,
    ])
  ).rows[0].n as number;

describe('migration:import', () => {
  it('imports every row or, with any bad row, nothing', async () => {
    const good = email('ada');
    const bad = await importCsv(
      `email,firstname,lastname,date_of_birth,balance\n${good},Ada,Legacy,1980-02-03,12.50\nnot-an-email,B,C,1980-02-03,1.005\n`,
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Line 3');
    expect(bad.err).toContain('Nothing was imported.');
    const none = await t.database.pool.query('select 1 from identity_customers where email = $1', [good]);
    expect(none.rowCount).toBe(0);

    const ok = await importCsv(`email,firstname,lastname,date_of_birth,balance\n${good},Ada,Legacy,1980-02-03,12.50\n`);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toContain('Imported 1 legacy account(s).');
    const again = await importCsv(`email,firstname,lastname,date_of_birth,balance\n${good},Ada,Legacy,1980-02-03,99\n`);
    expect(again.out).toContain(`Already imported, left as they were: ${good}`);
    expect((await ops('migration:status')).out).toMatch(/eligible_soft\s+\d+ account\(s\)/);
  });
});

describe('POST /migration/migrate', () => {
  it('202 while in progress, 200 once migrated, and the legacy balance is in the wallet exactly once', async () => {
    const address = email('bea');
    await importCsv(`email,firstname,lastname,date_of_birth,balance\n${address},Bea,Legacy,1975-06-07,45.20\n`);
    const c = await legacyLogin(address);
    expect((await overview(c)).migration_status).toBe('eligible_soft');
    expect(await balance(c)).toBe(0);

    // A double click: both answer 202 (or 200 if the job already finished); one migration is requested.
    const [first, second] = await Promise.all([migrate(c), migrate(c)]);
    expect([202, 200]).toContain(first.statusCode);
    expect([202, 200]).toContain(second.statusCode);
    await t.services.migration.runPending();
    const done = await migrate(c);
    expect(done.statusCode).toBe(200);
    expect(done.json().result).toEqual({ migration_status: 'migrated' });
    expect((await overview(c)).migration_status).toBe('migrated');
    expect(await balance(c)).toBe(4520);
    expect(await migrationEntries(c.customerId)).toBe(1);
    expect((await migrate(c)).statusCode).toBe(200);
    expect(await balance(c)).toBe(4520);
    const verify = await t.ledger.verify();
    expect(verify).toMatchObject({ unbalancedEntries: 0 });
  });

  it('a job retried after a crash (status left in progress) never credits twice', async () => {
    const address = email('cal');
    await importCsv(`email,firstname,lastname,date_of_birth,balance\n${address},Cal,Legacy,1970-01-01,10\n`);
    const c = await legacyLogin(address);
    expect((await migrate(c)).statusCode).toBe(202);
    await t.services.migration.runPending();
    // As if the process died after crediting and the row were picked up again: the ledger reference holds.
    await t.database.pool.query(`update migration_accounts set status = 'in_progress' where customer_id = $1`, [
      c.customerId,
    ]);
    await Promise.all([t.services.migration.runPending(), t.services.migration.runPending()]);
    expect(await balance(c)).toBe(1000);
    expect(await migrationEntries(c.customerId)).toBe(1);
    expect((await overview(c)).migration_status).toBe('migrated');
  });

  it('409 for a customer who has nothing to migrate, and nothing changes', async () => {
    const c = await t.customer();
    expect((await overview(c)).migration_status).toBe('ineligible');
    const res = await migrate(c);
    expect(res.statusCode).toBe(409);
    expect(res.json().messages[0].code).toBe('migration_ineligible');
    expect(await balance(c)).toBe(0);
    expect((await t.injectSigned({ method: 'POST', url: '/api/v2/migration/migrate' })).statusCode).toBe(401);
  });
});

describe('restriction kind migration', () => {
  it('an eligible_hard account buys nothing until migrated, with the reason in the cart', async () => {
    const address = email('dee');
    await importCsv(
      `email,firstname,lastname,date_of_birth,balance,eligibility\n${address},Dee,Legacy,1982-03-04,30,hard\n`,
    );
    const c = await legacyLogin(address);
    await t.identity.directory.setVerified(c.customerId, true);
    const cart = (await t.addTicket(c)).json().result;
    expect(cart.blocked_reasons.migration).toMatch(/migrate your account/);
    const refused = await t.purchaseCart(c);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages[0].code).toBe('migration');

    expect((await migrate(c)).statusCode).toBe(202);
    await t.services.migration.runPending();
    const bought = await t.purchaseCart(c);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await balance(c)).toBeLessThan(3000);
  });
});
