// Test customers for the journeys: one way to fill the register step, one way to sign up through the API, and the
// request signature the storefront sends, so every journey signs up the same (valid) adult.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signRequest } from '@shop/protocol';
import type { OpenBrowser } from './browser.ts';

const APP_KEY = 'web';
const APP_SECRET = 'shop-web-public-signing-secret';

export interface TestCustomer {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  dateOfBirth: string;
  phone: string;
  address: string;
  suburb: string;
  state: string;
  postcode: string;
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${randomUUID().slice(0, 8)}@example.com`;
}

/** An adult in Sydney with a fresh email; a journey overrides what it asserts on (names, password, address). */
export function testCustomer(tag: string, overrides: Partial<TestCustomer> = {}): TestCustomer {
  return {
    firstname: 'Ann',
    lastname: 'Koala',
    email: uniqueEmail(tag),
    password: 'Correct-horse-battery-9',
    dateOfBirth: '1990-04-12',
    phone: '0412 345 678',
    address: '1 George Street',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    ...overrides,
  };
}

/** Fills the register step of /login and submits it. */
export async function register(page: Page, customer: TestCustomer): Promise<void> {
  await page.getByLabel('First name').fill(customer.firstname);
  await page.getByLabel('Last name').fill(customer.lastname);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByLabel('Date of birth').fill(customer.dateOfBirth);
  await page.getByLabel('Mobile phone').fill(customer.phone);
  await page.getByLabel('Address', { exact: true }).fill(customer.address);
  await page.getByLabel('Suburb').fill(customer.suburb);
  await page.getByLabel('State').selectOption(customer.state);
  await page.getByLabel('Postcode').fill(customer.postcode);
  await page.getByLabel(/terms and conditions/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function customerToken(context: BrowserContext): Promise<string | null> {
  return (await context.cookies()).find((c) => c.name === 'customer_token')?.value ?? null;
}

/** Signed as the storefront signs: the customer_token cookie, once there is one, is part of the signature. */
export async function signedHeaders(version: string, token: string | null = null): Promise<Record<string, string>> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'content-type': 'application/json',
    version,
    'x-app-key': APP_KEY,
    'x-timestamp': String(timestamp),
    'x-signature': signRequest({ secret: APP_SECRET, timestamp, appKey: APP_KEY, customerToken: token }),
  };
}

/** Signs up and logs in through the real API inside the browser context, so its cookies are the customer's. */
export async function signUpAndLogin(o: OpenBrowser, customer: TestCustomer): Promise<{ customerId: string }> {
  const signup = await o.context.request.post(`${o.baseUrl}/api/v2/signup`, {
    headers: await signedHeaders('3.5'),
    data: {
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
      password: customer.password,
      date_of_birth: customer.dateOfBirth,
      phone: customer.phone,
      address: customer.address,
      suburb: customer.suburb,
      state: customer.state,
      postcode: customer.postcode,
      country: 'AU',
      terms_and_conditions: true,
    },
  });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  const login = await o.context.request.post(`${o.baseUrl}/api/v2/login`, {
    headers: await signedHeaders('3.0', await customerToken(o.context)),
    data: { email: customer.email, password: customer.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { result: { customer?: { customer_id?: string } } };
  const customerId = body.result.customer?.customer_id;
  expect(customerId).toMatch(/^cus_/);
  return { customerId: customerId! };
}
