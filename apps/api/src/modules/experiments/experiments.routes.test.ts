// The experiment flag boost-buy-tickets through the real app on a test database: sticky variants per visitor,
// ?variant= forcing (a bogus one ignored), one exposure per visitor, conversions counted only for the customer's own
// purchase, and the CLI report of conversion per variant.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { fundWallet, ozTicket } from '../../../test/helpers/recurring.ts';
import { hashedVariant } from './experiments.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const assign = (visitorId: string | null, variant?: string, experiment = 'boost-buy-tickets') =>
  t.injectSigned({
    method: 'POST',
    url: `/api/v2/experiments/${experiment}/assignment`,
    payload: { visitor_id: visitorId, ...(variant === undefined ? {} : { variant }) },
  });

const exposures = async (visitorId: string) =>
  (
    await t.database.db.execute<{ variant: string; forced: boolean }>(
      sql`select variant, forced from experiments_exposures where visitor_id = ${visitorId}`,
    )
  ).rows;

/** A visitor id that hashes to the wanted variant. */
function visitorIn(variant: string): string {
  for (;;) {
    const id = `v-${randomBytes(6).toString('hex')}`;
    if (hashedVariant('boost-buy-tickets', id) === variant) return id;
  }
}

async function buyAs(customerId: string): Promise<string> {
  const headers = { authorization: `Bearer ${t.tokenFor(customerId)}` };
  const added = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers,
    payload: { item: ozTicket },
    sign: { version: '3.3' },
  });
  expect(added.statusCode, added.body).toBe(200);
  const bought = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...headers, 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
    payload: {},
    sign: { version: '3.3' },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json().result.checkout_id;
}

describe('POST /experiments/{key}/assignment', () => {
  it('gives a visitor the same variant every time and records one exposure', async () => {
    const id = 'visitor-sticky-1';
    const first = await assign(id);
    expect(first.statusCode, first.body).toBe(200);
    const variant = first.json().result.variant;
    expect(['control', 'treatment']).toContain(variant);
    expect(first.json().result).toEqual({ experiment: 'boost-buy-tickets', variant, enrolled: true });
    for (let i = 0; i < 3; i++) expect((await assign(id)).json().result.variant).toBe(variant);
    expect(await exposures(id)).toEqual([{ variant, forced: false }]);
  });

  it('splits visitors between both variants', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) seen.add((await assign(`visitor-split-${i}`)).json().result.variant);
    expect([...seen].sort()).toEqual(['control', 'treatment']);
  });

  it('?variant=treatment forces the treatment, and it sticks for that visitor', async () => {
    const id = visitorIn('control');
    expect((await assign(id)).json().result.variant).toBe('control');
    expect((await assign(id, 'treatment')).json().result.variant).toBe('treatment');
    expect((await assign(id)).json().result.variant).toBe('treatment');
    expect(await exposures(id)).toEqual([{ variant: 'treatment', forced: true }]);
  });

  it('?variant=bogus is ignored: the visitor keeps their own variant', async () => {
    const id = visitorIn('treatment');
    const res = await assign(id, 'bogus');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.variant).toBe('treatment');
    expect(await exposures(id)).toEqual([{ variant: 'treatment', forced: false }]);
    const control = visitorIn('control');
    expect((await assign(control, 'TREATMENT')).json().result.variant).toBe('control');
  });

  it('a visitor without an experiment id sees the control (or the forced variant) and nothing is recorded', async () => {
    const { rows: before } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from experiments_exposures`,
    );
    expect((await assign(null)).json().result).toEqual({
      experiment: 'boost-buy-tickets',
      variant: 'control',
      enrolled: false,
    });
    expect((await assign(null, 'treatment')).json().result.variant).toBe('treatment');
    expect((await assign(null, 'bogus')).json().result.variant).toBe('control');
    const { rows: after } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from experiments_exposures`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses an unknown experiment and a malformed visitor id', async () => {
    expect((await assign('visitor-x', undefined, 'other-experiment')).statusCode).toBe(422);
    const bad = await assign('has spaces and <tags>');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ status: 422, result: null });
  });
});

describe('conversions and the report', () => {
  it("counts a visitor's own purchase once, never another customer's, and reports conversion per variant", async () => {
    const buyer = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    await fundWallet(t.services, buyer.customerId, 5000);
    await fundWallet(t.services, other.customerId, 5000);
    const treated = visitorIn('treatment');
    await assign(treated);
    const checkoutId = await buyAs(buyer.customerId);
    const othersCheckout = await buyAs(other.customerId);

    const convert = (customerId: string, visitorId: string, checkout: string) =>
      t.injectSigned({
        method: 'POST',
        url: '/api/v2/experiments/conversions',
        headers: { authorization: `Bearer ${t.tokenFor(customerId)}` },
        payload: { visitor_id: visitorId, checkout_id: checkout },
      });
    // Another customer's checkout, and a visitor never exposed, count for nothing.
    expect((await convert(buyer.customerId, treated, othersCheckout)).json().result.experiments).toEqual([]);
    expect((await convert(buyer.customerId, 'never-exposed', checkoutId)).json().result.experiments).toEqual([]);
    const res = await convert(buyer.customerId, treated, checkoutId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.experiments).toEqual(['boost-buy-tickets']);
    await convert(buyer.customerId, treated, checkoutId); // the receipt seen again
    const unauthenticated = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/experiments/conversions',
      payload: { visitor_id: treated, checkout_id: checkoutId },
    });
    expect(unauthenticated.statusCode).toBe(401);

    const report = await t.services.experiments.report('boost-buy-tickets');
    const treatment = report.find((r) => r.variant === 'treatment')!;
    expect(treatment.converted).toBe(1);
    expect(treatment.rate).toBeCloseTo(1 / treatment.exposed);
    expect(report.find((r) => r.variant === 'control')!.converted).toBe(0);

    const run = await runOpsCaptured(['experiment:report'], { config: t.config, clock: t.clock, database: t.database });
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Experiment boost-buy-tickets');
    expect(run.out).toMatch(new RegExp(`treatment\\s+${treatment.exposed}\\s+1\\s+`));
    const unknown = await runOpsCaptured(['experiment:report', 'nope'], {
      config: t.config,
      clock: t.clock,
      database: t.database,
    });
    expect(unknown.code).toBe(1);
  });
});
