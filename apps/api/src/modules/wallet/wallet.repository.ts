// The only code that queries the wallet tables (accounts, entries, lines). The ledger (wallet.ledger.ts) decides
// every movement; these are its statements.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@shop/contracts';
import {
  executeNamed,
  peekPrefetched,
  rowFromJson,
  type BatchedRead,
  type Db,
  type Executor,
  type WritePart,
} from '../../db/index.ts';
import {
  CUSTOMER_ACCOUNT_KINDS,
  walletAccounts,
  walletEntries,
  walletLines,
  type HouseAccountKind,
} from './wallet.schema.ts';

export type EntryRow = typeof walletEntries.$inferSelect;
export type AccountRow = typeof walletAccounts.$inferSelect;
const accountsKey = (customerId: string) => `wallet_accounts:${customerId}`;
const spentKey = (customerId: string) => `wallet_spent:${customerId}`;

/** Windows of net spending, as spentInWindows takes them. */
export type SpendWindow = { from: Date | null; to: Date };
/** What `spentRead` prefetched: the windows asked for and each currency's sums, in their order. */
type PrefetchedSpend = { windows: SpendWindow[]; allTime: boolean; byCurrency: Record<string, number[]> };
export type NewEntryRow = typeof walletEntries.$inferInsert;
const KINDS_ARRAY = sql.raw(`array['${CUSTOMER_ACCOUNT_KINDS.join("','")}']`);

/** An entry (its reference unique: nothing when posted already) and its lines, as CTEs `<e>` and `<e>_l`. */
function entryCtesOf(
  e: string,
  row: NewEntryRow,
  lines: { accountId: number; amountCents: number }[],
): [string, SQL][] {
  return [
    [
      e,
      sql`insert into wallet_entries (public_id, kind, customer_id, reference, description, currency, reverses_entry_id, created_at)
        values (${row.publicId}, ${row.kind}, ${row.customerId ?? null}, ${row.reference}, ${row.description},
          ${row.currency}, ${row.reversesEntryId ?? null}, ${(row.createdAt as Date).toISOString()}::timestamptz)
        on conflict (reference) do nothing
        returning id, public_id`,
    ],
    [
      `${e}_l`,
      sql`insert into wallet_lines (entry_id, account_id, amount_cents)
        select ${sql.raw(e)}.id, v."accountId", v."amountCents"
        from ${sql.raw(e)} cross join jsonb_to_recordset(${JSON.stringify(lines.map((l, i) => ({ ...l, i })))}::jsonb)
          as v("accountId" bigint, "amountCents" bigint, i int)
        order by v.i`,
    ],
  ];
}

const entryCtes = (e: string, row: NewEntryRow, lines: { accountId: number; amountCents: number }[]) =>
  sql.join(
    entryCtesOf(e, row, lines).map(([name, body]) => sql`${sql.raw(name)} as (${body})`),
    sql`, `,
  );

/** A customer's net spending (purchases minus refunds): the sales side of their purchase and refund entries. */
export const accounts = {
  /** A house account's id, created (autocommitted, outside any caller transaction) when missing. */
  async house(db: Db, kind: HouseAccountKind, currency: CurrencyCode): Promise<number> {
    await db.execute(
      sql`insert into wallet_accounts (kind, currency) values (${kind}, ${currency}) on conflict (kind, currency) where customer_id is null do nothing`,
    );
    const [row] = await db
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(
        and(isNull(walletAccounts.customerId), eq(walletAccounts.kind, kind), eq(walletAccounts.currency, currency)),
      );
    return row!.id;
  },

  /** The customer's accounts in this currency, locked FOR UPDATE in id order (the order every writer uses). */
  lockCustomer: (tx: Executor, customerId: string, currency: CurrencyCode) =>
    tx
      .select({ id: walletAccounts.id, kind: walletAccounts.kind, balanceCents: walletAccounts.balanceCents })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.customerId, customerId), eq(walletAccounts.currency, currency)))
      .orderBy(asc(walletAccounts.id))
      .for('update')
      .prepare('wallet_lock_customer')
      .execute(),

  /** Creates the missing accounts of these customers (every customer kind) in this currency. */
  /**
   * The customer's accounts locked (FOR UPDATE, in id order) and, in the same statement, the public id of the entry
   * already posted under `reference` if there is one: a movement's lock and its idempotency check in one round trip.
   * The locked rows are read at their newest version, but the entry lookup sees the statement's snapshot, taken
   * before any wait for the lock: an entry committed meanwhile is caught by the unique reference when posting.
   */
  async lockCustomerFor(tx: Executor, customerId: string, currency: CurrencyCode, reference: string) {
    const { rows } = await tx.execute<{ id: string; kind: string; balance_cents: string; posted: string | null }>(
      sql`select a.id, a.kind, a.balance_cents,
        (select e.public_id from wallet_entries e where e.reference = ${reference}) as posted
      from wallet_accounts a where a.customer_id = ${customerId} and a.currency = ${currency}
      order by a.id for update of a`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      balanceCents: Number(r.balance_cents),
      posted: r.posted,
    }));
  },

  ensureCustomers: (tx: Executor, customerIds: string[], currency: CurrencyCode) =>
    tx.execute(sql`insert into wallet_accounts (customer_id, kind, currency)
      select c, k, ${currency} from jsonb_array_elements_text(${JSON.stringify(customerIds)}::jsonb) as c
      cross join unnest(${KINDS_ARRAY}) as k
      on conflict (customer_id, kind, currency) where customer_id is not null do nothing`),

  /** Every account of these customers in this currency, locked FOR UPDATE in id order. */
  lockCustomers: (tx: Executor, customerIds: string[], currency: CurrencyCode) =>
    tx
      .select({ id: walletAccounts.id, customerId: walletAccounts.customerId, kind: walletAccounts.kind })
      .from(walletAccounts)
      .where(and(inArray(walletAccounts.customerId, customerIds), eq(walletAccounts.currency, currency)))
      .orderBy(asc(walletAccounts.id))
      .for('update'),

  /** Moves one account's cached balance (the caller holds its lock). */
  addToBalances: (tx: Executor, deltas: [accountId: number, amountCents: number][]) =>
    tx.execute(sql`update wallet_accounts a set balance_cents = a.balance_cents + v.d, version = a.version + 1
      from (select (e->>0)::bigint as id, (e->>1)::bigint as d from jsonb_array_elements(${JSON.stringify(deltas)}::jsonb) as e) v
      where a.id = v.id`),

  /**
   * Every account of the customer (all currencies) with its balance and version, as part of another module's read
   * (the checkout's, ADR 109): the purchase decides its debit from these and its write stands only if no account's
   * version moved since; `balancesOf` answers from them too.
   */
  ofCustomerRead: (customerId: string): BatchedRead<AccountRow[]> => ({
    key: accountsKey(customerId),
    sql: sql`select coalesce(json_agg(row_to_json(a) order by a.id), '[]'::json) from ${walletAccounts} a where a.customer_id = ${customerId}`,
    read: (value) => ((value as unknown[] | null) ?? []).map((r) => rowFromJson(walletAccounts, r)!),
  }),

  /** `ofCustomerRead` as a statement of its own. */
  async ofCustomer(exec: Executor, customerId: string): Promise<AccountRow[]> {
    const read = accounts.ofCustomerRead(customerId);
    const { rows } = await executeNamed<{ v: unknown }>(exec, 'wallet_accounts_of', sql`select (${read.sql}) as v`);
    return read.read(rows[0]?.v ?? null);
  },

  /** The accounts `ofCustomerRead` prefetched for this read scope or transaction, if it did. */
  prefetchedOf: (exec: Executor, customerId: string): AccountRow[] | undefined =>
    peekPrefetched<AccountRow[]>(exec, accountsKey(customerId))?.value,

  /** Balances of every account of a customer (all currencies); what a read scope prefetched, if it did. */
  balancesOf: async (db: Executor, customerId: string) => {
    const known = peekPrefetched<AccountRow[]>(db, accountsKey(customerId));
    if (known) return known.value.map((a) => ({ kind: a.kind, currency: a.currency, balanceCents: a.balanceCents }));
    return db
      .select({
        kind: walletAccounts.kind,
        currency: walletAccounts.currency,
        balanceCents: walletAccounts.balanceCents,
      })
      .from(walletAccounts)
      .where(eq(walletAccounts.customerId, customerId))
      .prepare('wallet_balances_of') // every cart read asks (issue 22)
      .execute();
  },
};

export const entries = {
  /** The public id of the entry already posted under a reference, if any. */
  async byReference(tx: Executor, reference: string): Promise<string | null> {
    const [row] = await tx
      .select({ publicId: walletEntries.publicId })
      .from(walletEntries)
      .where(eq(walletEntries.reference, reference));
    return row?.publicId ?? null;
  },

  /** Entry public ids by reference (a bulk credit's look-up before it writes). */
  byReferences: (tx: Executor, references: string[]) =>
    tx
      .select({ reference: walletEntries.reference, publicId: walletEntries.publicId })
      .from(walletEntries)
      .where(inArray(walletEntries.reference, references)),

  /** Inserts entries unless their reference exists; answers those inserted. */
  insert: (tx: Executor, rows: NewEntryRow[]) =>
    tx
      .insert(walletEntries)
      .values(rows)
      .onConflictDoNothing({ target: walletEntries.reference })
      .returning({ id: walletEntries.id, reference: walletEntries.reference, publicId: walletEntries.publicId }),

  /**
   * One journal entry, its lines and the cached balances of the customer accounts it moves, in one statement (data-
   * modifying CTEs). Writes nothing and answers null when an entry with this reference exists (unique reference).
   */
  async post(
    tx: Executor,
    row: NewEntryRow,
    lines: { accountId: number; amountCents: number }[],
    balanceDeltas: { accountId: number; amountCents: number; moves: number }[],
  ): Promise<{ id: number; publicId: string } | null> {
    const { rows } = await executeNamed<{ id: string; public_id: string }>(
      tx,
      'wallet_post',
      sql`with ${entryCtes('e', row, lines)}, b as (
        update wallet_accounts a set balance_cents = a.balance_cents + v."amountCents", version = a.version + v.moves
        from jsonb_to_recordset(${JSON.stringify(balanceDeltas)}::jsonb) as v("accountId" bigint, "amountCents" bigint, moves int)
        where a.id = v."accountId" and exists (select 1 from e)
      )
      select id, public_id from e`,
    );
    const r = rows[0];
    return r ? { id: Number(r.id), publicId: r.public_id } : null;
  },

  /**
   * `post` as a part of a guarded write (ADR 109): the entry and its lines, and EVERY account of the wallet
   * (`wallet`, as read) moved by its delta (0 for one the entry does not touch) only while its version is the one
   * read. The write stands only if the entry was new and no account of the wallet changed since it was read: then the
   * balances the lines were decided from, and every limit checked on the wallet's entries, still hold.
   */
  postWrite(
    row: NewEntryRow,
    lines: { accountId: number; amountCents: number }[],
    wallet: { accountId: number; version: number; amountCents: number; moves: number }[],
  ): WritePart {
    const moved = wallet.filter((a) => a.moves > 0);
    const kept = wallet.filter((a) => a.moves === 0);
    const array = (values: number[]) => `{${values.join(',')}}`;
    return {
      ctes: [
        ...entryCtesOf('wallet_e', row, lines),
        [
          'wallet_b',
          sql`update wallet_accounts a set balance_cents = a.balance_cents + v."amountCents", version = a.version + v.moves
          from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v("accountId" bigint, version bigint, "amountCents" bigint, moves int)
          where a.customer_id = ${row.customerId ?? null} and a.id = v."accountId" and a.version = v.version
          returning a.id`,
        ],
        // The accounts the entry does not move are locked, not updated (no new row version, so no bloat of the
        // wallet's hottest rows), still only where their version is the one read.
        [
          'wallet_k',
          sql`select a.id from wallet_accounts a
            join unnest(${array(kept.map((a) => a.accountId))}::bigint[], ${array(kept.map((a) => a.version))}::bigint[])
              as v(id, version) on a.id = v.id and a.version = v.version
            where a.customer_id = ${row.customerId ?? null}
            for no key update of a`,
        ],
      ],
      checks: [
        ['wallet_entry_new', sql`exists (select 1 from wallet_e)`],
        [
          'wallet_unchanged',
          sql`(select count(*) from wallet_b) = ${moved.length} and (select count(*) from wallet_k) = ${kept.length}`,
        ],
      ],
    };
  },

  insertLines: (tx: Executor, lines: { entryId: number; accountId: number; amountCents: number }[]) =>
    tx.insert(walletLines).values(lines),

  async byPublicId(tx: Executor, publicId: string): Promise<EntryRow | undefined> {
    return (await tx.select().from(walletEntries).where(eq(walletEntries.publicId, publicId)))[0];
  },

  linesOf: (tx: Executor, entryId: number) =>
    tx
      .select({ accountId: walletLines.accountId, amountCents: walletLines.amountCents })
      .from(walletLines)
      .where(eq(walletLines.entryId, entryId)),

  /** What the customer's accounts gave to the entry with this reference (a purchase being refunded). */
  customerLinesOf: (tx: Executor, reference: string, customerId: string) =>
    tx
      .select({ kind: walletAccounts.kind, amountCents: walletLines.amountCents })
      .from(walletLines)
      .innerJoin(walletEntries, eq(walletEntries.id, walletLines.entryId))
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
      .where(and(eq(walletEntries.reference, reference), eq(walletAccounts.customerId, customerId))),

  /** What the customer's accounts got from (or gave to) the entries with these references, those that exist. */
  customerLinesOfAny: (tx: Executor, references: readonly string[], customerId: string) =>
    tx
      .select({ kind: walletAccounts.kind, amountCents: walletLines.amountCents })
      .from(walletLines)
      .innerJoin(walletEntries, eq(walletEntries.id, walletLines.entryId))
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
      .where(and(inArray(walletEntries.reference, [...references]), eq(walletAccounts.customerId, customerId))),
};

/**
 * Each of the customer's entries `e` joined to its line on the house sales account, looked up BY ENTRY (the lines'
 * entry index): a lateral subquery behind OFFSET 0, which the planner cannot flatten. Flattened, it started from the
 * sales account's lines, i.e. one line per purchase anyone ever made, and hash-joined them with the customer's
 * entries: a cost growing with the whole shop's sales, found under the bench (issue 22, fifth pass).
 */
const salesLinesOf = sql`cross join lateral (
    select l.amount_cents from ${walletLines} l inner join ${walletAccounts} a on a.id = l.account_id
    where l.entry_id = e.id and a.customer_id is null and a.kind = 'sales' offset 0
  ) l`;

/**
 * The sums a read scope prefetched for these windows (each window one it read: same bounds, or an all-time window
 * whatever its end, since the guarded write's wallet check refuses a purchase after any later entry), else null.
 * An all-time window the read left out (the customer was verified) is not covered.
 */
function fromPrefetchedSpend(
  known: PrefetchedSpend | undefined,
  currency: CurrencyCode,
  windows: SpendWindow[],
): number[] | null {
  if (!known) return null;
  const sums = known.byCurrency[currency];
  const out: number[] = [];
  for (const w of windows) {
    if (w.from === null && !known.allTime) return null;
    const i = known.windows.findIndex((k) =>
      w.from === null ? k.from === null : k.from?.getTime() === w.from.getTime() && k.to.getTime() === w.to.getTime(),
    );
    if (i < 0) return null;
    out.push(Math.max(0, sums?.[i] ?? 0));
  }
  return out;
}

export const statements = {
  /**
   * Net spending in each window, in one statement, in the order given: the one sum query behind a single window
   * (spentBetween) and the responsible-gambling checks (spentInWindows).
   */
  async spentInWindows(
    tx: Executor,
    customerId: string,
    currency: CurrencyCode,
    windows: { from: Date | null; to: Date }[],
  ): Promise<number[]> {
    if (!windows.length) return [];
    const known = fromPrefetchedSpend(
      peekPrefetched<PrefetchedSpend>(tx, spentKey(customerId))?.value,
      currency,
      windows,
    );
    if (known) return known;
    const sums = windows.map((w, i) => {
      const inWindow = w.from
        ? sql`e.created_at >= ${w.from.toISOString()} and e.created_at < ${w.to.toISOString()}`
        : sql`e.created_at < ${w.to.toISOString()}`;
      return sql`coalesce(sum(l.amount_cents) filter (where ${inWindow}), 0) as ${sql.raw(`w${i}`)}`;
    });
    // The entries of the windows' union only (every window's filter implies it): the customer's index is scanned
    // over that range instead of their whole history, which grows with every purchase.
    const from = windows.every((w) => w.from) ? Math.min(...windows.map((w) => w.from!.getTime())) : null;
    const to = Math.max(...windows.map((w) => w.to.getTime()));
    const range = sql`created_at < ${new Date(to).toISOString()}${from === null ? sql`` : sql` and created_at >= ${new Date(from).toISOString()}`}`;
    // The customer's entries first, as a fence (MATERIALIZED), then each one's line on the sales account
    // (salesLinesOf): a plain three-table join started from the sales account's lines, every customer's purchases.
    const { rows } = await executeNamed<Record<string, string>>(
      tx,
      'wallet_spent',
      sql`with e as materialized (
        select id, created_at from ${walletEntries}
        where customer_id = ${customerId} and currency = ${currency} and kind in ('purchase', 'refund') and ${range}
      )
      select ${sql.join(sums, sql`, `)}
      from e ${salesLinesOf}`,
    );
    return windows.map((_, i) => Math.max(0, Number(rows[0]?.[`w${i}`] ?? 0)));
  },

  /**
   * `spentInWindows` for every currency at once, as part of another module's read (the checkout's, ADR 109): the
   * windows are those the checks may ask (each limit period's, the shop-wide week's); an all-time window (`from`
   * null) is summed only when `allTimeWhen` holds (an unverified customer's cap), so a verified customer's whole
   * history is never read. A later spentInWindows of the same read scope answers from it for windows it covers.
   */
  spentRead(customerId: string, windows: SpendWindow[], allTimeWhen: SQL): BatchedRead<PrefetchedSpend> {
    const bounded = windows.filter((w) => w.from !== null);
    const from = bounded.length ? Math.min(...bounded.map((w) => w.from!.getTime())) : null;
    const to = Math.max(...windows.map((w) => w.to.getTime()));
    const sums = windows.map((w) =>
      w.from
        ? sql`coalesce(sum(l.amount_cents) filter (where e.created_at >= ${w.from.toISOString()} and e.created_at < ${w.to.toISOString()}), 0)`
        : sql`coalesce(sum(l.amount_cents) filter (where e.created_at < ${w.to.toISOString()}), 0)`,
    );
    const range = sql`created_at < ${new Date(to).toISOString()}${from !== null ? sql` and created_at >= ${new Date(from).toISOString()}` : sql``}`;
    const allTime = windows.some((w) => w.from === null);
    // As spentInWindows: the customer's entries first, as a fence (MATERIALIZED), then each one's sales line.
    const q = sql`with e as materialized (
        select id, created_at, currency from ${walletEntries}
        where customer_id = ${customerId} and kind in ('purchase', 'refund') and ${range}
        ${allTime && from !== null ? sql`union all select id, created_at, currency from ${walletEntries} where (${allTimeWhen}) and customer_id = ${customerId} and kind in ('purchase', 'refund') and created_at < ${new Date(from).toISOString()}` : sql``}
      ), s as (
        select e.currency, json_build_array(${sql.join(sums, sql`, `)}) as sums
        from e ${salesLinesOf}
        group by e.currency
      )
      select json_build_object('all', ${allTime ? sql`(${allTimeWhen})` : sql`false`},
        'sums', (select coalesce(json_object_agg(s.currency, s.sums), '{}'::json) from s))`;
    return {
      key: spentKey(customerId),
      sql: q,
      read: (value) => {
        const v = value as { all: boolean | null; sums: Record<string, (number | string)[]> | null } | null;
        return {
          windows,
          allTime: v?.all === true,
          byCurrency: Object.fromEntries(Object.entries(v?.sums ?? {}).map(([c, x]) => [c, x.map(Number)])),
        };
      },
    };
  },

  /** Deposits credited to the customer in [from, to), each with its time, oldest first. */
  async depositsBetween(tx: Executor, customerId: string, currency: CurrencyCode, from: Date, to: Date) {
    return tx
      .select({ amountCents: walletLines.amountCents, at: walletEntries.createdAt })
      .from(walletLines)
      .innerJoin(walletEntries, eq(walletEntries.id, walletLines.entryId))
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
      .where(
        and(
          eq(walletEntries.customerId, customerId),
          eq(walletEntries.currency, currency),
          eq(walletEntries.kind, 'deposit'),
          eq(walletAccounts.customerId, customerId),
          eq(walletAccounts.kind, 'deposit'),
          sql`${walletEntries.createdAt} >= ${from.toISOString()}`,
          sql`${walletEntries.createdAt} < ${to.toISOString()}`,
        ),
      )
      .orderBy(asc(walletEntries.createdAt));
  },

  /** Each customer's first deposit (the affiliate report): its amount on their deposit account. */
  async firstDeposits(db: Db, customerIds: string[]) {
    if (!customerIds.length) return [];
    const { rows } = await db.execute<{ customerId: string; amountCents: string; currency: string }>(sql`
      select distinct on (e.customer_id) e.customer_id as "customerId", l.amount_cents as "amountCents", e.currency
      from wallet_entries e
      join wallet_lines l on l.entry_id = e.id
      join wallet_accounts a on a.id = l.account_id and a.customer_id = e.customer_id and a.kind = 'deposit'
      where e.kind = 'deposit' and e.customer_id in (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by e.customer_id, e.created_at, e.id`);
    return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
  },

  /** A page of the customer's entries, newest first, and how many there are. */
  async page(db: Db, customerId: string, page: { limit: number; offset: number }) {
    const where = eq(walletEntries.customerId, customerId);
    const [{ total }] = (await db.select({ total: count() }).from(walletEntries).where(where)) as [{ total: number }];
    const rows = await db
      .select()
      .from(walletEntries)
      .where(where)
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total };
  },

  customerEntry: (db: Db, customerId: string, entryId: string) =>
    db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.publicId, entryId), eq(walletEntries.customerId, customerId))),

  /** The lines of these entries with their accounts, in id order. */
  linesOfEntries: (db: Db, entryIds: number[]) =>
    db
      .select({
        entryId: walletLines.entryId,
        kind: walletAccounts.kind,
        customerId: walletAccounts.customerId,
        amountCents: walletLines.amountCents,
      })
      .from(walletLines)
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
      .where(inArray(walletLines.entryId, entryIds))
      .orderBy(asc(walletLines.id)),

  publicIdsOf: (db: Db, ids: number[]) =>
    db
      .select({ id: walletEntries.id, publicId: walletEntries.publicId })
      .from(walletEntries)
      .where(inArray(walletEntries.id, ids)),

  /**
   * Per day (in the time zone given), account kind (customer accounts summed per kind) and currency: money in (the
   * positive lines), money out (the negative lines, as a positive number) and the entries that moved the account.
   */
  async dailyTotals(db: Db, from: string, to: string, timeZone: string) {
    const { rows } = await db.execute<{
      day: string;
      owner: string;
      kind: string;
      currency: string;
      inCents: string;
      outCents: string;
      entries: string;
    }>(
      sql`select to_char(e.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
            case when a.customer_id is null then 'house' else 'customer' end as owner, a.kind, a.currency,
            coalesce(sum(l.amount_cents) filter (where l.amount_cents > 0), 0) as "inCents",
            coalesce(-sum(l.amount_cents) filter (where l.amount_cents < 0), 0) as "outCents",
            count(distinct e.id) as entries
          from wallet_lines l
          join wallet_entries e on e.id = l.entry_id
          join wallet_accounts a on a.id = l.account_id
          where (e.created_at at time zone ${timeZone})::date between ${from}::date and ${to}::date
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    return rows.map((r) => ({
      day: r.day,
      account: `${r.owner}:${r.kind}`,
      currency: r.currency as CurrencyCode,
      inCents: Number(r.inCents),
      outCents: Number(r.outCents),
      entries: Number(r.entries),
    }));
  },

  /** Per entry kind and currency since a time: how many entries and their amount (the sum of their positive lines). */
  async entryTotalsSince(db: Db, since: Date) {
    const { rows } = await db.execute<{ kind: string; currency: string; entries: string; amountCents: string }>(
      sql`select e.kind, e.currency, count(distinct e.id) as entries,
            coalesce(sum(l.amount_cents) filter (where l.amount_cents > 0), 0) as "amountCents"
          from wallet_entries e join wallet_lines l on l.entry_id = e.id
          where e.created_at >= ${since.toISOString()}
          group by 1, 2 order by 1, 2`,
    );
    return rows.map((r) => ({
      kind: r.kind,
      currency: r.currency as CurrencyCode,
      entries: Number(r.entries),
      amountCents: Number(r.amountCents),
    }));
  },

  /** Balances (sums of lines) of the house accounts whose kind starts with a prefix, per kind and currency. */
  async houseBalances(db: Db, kindPrefix: string) {
    const { rows } = await db.execute<{ kind: string; currency: string; balance: string }>(
      sql`select a.kind, a.currency, coalesce(sum(l.amount_cents), 0) as balance
          from wallet_accounts a left join wallet_lines l on l.account_id = a.id
          where a.customer_id is null and starts_with(a.kind, ${kindPrefix})
          group by a.kind, a.currency order by a.kind, a.currency`,
    );
    return rows.map((r) => ({ kind: r.kind, currency: r.currency as CurrencyCode, balanceCents: Number(r.balance) }));
  },

  /** Consistency figures: unbalanced entries, cached balances off their lines, negative customer accounts, total. */
  async verify(db: Db) {
    const { rows } = await db.execute<{ unbalanced: string; mismatched: string; negative: string; total: string }>(
      sql`select
        (select count(*) from (select entry_id from wallet_lines group by entry_id having sum(amount_cents) <> 0) u) as unbalanced,
        (select count(*) from wallet_accounts a where a.customer_id is not null and a.balance_cents <> coalesce((select sum(amount_cents) from wallet_lines l where l.account_id = a.id), 0)) as mismatched,
        (select count(*) from wallet_accounts where customer_id is not null and balance_cents < 0) as negative,
        (select coalesce(sum(amount_cents), 0) from wallet_lines) as total`,
    );
    return rows[0]!;
  },
};
