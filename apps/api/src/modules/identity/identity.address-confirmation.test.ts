// The address confirmation banner's data (features §2, §3 addressConfirmationRequired, §4 Confirm banner): the API
// says a confirmation is due a year after the address was entered or confirmed, or when an operator asks for one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;
const bearer = (c: TestCustomer) => ({ authorization: `Bearer ${t.tokenFor(c.customerId)}` });
const due = async (c: TestCustomer) =>
  (await t.injectSigned({ method: 'GET', url: '/api/v2/customer', headers: bearer(c) })).json().result
    .address_confirmation_required as boolean;
const confirm = (c: TestCustomer | null) =>
  t.injectSigned({
    method: 'PATCH',
    url: '/api/v2/customer/confirm-address',
    payload: {},
    headers: c ? bearer(c) : {},
  });

describe('addressConfirmationRequired', () => {
  it('is due a year after sign-up, and the confirm PATCH puts it off for another year', async () => {
    const c = await signUpAndLogin(t);
    expect(await due(c)).toBe(false);
    t.clock.advance(364 * DAY_MS);
    expect(await due(c)).toBe(false);
    t.clock.advance(DAY_MS);
    expect(await due(c)).toBe(true);

    const res = await confirm(c);
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0]).toMatchObject({ code: 'address_confirmed', level: 'success' });
    expect(await due(c)).toBe(false);
    t.clock.advance(364 * DAY_MS);
    expect(await due(c)).toBe(false);
    t.clock.advance(DAY_MS);
    expect(await due(c)).toBe(true);
  });

  it('is due at once when an operator asks, and entering a new address in the details confirms it', async () => {
    const c = await signUpAndLogin(t);
    expect(await t.services.identity.profile.requireAddressConfirmation(c.email)).toBe(true);
    expect(await due(c)).toBe(true);
    const details = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/customer/details',
      payload: { address: '2 New Street', suburb: 'Newtown', postcode: '2042' },
      headers: bearer(c),
      sign: { version: '3.2' },
    });
    expect(details.statusCode).toBe(200);
    expect(await due(c)).toBe(false);
    expect(await t.services.identity.profile.requireAddressConfirmation('nobody@example.test')).toBe(false);
  });

  it('a confirm without a sign-in or token is 401 and changes nothing', async () => {
    const c = await signUpAndLogin(t);
    await t.services.identity.profile.requireAddressConfirmation(c.email);
    const res = await confirm(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().messages[0].code).toBe('unauthorized');
    expect(await due(c)).toBe(true);
  });
});
