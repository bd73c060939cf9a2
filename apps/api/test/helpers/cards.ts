// Test gateway cards and its 3-D Secure page, as the customer's browser uses them (docs/payments.md test cards).
import type { TestApp } from './app.ts';

/** Saves a test card for the customer (POST /funds/cc/test); the fund id. */
export async function addTestCard(t: TestApp, headers: Record<string, string>, cardNumber: string): Promise<string> {
  const res = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/funds/cc/test',
    headers,
    payload: { card_number: cardNumber, expiry_month: 12, expiry_year: 2030, holder_name: 'Casey Koala' },
  });
  if (res.statusCode !== 200) throw new Error(`card not added: ${res.statusCode} ${res.body}`);
  return res.json().result.id;
}

/** Answers the test gateway's 3-D Secure page with approve, and follows its redirect to /3ds/notify. */
export async function passChallenge(t: TestApp, redirectUrl: string): Promise<number> {
  const answer = await t.app.inject({
    method: 'POST',
    url: redirectUrl,
    payload: 'outcome=approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await t.app.inject({ method: 'GET', url: answer.headers.location as string });
  return answer.statusCode;
}
