// Counts what a piece of work sends to PostgreSQL through one pool: round trips (a client.query call waits for the
// server's answer before node-postgres sends the next one on that connection, so each call is one round trip) and
// statements (a simple-protocol text may carry several, separated by semicolons). For tests and benches only: the
// shop itself never installs it (docs/checkout.md "Numbers").
import type pg from 'pg';

export interface CountedQuery {
  text: string;
  /** The name of a prepared statement (node-postgres `{ name, text, values }`), if it was one. */
  name?: string;
}

export interface QueryCount {
  roundTrips: number;
  statements: number;
  queries: CountedQuery[];
}

const COUNTED = Symbol('queryCounter');

type Countable = pg.PoolClient & { [COUNTED]?: true };

/** Statements in one query text: top-level semicolons outside quotes, ignoring a trailing one. */
export function statementsIn(text: string): number {
  let n = 1;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ';' && text.slice(i + 1).trim() !== '') n++;
  }
  return n;
}

/**
 * Starts counting the queries of every client the pool hands out from now on. `take()` answers the count since the
 * last take and starts again from zero; `stop()` ends counting.
 */
export function countQueries(pool: pg.Pool) {
  let active = true;
  let current: QueryCount = { roundTrips: 0, statements: 0, queries: [] };
  const record = (arg: unknown) => {
    if (!active) return;
    const q: CountedQuery =
      typeof arg === 'string'
        ? { text: arg }
        : {
            text: String((arg as { text?: string }).text ?? ''),
            ...((arg as { name?: string }).name ? { name: (arg as { name: string }).name } : {}),
          };
    current.roundTrips++;
    current.statements += statementsIn(q.text);
    current.queries.push(q);
  };
  const onAcquire = (client: Countable) => {
    if (client[COUNTED]) return;
    client[COUNTED] = true;
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      record(args[0]);
      return original(...args);
    };
  };
  pool.on('acquire', onAcquire);
  return {
    take(): QueryCount {
      const out = current;
      current = { roundTrips: 0, statements: 0, queries: [] };
      return out;
    },
    stop() {
      active = false;
      pool.off('acquire', onAcquire);
    },
  };
}
