// The notification feed's cards as stored (issue 20), for tests that drive an event and check the card it posted.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/index.ts';

export interface StoredCard {
  title: string;
  message: string;
  /** The actions' links, in order. */
  links: (string | null)[];
  toasted: boolean;
  dedupeKey: string;
}

/** The customer's cards of one kind, oldest first. */
export async function feedCardsOf(database: Database, customerId: string, kind: string): Promise<StoredCard[]> {
  const { rows } = await database.db.execute<{
    title: string;
    message: string;
    actions: { link: string | null }[];
    toasted: boolean;
    dedupe_key: string;
  }>(
    sql`select title, message, actions, toasted_at is not null as toasted, dedupe_key from notifications_cards
        where customer_id = ${customerId} and kind = ${kind} order by id`,
  );
  return rows.map((r) => ({
    title: r.title,
    message: r.message,
    links: r.actions.map((a) => a.link),
    toasted: r.toasted,
    dedupeKey: r.dedupe_key,
  }));
}
