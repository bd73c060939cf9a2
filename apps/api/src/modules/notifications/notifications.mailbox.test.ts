// The development mailbox on a real database: reading one address's mail delivers that address's waiting emails
// first (so a developer sees an email as soon as it is enqueued) and leaves everyone else's queue to the dispatcher,
// so a draw that emails every ticket holder does not make each read send them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { text } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const enqueue = (to: string, subject: string) =>
  t.services.outbox.enqueueEmail(t.database.db, { kind: 'test_note', to, subject, body: [text(subject)] });

const status = async (to: string) => {
  const rows = await t.services.outbox.outboxFor(to);
  return rows.map((r) => r.status);
};

describe('GET /api/v2/dev/mailbox?to=', () => {
  it("delivers that address's waiting emails, newest first, and leaves other addresses' pending", async () => {
    const ann = `ann.${Date.now()}@example.com`;
    const bob = `bob.${Date.now()}@example.com`;
    await enqueue(ann, 'First for Ann');
    await enqueue(bob, 'For Bob');
    await enqueue(ann, 'Second for Ann');

    const res = await t.injectSigned({ method: 'GET', url: `/api/v2/dev/mailbox?to=${encodeURIComponent(ann)}` });
    expect(res.statusCode).toBe(200);
    const subjects = (res.json().result as { subject: string }[]).map((m) => m.subject);
    expect(subjects).toEqual(['Second for Ann', 'First for Ann']);
    await expect(status(ann)).resolves.toEqual(['sent', 'sent']);
    await expect(status(bob)).resolves.toEqual(['pending']);

    // Bob's read (the address in any case) delivers his.
    const bobs = await t.injectSigned({
      method: 'GET',
      url: `/api/v2/dev/mailbox?to=${encodeURIComponent(bob.toUpperCase())}`,
    });
    expect((bobs.json().result as { subject: string }[]).map((m) => m.subject)).toEqual(['For Bob']);
    await expect(status(bob)).resolves.toEqual(['sent']);
  });
});
