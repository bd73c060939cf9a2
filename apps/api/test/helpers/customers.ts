// Customers made through the real identity routes (sign-up then login), for tests that need a signed-in customer
// whose session is real (logout, password changes and closure revoke it like in production).
import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.ts';

export interface TestCustomer {
  customerId: string;
  accessToken: string;
  refreshToken: string;
  email: string;
  password: string;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** A valid sign-up body (wire casing); overrides win. Date of birth: 30 years before the test clock. */
export function signupBody(t: TestApp, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = t.clock.now();
  const dob = `${now.getUTCFullYear() - 30}-01-15`;
  return {
    firstname: 'Casey',
    lastname: 'Koala',
    email: `casey.${randomBytes(5).toString('hex')}@example.test`,
    password: TEST_PASSWORD,
    date_of_birth: dob,
    phone: '0412 345 678',
    address: '1 George Street',
    address_line_2: '',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'AU',
    marketing_consent: false,
    terms_and_conditions: true,
    metadata: { platform: 'Web' },
    ...overrides,
  };
}

export async function signUpAndLogin(t: TestApp, overrides: Record<string, unknown> = {}): Promise<TestCustomer> {
  const body = signupBody(t, overrides);
  const signup = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/signup',
    payload: body,
    sign: { version: '3.5' },
  });
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const login = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/login',
    payload: { email: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const result = login.json().result;
  if (result.status !== 'authenticated') throw new Error(`login needs more: ${login.body}`);
  return {
    customerId: result.customer.customer_id,
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
    email: String(body.email),
    password: String(body.password),
  };
}

/**
 * A signed-up customer whose identity is verified (as the operator's verification:approve does), for tests of what
 * only verified customers may do: withdraw, spend past the unverified cap.
 */
export async function verifiedCustomer(t: TestApp, overrides: Record<string, unknown> = {}): Promise<TestCustomer> {
  const customer = await signUpAndLogin(t, overrides);
  await t.database.pool.query('update identity_customers set is_verified = true where public_id = $1', [
    customer.customerId,
  ]);
  return customer;
}

/**
 * A customer known only by a minted token (no identity row: no sign-up), with `walletCents` deposited in AUD: for
 * tests of the purchase and the ledger that need many customers quickly.
 */
export async function fundedShopper(
  t: TestApp,
  walletCents: number,
): Promise<{ id: string; headers: Record<string, string> }> {
  const id = `cus_${randomBytes(8).toString('hex')}`;
  if (walletCents > 0)
    await t.database.db.transaction((tx) =>
      t.services.ledger.creditDeposit(tx, {
        customerId: id,
        amountCents: walletCents,
        currency: 'AUD',
        reference: `test-deposit:${id}`,
        description: 'Test deposit',
      }),
    );
  return { id, headers: { authorization: `Bearer ${t.tokenFor(id)}` } };
}
