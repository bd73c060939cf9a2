// The email template and who gets what, on a real database: every kind of email renders an HTML part and a text part
// with its data (ticket numbers, prizes and amounts in en-AU AUD); marketing email goes only to customers who agreed
// and did not unsubscribe from the offer, and carries a signed unsubscribe link that works for that customer only;
// transactional email (a win, a deposit, a security event, a failed autoplay) is always sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/index.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { fundWallet, ozTicket } from '../../../test/helpers/recurring.ts';
import { recurringFailureEmail } from '../recurring/index.ts';
import { paymentEmails } from '../payments/index.ts';
import { button, details, highlight, renderEmail, text, type EmailBrand, type EmailMessage } from './index.ts';

const BRAND: EmailBrand = {
  siteName: 'Lucky Koala Lotteries',
  publicUrl: TEST_PUBLIC_URL,
  colours: { brandPrimary: '#0b5d3b', brandSecondary: '#f4c542', actionPrimary: '#0a6640', mono: '#1f2933' },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
});
afterAll(() => t.close());

/** A sender's messages, captured and rendered as the outbox would render them. */
function capture() {
  const sent: EmailMessage[] = [];
  return {
    sent,
    outbox: {
      enqueueEmail: async (_tx: Executor, m: EmailMessage) => {
        sent.push(m);
        return sent.length;
      },
    },
    rendered: async (i = 0) => ({ message: sent[i]!, ...(await renderEmail(sent[i]!, BRAND)) }),
  };
}

/** The outbox's email for a dedupe key, with the parts the dispatcher sends. */
async function outboxRow(dedupeKey: string) {
  const row = await t.services.outbox.outboxByKey(dedupeKey);
  return row && { kind: row.kind, text_body: row.textBody, html_body: row.htmlBody };
}

describe('the email template', () => {
  it('renders the blocks into branded HTML (escaped) and the same words as text', async () => {
    const { html, text: plain } = await renderEmail(
      {
        kind: 'draw_winner',
        subject: 'You won $1,234,567.80 in Oz Lotto draw 1711',
        greeting: 'Hi <Ann>,',
        body: [
          text('Congratulations.'),
          highlight('Your prize', '$1,234,567.80'),
          details([['Numbers', '1 2 3 4 5 6 7']], 'Ticket tkt_abc'),
          button('See your ticket', `${TEST_PUBLIC_URL}/my-account/past-tickets/ticket/tkt_abc`),
        ],
      },
      BRAND,
    );
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('lang="en-AU"');
    expect(html).toContain('Hi &lt;Ann&gt;,');
    expect(html).not.toContain('<Ann>');
    expect(html).toContain('$1,234,567.80');
    expect(html).toContain('Ticket tkt_abc');
    expect(html).toContain(`href="${TEST_PUBLIC_URL}/my-account/past-tickets/ticket/tkt_abc"`);
    // Theme colours, and a single 600 px column that shrinks to a phone's width.
    expect(html).toContain('#0b5d3b');
    expect(html).toContain('max-width:600px');
    // A transactional email has no unsubscribe link.
    expect(html).not.toContain('/unsubscribe/');
    expect(plain).toBe(
      [
        'Hi <Ann>,',
        'Congratulations.',
        'Your prize: $1,234,567.80',
        'Ticket tkt_abc\nNumbers: 1 2 3 4 5 6 7',
        `See your ticket: ${TEST_PUBLIC_URL}/my-account/past-tickets/ticket/tkt_abc`,
      ].join('\n\n'),
    );
  });

  it('deposit and withdrawal emails say the amount in en-AU dollars, with a link to the transaction', async () => {
    const c = capture();
    const emails = paymentEmails({
      outbox: c.outbox,
      contactsOf: async (ids) => new Map(ids.map((id) => [id, { email: 'ann@example.com', firstname: 'Ann' }])),
      publicUrl: TEST_PUBLIC_URL,
    });
    const movement = {
      customerId: 'cus_1',
      publicId: 'dep_1',
      amountCents: 123_450,
      currency: 'AUD',
      method: 'Test deposit',
    };
    await emails.depositApproved(t.database.db, movement);
    await emails.withdrawal(t.database.db, { ...movement, publicId: 'wdr_1', method: 'Bank account' }, 'paid');
    await emails.withdrawal(t.database.db, { ...movement, publicId: 'wdr_2' }, 'rejected', 'Name does not match');
    const deposit = await c.rendered(0);
    expect(deposit.message).toMatchObject({ kind: 'deposit_approved', dedupeKey: 'deposit:dep_1' });
    expect(deposit.message.subject).toBe('Your deposit of $1,234.50 is in your account');
    expect(deposit.text).toContain('Deposited: $1,234.50');
    expect(deposit.html).toContain('$1,234.50');
    const paid = await c.rendered(1);
    expect(paid.message).toMatchObject({ kind: 'withdrawal_paid', subject: 'Your withdrawal is paid' });
    expect(paid.text).toContain('We paid $1,234.50 to your Bank account.');
    expect(paid.text).toContain(`${TEST_PUBLIC_URL}/my-account/withdraw/details/wdr_1`);
    const rejected = await c.rendered(2);
    expect(rejected.text).toContain('Reason: Name does not match');
    await emails.depositRefunded(t.database.db, {
      ...movement,
      publicId: 'rfd_1',
      amountCents: 2000,
      method: 'Credit or debit card',
      depositId: 'dep_1',
    });
    const refunded = await c.rendered(3);
    expect(refunded.message).toMatchObject({
      kind: 'deposit_refunded',
      dedupeKey: 'refund:rfd_1',
      subject: 'We refunded $20.00 of your deposit',
    });
    expect(refunded.text).toContain('We refunded $20.00 of your deposit dep_1 to the Credit or debit card you paid');
    expect(refunded.html).toContain('$20.00');
  });

  it('a failed autoplay purchase says what to do and links to the payment problems page', async () => {
    const c = capture();
    const notify = recurringFailureEmail(
      c.outbox as never,
      async (ids) => new Map(ids.map((id) => [id, { email: 'ann@example.com' }])),
      TEST_PUBLIC_URL,
    );
    const row = {
      customerId: 'cus_1',
      publicId: 'rcp_1',
      description: 'Oz Lotto Standard',
      consecutiveHardFailures: 1,
    };
    await notify(t.database.db, row as never, { kind: 'hard', reason: 'Your wallet is short.', occasion: 'draw:1' });
    const { message, text: plain, html } = await c.rendered();
    expect(message.kind).toBe('recurring_failed_hard');
    expect(plain).toContain('We could not buy your Oz Lotto Standard ticket: Your wallet is short.');
    expect(plain).toContain(`Fix the payment: ${TEST_PUBLIC_URL}/my-account/payment-resolution`);
    expect(html).toContain('Fix the payment');
  });
});

describe('who gets which email', () => {
  const message = (to: string, customerId: string, key: string, productOfferKey?: string): EmailMessage => ({
    to,
    kind: 'draw_results',
    subject: 'Oz Lotto draw 1711 results',
    body: [text('The results are in.')],
    dedupeKey: key,
    marketing: { customerId, productOfferKey },
  });

  it('marketing goes only with consent and carries a signed unsubscribe link; transactional always goes', async () => {
    const { outbox } = t.services;
    const db = t.database.db;
    const agreed = await signUpAndLogin(t, { marketing_consent: true });
    const declined = await signUpAndLogin(t, { marketing_consent: false });

    // Without consent: no marketing email; a transactional one is sent all the same.
    expect(await outbox.enqueueEmail(db, message(declined.email, declined.customerId, 'm:declined'))).toBeNull();
    expect(await outboxRow('m:declined')).toBeUndefined();
    const service = { ...message(declined.email, declined.customerId, 't:declined'), marketing: undefined };
    expect(await outbox.enqueueEmail(db, { ...service, kind: 'draw_winner' })).not.toBeNull();
    expect((await outboxRow('t:declined'))!.html_body).toContain('service email about your account');

    // With consent: sent, with the offer's unsubscribe link (signed token) and the preferences page in both parts.
    expect(await outbox.enqueueEmail(db, message(agreed.email, agreed.customerId, 'm:1', 'oz-lotto'))).not.toBeNull();
    const sent = (await outboxRow('m:1'))!;
    const link = new RegExp(`${TEST_PUBLIC_URL}/unsubscribe/${agreed.customerId}/oz-lotto\\?token=([\\w-]+)`);
    const token = link.exec(sent.text_body)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(sent.html_body).toContain(`/unsubscribe/${agreed.customerId}/oz-lotto?token=${token}`);
    expect(sent.text_body).toContain(
      `Email preferences: ${TEST_PUBLIC_URL}/communication-preferences/${agreed.customerId}`,
    );

    // A forged token (or another customer's) is refused and changes nothing.
    const url = `/api/v2/customer/${agreed.customerId}/communication-preferences/oz-lotto`;
    const put = (tokenValue: string) =>
      t.injectSigned({
        method: 'PUT',
        url,
        payload: { preferences: { email: false }, token: tokenValue },
        sign: { version: '3.2' },
      });
    const forged = await put(`${token!.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(401);
    const othersLink = await outbox.enqueueEmail(db, message(agreed.email, agreed.customerId, 'm:2', 'powerball'));
    expect(othersLink).not.toBeNull();
    expect(await outbox.enqueueEmail(db, message(agreed.email, agreed.customerId, 'm:3', 'oz-lotto'))).not.toBeNull();

    // The real link unsubscribes from that offer only: Oz Lotto results stop, Powerball's still come.
    expect((await put(token!)).statusCode).toBe(200);
    expect(await outbox.enqueueEmail(db, message(agreed.email, agreed.customerId, 'm:4', 'oz-lotto'))).toBeNull();
    expect(await outbox.enqueueEmail(db, message(agreed.email, agreed.customerId, 'm:5', 'powerball'))).not.toBeNull();
    // Transactional email about Oz Lotto still goes.
    expect(
      await outbox.enqueueEmail(db, {
        ...message(agreed.email, agreed.customerId, 't:agreed'),
        kind: 'draw_winner',
        marketing: undefined,
      }),
    ).not.toBeNull();
  });

  it("after a draw: the winner's email names the ticket and prize; results go to consenting non-winners only", async () => {
    const { draws, purchase, settlement, winnerEmails } = t.services;
    const winner = await signUpAndLogin(t, { marketing_consent: false });
    const keen = await signUpAndLogin(t, { marketing_consent: true });
    const quiet = await signUpAndLogin(t, { marketing_consent: false });
    const buy = async (customerId: string, numbers: number[]) => {
      await fundWallet(t.services, customerId, 10_000);
      await purchase.purchaseItems(customerId, `buy-${customerId}`, [
        { ...ozTicket, games: [{ sets: { numbers } }], numDraws: 1 },
      ]);
    };
    await buy(winner.customerId, [1, 2, 3, 4, 5, 6, 7]);
    await buy(keen.customerId, [10, 11, 12, 13, 14, 15, 16]);
    await buy(quiet.customerId, [10, 11, 12, 13, 14, 15, 16]);
    const draw = (await draws.upcomingDraws('oz-lotto', 1))[0]!;
    await draws.close(draw.id);
    const dividends = [1, 2, 3, 4, 5, 6, 7].map((division) => ({
      division,
      prizeCents: Math.round(100_000_000 / division),
    }));
    await draws.recordResult(
      draw.id,
      { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [20, 21, 22] },
      dividends,
      'manual',
    );
    await settlement.settle(draw.id);
    await winnerEmails.emailWinners(draw.id);

    const [won] = await t.services.outbox.outboxFor(winner.email, ['draw_winner']);
    expect(won!.subject).toBe(`You won $1,000,000.00 in Oz Lotto draw ${draw.drawNo}`);
    expect(won!.textBody).toContain('Your prize: $1,000,000.00');
    expect(won!.textBody).toMatch(/Ticket tkt_\S+\nNumbers: 1 2 3 4 5 6 7\nDivision: 1\nPrize: \$1,000,000\.00/);
    expect(won!.htmlBody).toContain('$1,000,000.00');
    expect(await t.services.outbox.outboxFor(winner.email, ['draw_results'])).toHaveLength(0);
    const [results] = await t.services.outbox.outboxFor(keen.email, ['draw_results']);
    expect(results!.textBody).toContain('Winning numbers: 1 2 3 4 5 6 7, Supplementaries 20 21 22');
    expect(results!.textBody).toContain(`/unsubscribe/${keen.customerId}/oz-lotto?token=`);
    expect(await t.services.outbox.outboxFor(quiet.email, ['draw_results'])).toHaveLength(0);
  });
});

describe('rendered when sent, not when enqueued (issue 22)', () => {
  const mailboxOf = async (to: string) => {
    const res = await t.injectSigned({ method: 'GET', url: `/api/v2/dev/mailbox?to=${encodeURIComponent(to)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { kind: string; subject: string; text: string; html: string | null }[];
  };
  const stored = async (dedupeKey: string) =>
    (
      await t.database.pool.query<{ content: unknown; text_body: string | null; html_body: string | null }>(
        'select content, text_body, html_body from notifications_outbox where dedupe_key = $1',
        [dedupeKey],
      )
    ).rows[0];

  it('the business transaction stores the message; the dispatcher sends its HTML and text parts', async () => {
    const to = `stored.${Date.now()}@example.com`;
    const key = `stored:${to}`;
    await t.services.outbox.enqueueEmail(t.database.db, {
      to,
      kind: 'draw_winner',
      subject: 'You won $12.50',
      greeting: 'Hi Ann,',
      body: [highlight('Your prize', '$12.50'), button('See your ticket', `${TEST_PUBLIC_URL}/t/1`)],
      dedupeKey: key,
    });
    // Nothing rendered in the transaction: the row holds what the email says.
    expect(await stored(key)).toEqual({
      content: {
        kind: 'draw_winner',
        subject: 'You won $12.50',
        greeting: 'Hi Ann,',
        body: [
          { type: 'highlight', label: 'Your prize', value: '$12.50' },
          { type: 'button', label: 'See your ticket', href: `${TEST_PUBLIC_URL}/t/1` },
        ],
        unsubscribe: null,
      },
      text_body: null,
      html_body: null,
    });
    const [mail] = await mailboxOf(to);
    expect(mail!.text).toBe(`Hi Ann,\n\nYour prize: $12.50\n\nSee your ticket: ${TEST_PUBLIC_URL}/t/1`);
    expect(mail!.html).toMatch(/^<!DOCTYPE html/);
    expect(mail!.html).toContain(`href="${TEST_PUBLIC_URL}/t/1"`);
    expect(mail!.html).toContain('service email about your account');
  });

  it('a marketing email is sent with the unsubscribe link signed for its customer when it was enqueued', async () => {
    const keen = await signUpAndLogin(t, { marketing_consent: true });
    const key = `stored-marketing:${keen.customerId}`;
    const queued = await t.services.outbox.enqueueEmail(t.database.db, {
      to: keen.email,
      kind: 'draw_results',
      subject: 'Results',
      body: [text('The results are in.')],
      dedupeKey: key,
      marketing: { customerId: keen.customerId, productOfferKey: 'oz-lotto' },
    });
    expect(queued).not.toBeNull();
    const { unsubscribe } = (await stored(key))!.content as { unsubscribe: { unsubscribe: string } };
    expect(unsubscribe.unsubscribe).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/unsubscribe/${keen.customerId}/oz-lotto\\?token=[\\w-]{43}$`),
    );
    const [mail] = (await mailboxOf(keen.email)).filter((m) => m.kind === 'draw_results');
    expect(mail!.text).toContain(`Unsubscribe: ${unsubscribe.unsubscribe}`);
    expect(mail!.html).toContain(`href="${unsubscribe.unsubscribe}"`);
  });

  it('a rolled-back transaction sends nothing', async () => {
    const to = `rolled.${Date.now()}@example.com`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.outbox.enqueueEmail(tx, { to, kind: 'test_note', subject: 'Never', body: [text('x')] });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await t.services.outbox.outboxFor(to)).toEqual([]);
    expect(await mailboxOf(to)).toEqual([]);
  });

  it('a row rendered when it was enqueued (before the change) is sent as stored', async () => {
    const to = `legacy.${Date.now()}@example.com`;
    await t.database.pool.query(
      `insert into notifications_outbox (kind, to_address, subject, text_body, html_body, created_at)
       values ('receipt', $1, 'Old receipt', 'Stored text part', '<p>Stored HTML part</p>', now())`,
      [to],
    );
    const [mail] = await mailboxOf(to);
    expect(mail).toMatchObject({ subject: 'Old receipt', text: 'Stored text part', html: '<p>Stored HTML part</p>' });
    await expect(
      t.database.pool.query(
        `insert into notifications_outbox (kind, to_address, subject, created_at) values ('receipt', $1, 'Empty', now())`,
        [to],
      ),
    ).rejects.toThrow(/notifications_outbox_body_check/);
  });
});
