// Scheduled purchases and pre-orders in the browser (issue 15, ADR 064), on a development server of its own (the
// journey moves a raffle draw's sales-open time, which the shared server's other journeys rely on): a customer
// pre-orders raffle tickets (nothing charged) and has two scheduled Oz Lotto purchases; the upcoming tickets screen
// lists all three; one is cancelled from its screen after a confirmation; once due, `npm run ops -- recurring:run`
// buys the scheduled purchase and, when the draw's sales open (the raffle clock), the pre-order: both show as bought
// with a receipt, the wallet is charged for each once, and the cancelled one is never bought.
// Screenshots at 375 px and 1280 px go to /tmp/shots-scheduled.
// The second journey schedules through the play screen on a phone: a visitor builds an Oz Lotto ticket, chooses
// "Schedule for later", logs in and comes back with the ticket kept, is told a past time is refused next to the date
// and time, schedules it a few minutes ahead (Sydney time) and lands on its screen; the same post sent again (a double
// submit) makes no second one; `recurring:run --at` a minute after it is due buys it once from the wallet and it is in
// upcoming tickets. Screenshots at 375 px and 1280 px go to /tmp/shots-sched.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { zonedParts } from '@shop/protocol';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  answerConsent,
  DESKTOP,
  openBrowser,
  PHONE,
  shootBothWidths,
  waitForHydration,
  type OpenBrowser,
} from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';
import { startDevServer, type DevServer } from './dev-server.ts';

const run = promisify(execFile);
const SHOTS = '/tmp/shots-scheduled';
const PLAY_SHOTS = '/tmp/shots-sched';
mkdirSync(SHOTS, { recursive: true });
mkdirSync(PLAY_SHOTS, { recursive: true });
const ANIMAL = 'animal-rescue-cash-raffle';

let server: DevServer;
beforeAll(async () => {
  server = await startDevServer('scheduled');
}, 180_000);
afterAll(async () => {
  await server?.stop();
}, 60_000);

let open: OpenBrowser | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const env = () => ({ ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' });

/** Runs a module against the server's database with the shop's services; answers what it prints. */
function script(body: string): string {
  const code = `
    import { sql } from 'drizzle-orm';
    import { loadConfig } from './apps/api/src/env.ts';
    import { openDatabase } from './apps/api/src/db/index.ts';
    import { createServices } from './apps/api/src/services.ts';
    import { systemClock } from './apps/api/src/lib/clock.ts';
    const config = loadConfig();
    const database = await openDatabase(config);
    const s = createServices({ database, clock: systemClock, config });
    try { ${body} } finally { await database.close(); }`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: inject('repoRoot'),
    env: env(),
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`the script failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}

async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: env(),
    timeout: 120_000,
  });
  return stdout;
}

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

async function statusOf(page: Page, id: string): Promise<string> {
  await page.goto(`${server.baseUrl}/my-account/scheduled-purchases/${id}`);
  await waitForHydration(page);
  return (await page.getByTestId('scheduled-status').textContent()) ?? '';
}

describe('scheduled purchases and pre-orders', () => {
  it('are listed before, cancelled with a confirmation, and bought once when due', { timeout: 400_000 }, async () => {
    open = { ...(await openBrowser(DESKTOP)), baseUrl: server.baseUrl };
    const { page } = open;
    const { customerId } = await signUpAndLogin(open, testCustomer('scheduled'));
    // The wallet is funded; the raffle draw taking pre-orders opens its sales in 40 s; two Oz Lotto purchases are
    // scheduled, one due in 20 s and one tomorrow (cancelled below).
    const ids = JSON.parse(
      script(`
        await database.db.transaction((tx) => s.ledger.creditDeposit(tx, {
          customerId: ${JSON.stringify(customerId)}, amountCents: 10000, currency: 'AUD',
          reference: 'e2e-scheduled-deposit', description: 'Test deposit' }));
        await database.db.execute(sql\`update raffles_draws set sales_open_at = now() + interval '40 seconds'
          where offer_key = \${${JSON.stringify(ANIMAL)}} and status = 'pre_order'\`);
        const item = { productType: 'lottery_ticket', productOfferKey: 'oz-lotto', gameType: 'standard',
          gameOffer: 'standard', numDraws: 1, games: [{ sets: { numbers: [3, 9, 14, 22, 31, 38, 44] } }] };
        const soon = await s.scheduledPurchases.create(${JSON.stringify(customerId)},
          { item, scheduledAt: new Date(Date.now() + 20_000).toISOString() });
        const later = await s.scheduledPurchases.create(${JSON.stringify(customerId)},
          { item, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
        console.log(JSON.stringify({ soon: soon.encodedId, later: later.encodedId }));`),
    ) as { soon: string; later: string };

    // The pre-order: raffle tickets for the draw taking pre-orders, bought from the wallet with nothing charged.
    await page.goto(`${server.baseUrl}/${ANIMAL}`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByRole('group', { name: 'Choose the cause you support' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Pre-order tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });
    await page.goto(`${server.baseUrl}/cart/buy`);
    await waitForHydration(page);
    await page.getByTestId('buy-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 30_000 });

    // Before: all three are listed on the upcoming tickets screen.
    await page.goto(`${server.baseUrl}/my-account/upcoming-tickets`);
    await waitForHydration(page);
    const rows = page.getByTestId('scheduled-row');
    await expect(rows.count()).resolves.toBe(3);
    await expect(page.getByTestId('scheduled-list').textContent()).resolves.toMatch(
      /Pre-order.*Animal Rescue Cash Raffle/s,
    );
    await shoot(page, 'upcoming-with-scheduled');
    const preOrderLink = rows.filter({ hasText: 'Pre-order' }).getByRole('link');
    const preOrderId = /sch_[A-Za-z0-9]+/.exec((await preOrderLink.getAttribute('href')) ?? '')![0];
    expect(await statusOf(page, preOrderId)).toBe('Waiting for sales to open');
    await shoot(page, 'pre-order-waiting');
    const wallet = () =>
      Number(script(`console.log((await s.ledger.fundsSummary(${JSON.stringify(customerId)})).balanceCents);`));
    expect(wallet()).toBe(10_000);

    // Cancel the later one: the screen asks first; "No, keep it" changes nothing.
    expect(await statusOf(page, ids.later)).toBe('Waiting');
    await page.getByTestId('scheduled-cancel').click();
    await page.getByRole('alertdialog').waitFor();
    await shoot(page, 'cancel-confirm');
    await page.getByRole('link', { name: 'No, keep it' }).click();
    await page.getByTestId('scheduled-cancel').waitFor();
    await page.getByTestId('scheduled-cancel').click();
    await page.getByTestId('scheduled-cancel-confirm').click();
    await page.getByText('Scheduled purchase cancelled. It will not be bought.').waitFor();
    await expect(page.getByTestId('scheduled-status').textContent()).resolves.toBe('Cancelled');

    // Due: the operator's dry run names the scheduled purchase with its key; the run buys it (and, once the raffle
    // clock has opened the draw's sales, the pre-order). Runs repeat until both are bought: safe, one purchase each.
    await page.waitForTimeout(21_000);
    expect(await ops('recurring:due', '--customer', customerId)).toContain(`key sch:${ids.soon}`);
    for (let i = 0; i < 40; i++) {
      await ops('recurring:run', '--customer', customerId);
      const left = script(`
        const { rows } = await database.db.execute(sql\`select count(*)::int as n from recurring_scheduled
          where customer_id = \${${JSON.stringify(customerId)}} and status = 'active' and finished_at is null\`);
        console.log(rows[0].n);`);
      if (left === '0') break;
      await page.waitForTimeout(3_000);
    }
    expect(await statusOf(page, ids.soon)).toBe('Bought');
    await page.getByRole('link', { name: 'View the receipt' }).waitFor();
    expect(await statusOf(page, preOrderId)).toBe('Bought');
    await shoot(page, 'pre-order-bought');
    expect(await statusOf(page, ids.later)).toBe('Cancelled');
    await ops('recurring:run', '--customer', customerId);
    const spent = 10_000 - wallet();
    // One Oz Lotto game and the raffle's default entry, each charged once (prices from the receipts).
    const charged = Number(
      script(`
        const { rows } = await database.db.execute(sql\`select coalesce(sum(paid_from_wallet_cents), 0)::int as n
          from orders_checkouts where customer_id = \${${JSON.stringify(customerId)}}\`);
        console.log(rows[0].n);`),
    );
    expect(spent).toBe(charged);
    const checkouts = script(`
      const { rows } = await database.db.execute(sql\`select idempotency_key as k from orders_checkouts
        where customer_id = \${${JSON.stringify(customerId)}} and idempotency_key like 'sch:%' order by k\`);
      console.log(rows.map((r) => r.k).join(','));`);
    expect(checkouts.split(',').sort()).toEqual([`sch:${ids.soon}`, `sch:${preOrderId}`].sort());
  });

  it(
    'a phone customer schedules a ticket from the play screen; it is bought once when due',
    { timeout: 400_000 },
    async () => {
      // The customer exists (signed up elsewhere) with $100 in the wallet; this phone is signed out.
      const signup = { ...(await openBrowser(DESKTOP)), baseUrl: server.baseUrl };
      const customer = testCustomer('schedule-play');
      const { customerId } = await signUpAndLogin(signup, customer);
      await signup.close();
      script(`await database.db.transaction((tx) => s.ledger.creditDeposit(tx, {
      customerId: ${JSON.stringify(customerId)}, amountCents: 10000, currency: 'AUD',
      reference: 'e2e-schedule-play', description: 'Test deposit' }));`);
      const balance = () =>
        Number(script(`console.log((await s.ledger.fundsSummary(${JSON.stringify(customerId)})).balanceCents);`));
      open = { ...(await openBrowser(PHONE)), baseUrl: server.baseUrl };
      const { page } = open;
      const shootPlay = async (name: string) => {
        await shootBothWidths(page, PLAY_SHOTS, name);
        await page.setViewportSize(PHONE);
      };

      // Signed out: the ticket, then "Schedule for later" says what happens and asks to log in.
      await page.goto(`${server.baseUrl}/oz-lotto`);
      await waitForHydration(page);
      await answerConsent(page);
      await page.getByRole('button', { name: 'Quickpick game 1', exact: true }).click();
      const numbers = await page.getByTestId('game-row').first().innerText();
      await page.getByTestId('schedule-later').click();
      const panel = page.getByTestId('schedule-panel');
      await expect(panel.innerText()).resolves.toMatch(
        /Nothing is charged now\..*from your wallet.*24 refused attempts/s,
      );
      await shootPlay('play-signed-out');
      await panel.getByRole('link', { name: 'Log in to schedule' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/oz-lotto#schedule-later');
      await waitForHydration(page);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Log in' }).click();

      // Back on the play screen with the panel open and the same ticket.
      await page.waitForURL((url) => url.pathname === '/oz-lotto' && url.hash === '#schedule-later');
      await waitForHydration(page);
      await page.getByTestId('schedule-form').waitFor();
      expect(await page.getByTestId('game-row').first().innerText()).toBe(numbers);

      // A time already past (Sydney time) is refused next to the date and time; nothing is made.
      const sydney = (at: Date) => {
        const p = zonedParts(at, 'Australia/Sydney');
        const two = (n: number) => String(n).padStart(2, '0');
        return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
      };
      const past = sydney(new Date(Date.now() - 10 * 60_000));
      await page.getByTestId('schedule-date').fill(past.date);
      await page.getByTestId('schedule-time').fill(past.time);
      await page.getByTestId('schedule-submit').click();
      await page
        .locator('#schedule-when-error')
        .getByText('Choose a time in the future.')
        .waitFor()
        .catch(async (error: Error) => {
          await page.screenshot({ path: `${PLAY_SHOTS}/debug-refused.png`, fullPage: true });
          throw new Error(
            `${error.message}\n${page.url()}\n${(await page.locator('main').innerText()).slice(0, 3000)}`,
          );
        });
      await shootPlay('play-time-refused');

      // Three minutes ahead (whole minutes: at least two): made, and its screen says so.
      const dueBy = new Date(Math.floor((Date.now() + 3 * 60_000) / 60_000) * 60_000);
      const ahead = sydney(dueBy);
      await page.getByTestId('schedule-date').fill(ahead.date);
      await page.getByTestId('schedule-time').fill(ahead.time);
      await shootPlay('play-schedule-form');
      const posted = {
        intent: 'schedule',
        ticket: await page.locator('#schedule-later input[name="ticket"]').inputValue(),
        idempotencyKey: await page.locator('#schedule-later input[name="idempotencyKey"]').inputValue(),
        date: ahead.date,
        time: ahead.time,
      };
      await page.getByTestId('schedule-submit').click();
      await page.waitForURL(/\/my-account\/scheduled-purchases\/sch_[A-Za-z0-9]+\?notice=scheduled$/, {
        timeout: 20_000,
      });
      const id = /sch_[A-Za-z0-9]+/.exec(page.url())![0];
      await waitForHydration(page);
      await page.getByText('Your purchase is scheduled. Nothing has been charged').waitFor();
      await expect(page.getByTestId('scheduled-status').textContent()).resolves.toBe('Waiting');
      await shootPlay('scheduled-detail');
      expect(balance()).toBe(10_000);

      // The same post again (a double submit, a retry): the same scheduled purchase, not a second one.
      const again = await page.request.post(`${server.baseUrl}/oz-lotto`, {
        form: posted,
        headers: { origin: server.baseUrl },
        maxRedirects: 0,
      });
      expect(again.status(), await again.text()).toBe(302);
      expect(again.headers()['location']).toBe(`/my-account/scheduled-purchases/${id}?notice=scheduled`);
      const made = script(`
      const { rows } = await database.db.execute(sql\`select public_id as id, due_at from recurring_scheduled
        where customer_id = \${${JSON.stringify(customerId)}}\`);
      console.log(JSON.stringify(rows));`);
      const rows = JSON.parse(made) as { id: string; due_at: string }[];
      expect(rows.map((r) => r.id)).toEqual([id]);
      expect(new Date(rows[0]!.due_at).getTime()).toBe(dueBy.getTime());

      // Listed with the customer's scheduled purchases (My account → Scheduled purchases).
      await page.goto(`${server.baseUrl}/my-account`);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Scheduled purchases' }).click();
      await page.waitForURL((url) => url.pathname === '/my-account/upcoming-tickets');
      await page.getByTestId('scheduled-row').first().waitFor();
      await expect(page.getByTestId('scheduled-row').count()).resolves.toBe(1);
      await expect(page.getByTestId('scheduled-row').getByRole('link').getAttribute('href')).resolves.toBe(
        `/my-account/scheduled-purchases/${id}`,
      );

      // Due: the processor as of a minute after the time buys it once (the server's own job may get there first: the
      // key sch:{id} makes it one purchase either way); a second run buys nothing more.
      const at = new Date(dueBy.getTime() + 60_000).toISOString();
      await ops('recurring:run', '--customer', customerId, '--at', at);
      await ops('recurring:run', '--customer', customerId, '--at', at);
      expect(await statusOf(page, id)).toBe('Bought');
      await page.getByRole('link', { name: 'View the receipt' }).waitFor();
      await shootPlay('scheduled-bought');
      const checkouts = JSON.parse(
        script(`
        const { rows } = await database.db.execute(sql\`select idempotency_key as k, paid_from_wallet_cents as paid
          from orders_checkouts where customer_id = \${${JSON.stringify(customerId)}}\`);
        console.log(JSON.stringify(rows));`),
      ) as { k: string; paid: number }[];
      expect(checkouts.map((c) => c.k)).toEqual([`sch:${id}`]);
      expect(10_000 - balance()).toBe(Number(checkouts[0]!.paid));
      expect(Number(checkouts[0]!.paid)).toBeGreaterThan(0);

      // In upcoming tickets.
      await page.goto(`${server.baseUrl}/my-account/upcoming-tickets?clear_cache`);
      await waitForHydration(page);
      await expect(page.getByTestId('orders').innerText()).resolves.toContain('Oz Lotto');
      await shootPlay('upcoming-bought');
    },
  );
});
