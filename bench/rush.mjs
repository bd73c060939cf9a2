// The rush (issue 22 item 7): a record-jackpot evening compressed into a few minutes, against the real API
// (`node scripts/start.mjs --api-only`, SHOP_WORKERS passed through) on an embedded PostgreSQL this script starts, or
// on DATABASE_URL. N customers are signed up, funded ($1,000 by test deposit) and given a saved test card
// (4242 4242 4242 4242, no 3-D Secure) during set-up, which is not measured. Then, closed loop, C at a time:
//
// Phase 1, "the last 10 minutes before the close" (BENCH_SECONDS): each step a customer does one thing, drawn with a
//   seeded generator and these weights. They are an assumption, not measured traffic: on a big evening most visits
//   look at the jackpot and the play screen and leave, about one step in three puts something in a cart, most carts
//   are paid from the wallet and some with a card top-up, and a few visitors look at results and earlier tickets:
//     catalogue   25 %  GET /pricing/default/product_offers (home, game list)
//     play screen 15 %  GET /pricing/default/product_offers + GET /customer (the play screen's loader: offer + favourites)
//     results     15 %  GET /draws/pricing/default/past (the data of /lotto-results)
//     add         20 %  POST /cart/items (an Oz Lotto quickpick game for the next draw)
//     purchase    12 %  POST /cart/purchase with an Idempotency-Key (adds a game first when the cart is empty)
//     deposit+buy  5 %  POST /cart/deposit_purchase, $20 from the saved card (adds a game first when the cart is empty)
//     my tickets   8 %  GET /orders?status=past_products, then GET /orders/{id}?show_details=true and GET /tickets/{id}
//                       of the newest past order when there is one (what the storefront's past-tickets page calls)
// Phase 2, "the close": the next Oz Lotto draw's stop time is set BENCH_CLOSE_SECONDS ahead (in the database, as a
//   schedule change would); every worker runs checkouts (add + purchase, or deposit+buy at the same 12:5 ratio) racing
//   it until 3 s after the stop, when the draw is closed with the draw clock's own call (draws.close) at the stop.
//   Printed: purchases committed into the draw, refused with 422 draw_closed, committed into the next draw. Checked
//   (OK/FAIL, exit 1 on FAIL): the draw's lines are exactly those of the purchases answered 200 (no orphan line, none
//   missing), no purchase sent after the stop has a line in it, and no refused purchase wrote a checkout.
// Phase 3, "the results rush": the draw's result comes from the shop's results provider and is recorded and settled
//   by the settlement workflow (what `npm run ops -- draw:advance` and the draw clock run), timed; then every customer
//   once reads /lotto-results' data and their past tickets (list, the newest order's details, its ticket) with 3/4 of
//   the workers, while the other 1/4 keep buying into the next draw until every customer has read.
// At the end: the money check (the ledger's own verify: every entry balanced, cached balances equal their lines,
// nothing negative; and per customer, wallet = approved deposits - paid from wallet + prizes credited) and
// `pgbench -b tpcb-like` on the same server. Per phase and call: calls answered (< 400) per second, their p50/p99, and
// errors by status and code; only the correctness checks decide the exit code. A 422 draw_closed after phase 2 is a
// cart still holding a game for the closed draw (added before the close, never bought): the purchase removes it.
// Run: node --import tsx bench/rush.mjs   (BENCH_CUSTOMERS=2000, BENCH_SECONDS=30, BENCH_CONCURRENCY=64,
//      BENCH_CLOSE_SECONDS=5, SHOP_WORKERS, DATABASE_URL)
import { randomBytes } from 'node:crypto';
import { connectDatabase, openDatabase } from '../apps/api/src/db/index.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { createServices } from '../apps/api/src/services.ts';
import {
  apiCall,
  apiRequest,
  freePort,
  inPool,
  machine,
  pgbenchTpcb,
  signUpFundedCustomer,
  startApi,
  tempDataDir,
} from './lib.mjs';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const CLOSE_SECONDS = Number(process.env.BENCH_CLOSE_SECONDS ?? 5);
const AFTER_CLOSE_MS = 3_000;
const FUND_DOLLARS = 1000;
const TOP_UP_DOLLARS = 20;
const GAME = 'oz-lotto';

const MIX = [
  ['catalogue', 25],
  ['play screen', 15],
  ['results', 15],
  ['add', 20],
  ['purchase', 12],
  ['deposit+buy', 5],
  ['my tickets', 8],
];

const ITEM = {
  product_type: 'lottery_ticket',
  product_offer_key: GAME,
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [null, null, null, null, null, null, null] }, quickpick: true }],
};

/** A small seeded generator (mulberry32): the same sequence of actions on every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickAction(random) {
  let r = random() * MIX.reduce((s, [, w]) => s + w, 0);
  for (const [name, weight] of MIX) {
    if (r < weight) return name;
    r -= weight;
  }
  return MIX[0][0];
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Latencies and outcomes of one phase, per call. */
function phaseStats(name) {
  const calls = new Map();
  const errors = new Map();
  let started = 0;
  let ended = 0;
  return {
    name,
    begin: () => (started = performance.now()),
    end: () => (ended = performance.now()),
    seconds: () => (ended - started) / 1000,
    record(call, ms, status, code) {
      let c = calls.get(call);
      if (!c) calls.set(call, (c = { ok: [], failed: 0 }));
      if (status > 0 && status < 400) c.ok.push(ms);
      else {
        c.failed++;
        const key = `${call} -> ${status}${code ? ` ${code}` : ''}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    },
    print() {
      const s = this.seconds();
      console.log(`\n## ${name} (${s.toFixed(1)} s)`);
      console.log('| call | answered/s | p50 ms | p99 ms | answered | 4xx/5xx/no answer |');
      console.log('|---|---|---|---|---|---|');
      for (const [call, c] of calls) {
        const sorted = c.ok.sort((a, b) => a - b);
        console.log(
          `| ${call} | ${(sorted.length / s).toFixed(1)} | ${pct(sorted, 50).toFixed(1)} | ${pct(sorted, 99).toFixed(1)} | ${sorted.length} | ${c.failed} |`,
        );
      }
      const total = [...calls.values()].reduce((n, c) => n + c.ok.length + c.failed, 0);
      console.log(`all calls: ${(total / s).toFixed(1)}/s`);
      if (errors.size === 0) console.log('errors: none');
      else for (const [key, n] of errors) console.log(`error: ${key}: ${n}`);
    },
  };
}

/** The bench's view of one customer: a worker owns it while it acts, so its cart count is known without reading. */
function customerState(c, index) {
  return { ...c, index, cartItems: 0, fundId: null };
}

function createDriver(base) {
  let n = 0;
  /** One HTTP call, timed and recorded; answers { status, body, code }. status 0 = no answer (network error). */
  async function timed(stats, call, method, path, options) {
    const started = performance.now();
    let r;
    try {
      r = await apiRequest(base, method, path, options);
    } catch (err) {
      r = { status: 0, body: null, text: String(err.message) };
    }
    const code = r.body?.messages?.[0]?.code ?? (r.status === 0 ? 'network' : undefined);
    stats.record(call, performance.now() - started, r.status, r.status >= 400 || r.status === 0 ? code : undefined);
    return { ...r, code };
  }

  const v33 = (c, extra = {}) => ({ ...c.auth, version: '3.3', ...extra });

  /**
   * Around a watched draw's stop: adds sent after it to an empty cart (and how many were put in that draw), and adds
   * to an empty cart answered 200 with the cart still empty (the item priced into the draw, then auto-removed as
   * closed by the same request).
   */
  const lateAdds = { drawId: null, stopAt: Infinity, sent: 0, intoClosedDraw: 0, removedAtOnce: 0 };

  async function add(stats, c) {
    const before = c.cartItems;
    const late = Date.now() >= lateAdds.stopAt && before === 0;
    const r = await timed(stats, 'POST /cart/items', 'POST', '/api/v2/cart/items', {
      headers: v33(c),
      body: { item: ITEM },
    });
    if (r.status === 200) c.cartItems = r.body.result.item_count;
    if (r.status === 200 && before === 0 && c.cartItems === 0) lateAdds.removedAtOnce++;
    if (late) {
      lateAdds.sent++;
      const items = r.status === 200 ? (r.body.result.cart_items.lottery_ticket ?? []) : [];
      if (items.some((i) => i.draws.some((d) => d.draw_id === lateAdds.drawId))) lateAdds.intoClosedDraw++;
    }
    return r;
  }

  /** After a refused purchase the storefront shows the cart again: what is left in it. */
  async function reloadCart(stats, c) {
    const r = await timed(stats, 'GET /cart/items', 'GET', '/api/v2/cart/items', { headers: v33(c) });
    if (r.status === 200) c.cartItems = r.body.result.item_count;
  }

  /** A purchase or deposit+buy of whatever is in the cart; every attempt is kept for the correctness checks. */
  async function buy(stats, c, attempts, withDeposit) {
    if (c.cartItems === 0) await add(stats, c);
    // An add that left the cart empty (its item removed at once: the draw closed) shows that; nobody buys then.
    if (c.cartItems === 0) return;
    const key = `rush-${c.index}-${n++}-${randomBytes(3).toString('hex')}`;
    const sentAt = Date.now();
    const r = withDeposit
      ? await timed(stats, 'POST /cart/deposit_purchase', 'POST', '/api/v2/cart/deposit_purchase', {
          headers: v33(c, { 'idempotency-key': key }),
          body: { deposit: { amount: TOP_UP_DOLLARS, customer_fund_id: c.fundId, csc: '123' }, purchase: {} },
        })
      : await timed(stats, 'POST /cart/purchase', 'POST', '/api/v2/cart/purchase', {
          headers: v33(c, { 'idempotency-key': key }),
          body: {},
        });
    const checkoutId = r.status === 200 ? (r.body.result.checkout_id ?? null) : null;
    attempts.push({ customerId: c.id, key, sentAt, status: r.status, code: r.code, checkoutId, withDeposit });
    if (checkoutId) c.cartItems = 0;
    else if (r.status === 422) await reloadCart(stats, c);
    return r;
  }

  /** The past-tickets page: the list, then the newest past order's details and its first ticket. */
  async function myTickets(stats, c) {
    const r = await timed(
      stats,
      'GET /orders?status=past_products',
      'GET',
      '/api/v2/orders?status=past_products&limit=10&offset=0',
      { headers: v33(c) },
    );
    const order = r.status === 200 ? r.body.result[0] : undefined;
    if (!order) return;
    const details = await timed(stats, 'GET /orders/{id}', 'GET', `/api/v2/orders/${order.id}?show_details=true`, {
      headers: v33(c),
    });
    const ticketId = details.body?.result?.tickets?.[0]?.id;
    if (ticketId) await timed(stats, 'GET /tickets/{id}', 'GET', `/api/v2/tickets/${ticketId}`, { headers: v33(c) });
  }

  const results = (stats, c) =>
    timed(stats, 'GET /draws/pricing/default/past', 'GET', '/api/v2/draws/pricing/default/past?limit=5&offset=0', {
      headers: { ...c.auth, version: '3.7' },
    });
  const catalogue = (stats, c) =>
    timed(stats, 'GET /pricing/default/product_offers', 'GET', '/api/v2/pricing/default/product_offers', {
      headers: c.auth,
    });

  return {
    lateAdds,
    buy,
    myTickets,
    results,
    async act(stats, c, action, attempts) {
      if (action === 'catalogue') return catalogue(stats, c);
      if (action === 'play screen') {
        await catalogue(stats, c);
        return timed(stats, 'GET /customer', 'GET', '/api/v2/customer', { headers: c.auth });
      }
      if (action === 'results') return results(stats, c);
      if (action === 'add') return add(stats, c);
      if (action === 'purchase') return buy(stats, c, attempts, false);
      if (action === 'deposit+buy') return buy(stats, c, attempts, true);
      return myTickets(stats, c);
    },
  };
}

/** C workers, each owning the customers i % C === w (one customer's cart is never used by two workers at once). */
async function workers(customers, count, body) {
  await Promise.all(
    Array.from({ length: count }, (_, w) =>
      body(
        customers.filter((_, i) => i % count === w),
        w,
      ),
    ),
  );
}

async function setUp(base) {
  const started = performance.now();
  // The first customer alone: its deposit creates the ledger's house accounts; then 8 at a time.
  const raw = [await signUpFundedCustomer(base, 0, { fund: FUND_DOLLARS })];
  raw.push(
    ...(await inPool(
      Array.from({ length: CUSTOMERS - 1 }, (_, i) => i + 1),
      8,
      (i) => signUpFundedCustomer(base, i, { fund: FUND_DOLLARS }),
    )),
  );
  const customers = raw.map(customerState);
  await inPool(customers, 16, async (c) => {
    const card = await apiCall(base, 'POST', '/api/v2/funds/cc/test', {
      headers: c.auth,
      body: { card_number: '4242424242424242', expiry_month: 12, expiry_year: 2030, holder_name: 'Bench Koala' },
    });
    c.fundId = card.result.id;
  });
  console.log(
    `set-up: ${CUSTOMERS} customers signed up, funded $${FUND_DOLLARS} and given a saved card in ${((performance.now() - started) / 1000).toFixed(0)} s (not measured)`,
  );
  return customers;
}

async function phaseOne(driver, customers, attempts) {
  const stats = phaseStats(`Phase 1: the last 10 minutes before the close (${SECONDS} s, concurrency ${CONCURRENCY})`);
  const end = performance.now() + SECONDS * 1000;
  stats.begin();
  await workers(customers, CONCURRENCY, async (mine, w) => {
    const random = seeded(1_000 + w);
    for (let k = 0; performance.now() < end; k++)
      await driver.act(stats, mine[k % mine.length], pickAction(random), attempts);
  });
  stats.end();
  return stats;
}

async function phaseTwo(driver, customers, services, database, attempts) {
  const [draw] = await services.draws.upcomingDraws(GAME, 1);
  const stopAt = new Date(Date.now() + CLOSE_SECONDS * 1000);
  await database.pool.query('UPDATE draws_draws SET stop_at = $1, updated_at = now() WHERE public_id = $2', [
    stopAt,
    draw.id,
  ]);
  const stats = phaseStats(
    `Phase 2: the close of ${draw.id} (stop ${CLOSE_SECONDS} s ahead, racing until ${AFTER_CLOSE_MS / 1000} s after)`,
  );
  const end = stopAt.getTime() + AFTER_CLOSE_MS;
  Object.assign(driver.lateAdds, { drawId: draw.id, stopAt: stopAt.getTime() });
  // The draw clock's close, at the stop time (its tick would come a little later).
  const closing = new Promise((r) => setTimeout(r, Math.max(0, stopAt.getTime() - Date.now()))).then(() =>
    services.draws.close(draw.id),
  );
  const mine = [];
  stats.begin();
  await workers(customers, CONCURRENCY, async (own, w) => {
    const random = seeded(2_000 + w);
    for (let k = 0; Date.now() < end; k++) {
      await driver.buy(stats, own[k % own.length], mine, random() < 5 / 17);
    }
  });
  stats.end();
  driver.lateAdds.stopAt = Infinity;
  await closing;
  attempts.push(...mine);
  return { stats, draw, stopAt, attempts: mine };
}

async function phaseThree(driver, customers, services, drawId) {
  const stats = phaseStats('Phase 3: the results rush');
  const { draws, settlement, providers } = services;
  const closed = await draws.getDraw(drawId);
  const started = performance.now();
  const provided = await providers.results.resultFor(closed);
  await draws.recordResult(closed.id, provided.result, provided.dividends, providers.results.source);
  const report = await settlement.settle(closed.id);
  const settleS = (performance.now() - started) / 1000;
  const buyers = Math.max(1, Math.floor(CONCURRENCY / 4));
  const readers = Math.max(1, CONCURRENCY - buyers);
  const attempts = [];
  let done = false;
  stats.begin();
  await Promise.all([
    inPool(customers, readers, async (c) => {
      await driver.results(stats, c);
      await driver.myTickets(stats, c);
    }).finally(() => (done = true)),
    workers(customers, buyers, async (own) => {
      for (let k = 0; !done; k++) {
        const c = own[k % own.length];
        await driver.buy(stats, c, attempts, false);
      }
    }),
  ]);
  stats.end();
  return { stats, attempts, settleS, report, readers, buyers };
}

/** The close's checks; each printed OK or FAIL. */
async function checkClose(database, close, allAttempts) {
  const failures = [];
  const check = (ok, what) => {
    console.log(`${ok ? 'OK  ' : 'FAIL'} ${what}`);
    if (!ok) failures.push(what);
  };
  const q = async (text, values) => (await database.pool.query(text, values)).rows;
  const answered = new Set(allAttempts.filter((a) => a.checkoutId).map((a) => a.checkoutId));
  const tickets = await q(
    `SELECT t.line_ids, c.public_id AS checkout_id
       FROM orders_tickets t JOIN orders_orders o ON o.id = t.order_id JOIN orders_checkouts c ON c.id = o.checkout_id
      WHERE t.draw_id = $1`,
    [close.draw.id],
  );
  // Customers' lines only: a standing syndicate's tickets (owner syn_…) and a Lotto Party session's (lps_…) are in the
  // draw too, bought by their own jobs, not by the purchases checked here.
  const lineRows = await q(
    `SELECT public_id, customer_id FROM orders_ticket_lines
      WHERE draw_id = $1 AND customer_id NOT LIKE 'syn\\_%' AND customer_id NOT LIKE 'lps\\_%'`,
    [close.draw.id],
  );
  const lines = new Set(lineRows.map((r) => r.public_id));
  const ticketLines = new Set(tickets.flatMap((t) => t.line_ids));
  const strays = lineRows.filter((r) => !ticketLines.has(r.public_id));
  if (strays.length)
    console.log(
      `  lines without a ticket (owner: line): ${strays.map((r) => `${r.customer_id}: ${r.public_id}`).join(', ')}`,
    );
  const intoDraw = new Set(tickets.map((t) => t.checkout_id));
  check(
    lines.size === ticketLines.size && [...lines].every((l) => ticketLines.has(l)),
    `the draw's ${lines.size} customers' ticket lines are exactly the lines of its ${tickets.length} tickets`,
  );
  const unanswered = [...intoDraw].filter((id) => !answered.has(id));
  check(
    unanswered.length === 0,
    `every checkout in the draw was answered 200 (${unanswered.length} were not: ${unanswered.slice(0, 3).join(', ')})`,
  );
  const late = close.attempts.filter(
    (a) => a.checkoutId && intoDraw.has(a.checkoutId) && a.sentAt >= close.stopAt.getTime(),
  );
  check(late.length === 0, `no purchase sent after the stop has a line in the draw (${late.length} have)`);
  const refused = allAttempts.filter((a) => a.status === 422 && a.code === 'draw_closed');
  const wrote = refused.length
    ? await q(
        `SELECT count(*)::int AS n FROM orders_checkouts c
           JOIN unnest($1::text[], $2::text[]) AS r(customer_id, idempotency_key)
             ON c.customer_id = r.customer_id AND (c.idempotency_key = r.idempotency_key)`,
        [refused.map((a) => a.customerId), refused.map((a) => a.key)],
      )
    : [{ n: 0 }];
  check(wrote[0].n === 0, `none of the ${refused.length} purchases refused with draw_closed wrote a checkout`);
  // A deposit+buy validates the cart before charging: one sent after the stop must never have charged the card.
  const refusedDeposits = refused.filter((a) => a.withDeposit);
  const charged = new Set(
    (
      await q(
        `SELECT r.key FROM payments_deposits d
           JOIN unnest($1::text[], $2::text[]) AS r(customer_id, key)
             ON d.customer_id = r.customer_id AND d.idempotency_key = 'cart:' || r.key
          WHERE d.status = 'approved'`,
        [refusedDeposits.map((a) => a.customerId), refusedDeposits.map((a) => a.key)],
      )
    ).map((r) => r.key),
  );
  const chargedLate = refusedDeposits.filter((a) => charged.has(a.key) && a.sentAt >= close.stopAt.getTime());
  check(
    chargedLate.length === 0,
    `no deposit+buy sent after the stop charged the card for a closed draw (${chargedLate.length} did)`,
  );
  return { failures, intoDraw, charged: charged.size };
}

/** Money: the ledger's own verify, every checkout answered, and each customer's wallet adds up. */
async function checkMoney(services, database, customers, allAttempts) {
  const failures = [];
  const check = (ok, what) => {
    console.log(`${ok ? 'OK  ' : 'FAIL'} ${what}`);
    if (!ok) failures.push(what);
  };
  const v = await services.ledger.verify();
  check(
    v.unbalancedEntries === 0 && v.mismatchedAccounts === 0 && v.negativeCustomerAccounts === 0 && v.totalCents === 0,
    `ledger verify: ${v.unbalancedEntries} unbalanced entries, ${v.mismatchedAccounts} cached balances off, ${v.negativeCustomerAccounts} negative wallets, all money sums to ${v.totalCents}`,
  );
  const ids = customers.map((c) => c.id);
  const answered = new Set(allAttempts.filter((a) => a.checkoutId).map((a) => a.checkoutId));
  const { rows: checkouts } = await database.pool.query(
    'SELECT public_id FROM orders_checkouts WHERE customer_id = ANY($1::text[])',
    [ids],
  );
  const silent = checkouts.filter((r) => !answered.has(r.public_id));
  const missing = answered.size - (checkouts.length - silent.length);
  check(
    silent.length === 0 && missing === 0,
    `the ${checkouts.length} checkouts of bench customers are exactly the ${answered.size} purchases answered 200 (${silent.length} not answered, ${missing} answered but missing)`,
  );
  const [{ bare, lost }] = (
    await database.pool.query(
      `SELECT (SELECT count(*)::int FROM orders_checkouts c WHERE c.customer_id = ANY($1::text[]) AND NOT EXISTS
                (SELECT 1 FROM orders_orders o JOIN orders_tickets t ON t.order_id = o.id WHERE o.checkout_id = c.id)) AS bare,
              (SELECT count(*)::int FROM orders_tickets t WHERE t.customer_id = ANY($1::text[]) AND EXISTS
                (SELECT 1 FROM unnest(t.line_ids) AS l(id) WHERE NOT EXISTS
                  (SELECT 1 FROM orders_ticket_lines x WHERE x.public_id = l.id AND x.draw_id = t.draw_id))) AS lost`,
      [ids],
    )
  ).rows;
  check(
    bare === 0 && lost === 0,
    `every checkout has its tickets and every ticket its lines in its draw (${bare} checkouts without tickets, ${lost} tickets missing lines)`,
  );
  const { rows: off } = await database.pool.query(
    `WITH c AS (SELECT unnest($1::text[]) AS customer_id)
     SELECT c.customer_id,
            (SELECT coalesce(sum(balance_cents), 0) FROM wallet_accounts a WHERE a.customer_id = c.customer_id) AS wallet,
            (SELECT coalesce(sum(amount_cents), 0) FROM payments_deposits d WHERE d.customer_id = c.customer_id AND d.status = 'approved')
          - (SELECT coalesce(sum(paid_from_wallet_cents), 0) FROM orders_checkouts k WHERE k.customer_id = c.customer_id)
          + (SELECT coalesce(sum(prize_cents), 0) FROM orders_prizes p WHERE p.customer_id = c.customer_id AND p.ledger_entry_id IS NOT NULL)
            AS expected
       FROM c`,
    [ids],
  );
  const wrong = off.filter((r) => Number(r.wallet) !== Number(r.expected));
  check(
    wrong.length === 0,
    `every customer's wallet = approved deposits - paid from wallet + prizes credited (${wrong.length} of ${off.length} differ${wrong.length ? `, e.g. ${wrong[0].customer_id}: ${wrong[0].wallet} vs ${wrong[0].expected}` : ''})`,
  );
  return failures;
}

async function rush(label, databaseUrl, dataDir) {
  const api = await startApi({ port: await freePort(), databaseUrl, dataDir });
  // The bench's own services on the same database: the draw clock's close, the results provider and settlement.
  const database = connectDatabase(databaseUrl, { max: 4 });
  const services = createServices({
    database,
    clock: systemClock,
    config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  });
  try {
    console.log(
      `${label}; ${CUSTOMERS} customers, concurrency ${CONCURRENCY}, SHOP_WORKERS=${process.env.SHOP_WORKERS ?? '(unset)'}`,
    );
    const customers = await setUp(api.base);
    const driver = createDriver(api.base);
    const attempts = [];
    (await phaseOne(driver, customers, attempts)).print();

    const close = await phaseTwo(driver, customers, services, database, attempts);
    close.stats.print();
    const intoNext = close.attempts.filter((a) => a.checkoutId).length;
    const { failures, intoDraw, charged } = await checkClose(database, close, attempts);
    const committedBefore = close.attempts.filter((a) => a.checkoutId && intoDraw.has(a.checkoutId)).length;
    const refused = close.attempts.filter((a) => a.status === 422 && a.code === 'draw_closed');
    console.log(
      `the close: ${committedBefore} purchases committed into ${close.draw.id} before the stop, ${refused.length} refused with 422 draw_closed (${refused.filter((a) => a.withDeposit).length} of them deposit+buy, ${charged} of which charged the card: that deposit stays in the wallet, as the answer says), ${intoNext - committedBefore} committed into the next draw after it`,
    );
    console.log(
      `adds to an empty cart sent after the stop: ${driver.lateAdds.sent}, of which ${driver.lateAdds.intoClosedDraw} were put in the closed draw; adds answered 200 with their new item at once auto-removed (draw_closed) as the stop passed: ${driver.lateAdds.removedAtOnce}`,
    );

    const three = await phaseThree(driver, customers, services, close.draw.id);
    console.log(
      `\nresult recorded and ${close.draw.id} settled in ${three.settleS.toFixed(1)} s (${three.report.linesScored} lines scored, ${three.report.prizesRecorded} prizes recorded and credited)`,
    );
    three.stats.print();
    console.log(
      `(${three.readers} workers reading, each customer once; ${three.buyers} buying into the next draw meanwhile)`,
    );
    attempts.push(...three.attempts);

    console.log('\n## Correctness');
    failures.push(...(await checkMoney(services, database, customers, attempts)));

    const pgbench = await pgbenchTpcb(databaseUrl, { clients: 16, seconds: Math.min(SECONDS, 15) });
    console.log(
      pgbench.tps
        ? `\npgbench tpcb-like on the same server, same run: ${pgbench.tps.toFixed(0)} tps (16 clients, ${Math.min(SECONDS, 15)} s)`
        : `\npgbench skipped: ${pgbench.skipped}`,
    );
    return failures;
  } finally {
    await database.close();
    await api.stop();
  }
}

/** Runs the rush on DATABASE_URL, else on an embedded PostgreSQL in a fresh DATA_DIR; answers the failed checks. */
async function main() {
  const data = tempDataDir();
  try {
    if (process.env.DATABASE_URL) return await rush('DATABASE_URL', process.env.DATABASE_URL, data.dir);
    const embedded = await openDatabase(
      loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: data.dir, LOG_LEVEL: 'silent' }),
      { forTests: false },
    );
    try {
      return await rush('embedded PostgreSQL', embedded.url, data.dir);
    } finally {
      await embedded.close();
    }
  } finally {
    data.remove();
  }
}

console.log(machine());
const failures = await main();
if (failures.length) {
  console.log(`\nFAIL: ${failures.length} correctness check(s) failed`);
  process.exitCode = 1;
} else console.log('\nOK: every correctness check passed');
