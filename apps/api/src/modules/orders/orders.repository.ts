// The only code that queries the orders tables.
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { ordersOrders, ordersPrizes, ordersTicketLines, ordersTickets } from './orders.schema.ts';

export type TicketLineRow = typeof ordersTicketLines.$inferSelect;
export type NewTicketLineRow = typeof ordersTicketLines.$inferInsert;
export type PrizeRow = typeof ordersPrizes.$inferSelect;
export type NewPrizeRow = typeof ordersPrizes.$inferInsert;

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 2_000;

/** One winning line of a draw, with the ticket it is on. */
export interface WinningLine {
  customerId: string;
  ticketId: string;
  numbers: Record<string, number[]>;
  division: number;
  prizeCents: number;
}

export function createOrdersRepository() {
  return {
    async insertLines(ex: Executor, rows: NewTicketLineRow[]): Promise<TicketLineRow[]> {
      const out: TicketLineRow[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        out.push(
          ...(await ex
            .insert(ordersTicketLines)
            .values(rows.slice(i, i + INSERT_CHUNK))
            .returning()),
        );
      }
      return out;
    },

    /** insertLines as one INSERT for another module's statement (a CTE of the purchase's guarded write). */
    insertLinesSql(rows: NewTicketLineRow[]): SQL {
      const values = rows.map((r, i) => ({ ...r, i, createdAt: (r.createdAt as Date).toISOString() }));
      return sql`insert into orders_ticket_lines (public_id, customer_id, draw_id, game_key, game_type, numbers,
          mask_lo, mask_hi, mask_bonus, games, created_at)
        select v."publicId", v."customerId", v."drawId", v."gameKey", v."gameType", v.numbers, v."maskLo", v."maskHi",
          v."maskBonus", v.games, v."createdAt"
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v("publicId" text, "customerId" text,
          "drawId" text, "gameKey" text, "gameType" text, numbers jsonb, "maskLo" int, "maskHi" int, "maskBonus" int,
          games int, "createdAt" timestamptz, i int)
        order by v.i`;
    },

    linesForDraw(ex: Executor, drawId: string, afterId: number, limit: number) {
      return ex
        .select({
          id: ordersTicketLines.id,
          publicId: ordersTicketLines.publicId,
          customerId: ordersTicketLines.customerId,
          gameType: ordersTicketLines.gameType,
          // A masked line is scored from its mask: not shipping and parsing its JSON saves most of the read.
          numbers: sql<unknown>`case when ${ordersTicketLines.maskLo} is null then ${ordersTicketLines.numbers} end`,
          maskLo: ordersTicketLines.maskLo,
          maskHi: ordersTicketLines.maskHi,
          maskBonus: ordersTicketLines.maskBonus,
        })
        .from(ordersTicketLines)
        .where(and(eq(ordersTicketLines.drawId, drawId), gt(ordersTicketLines.id, afterId)))
        .orderBy(asc(ordersTicketLines.id))
        .limit(limit);
    },

    async prizedLineIds(ex: Executor, drawId: string, lineIds: number[]): Promise<Set<number>> {
      if (lineIds.length === 0) return new Set();
      const rows = await ex
        .select({ lineId: ordersPrizes.lineId })
        .from(ordersPrizes)
        .where(and(eq(ordersPrizes.drawId, drawId), inArray(ordersPrizes.lineId, lineIds)));
      return new Set(rows.map((r) => r.lineId));
    },

    /** Inserts what is not recorded yet; answers the line ids this call recorded. */
    async insertPrizes(ex: Executor, rows: NewPrizeRow[]): Promise<number[]> {
      const inserted: number[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const got = await ex
          .insert(ordersPrizes)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing({ target: [ordersPrizes.lineId, ordersPrizes.drawId] })
          .returning({ lineId: ordersPrizes.lineId });
        for (const r of got) inserted.push(r.lineId);
      }
      return inserted;
    },

    prizesForDraw(ex: Executor, drawId: string) {
      return ex.select().from(ordersPrizes).where(eq(ordersPrizes.drawId, drawId)).orderBy(asc(ordersPrizes.lineId));
    },

    async countLines(ex: Executor, drawId: string): Promise<number> {
      const [row] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(ordersTicketLines)
        .where(eq(ordersTicketLines.drawId, drawId));
      return row?.n ?? 0;
    },

    /** Each winning customer of a draw with the total they won and their best division. */
    async winnersByCustomer(
      ex: Executor,
      drawId: string,
    ): Promise<{ customerId: string; prizeCents: number; lines: number; bestDivision: number }[]> {
      const result = await ex.execute<{ customer_id: string; prize_cents: string; lines: number; best: number }>(sql`
        select customer_id, sum(prize_cents)::bigint as prize_cents, count(*)::int as lines, min(division)::int as best
        from ${ordersPrizes} where draw_id = ${drawId} group by customer_id order by customer_id`);
      return result.rows.map((r) => ({
        customerId: r.customer_id,
        prizeCents: Number(r.prize_cents),
        lines: Number(r.lines),
        bestDivision: Number(r.best),
      }));
    },

    /** Every customer holding a ticket in a draw: their orders in it and what they won (0 when nothing). */
    async resultsByCustomer(
      ex: Executor,
      drawId: string,
    ): Promise<{ customerId: string; orderIds: string[]; prizeCents: number }[]> {
      const result = await ex.execute<{ customer_id: string; order_ids: string[]; prize_cents: string }>(sql`
        select t.customer_id, array_agg(distinct o.public_id order by o.public_id) as order_ids,
               coalesce(max(p.prize_cents), 0)::bigint as prize_cents
        from ${ordersTickets} t
        join ${ordersOrders} o on o.id = t.order_id
        left join (select customer_id, sum(prize_cents) as prize_cents from ${ordersPrizes}
                   where draw_id = ${drawId} group by customer_id) p on p.customer_id = t.customer_id
        where t.draw_id = ${drawId}
        group by t.customer_id order by t.customer_id`);
      return result.rows.map((r) => ({
        customerId: r.customer_id,
        orderIds: r.order_ids,
        prizeCents: Number(r.prize_cents),
      }));
    },

    /** Tickets sold so far in each of these draws (the back office's dashboard). */
    async ticketsPerDraw(ex: Executor, drawIds: string[]): Promise<Map<string, number>> {
      if (!drawIds.length) return new Map();
      const rows = await ex
        .select({ drawId: ordersTickets.drawId, n: sql<number>`count(*)::int` })
        .from(ordersTickets)
        .where(inArray(ordersTickets.drawId, drawIds))
        .groupBy(ordersTickets.drawId);
      return new Map(rows.map((r) => [r.drawId, r.n]));
    },

    /** Customers with tickets in a draw and the product offers they hold (the results emails). */
    async ticketHolders(ex: Executor, drawId: string): Promise<{ customerId: string; productOfferKey: string }[]> {
      const result = await ex.execute<{ customer_id: string; product_offer_key: string }>(sql`
        select distinct customer_id, product_offer_key from ${ordersTickets}
        where draw_id = ${drawId} order by customer_id, product_offer_key`);
      return result.rows.map((r) => ({ customerId: r.customer_id, productOfferKey: r.product_offer_key }));
    },

    /** Every winning line of a draw with its ticket (the winners' emails name the ticket, numbers and prize). */
    async winningLines(ex: Executor, drawId: string): Promise<WinningLine[]> {
      const result = await ex.execute<{
        customer_id: string;
        ticket_id: string;
        numbers: Record<string, number[]>;
        division: number;
        prize_cents: string;
      }>(sql`
        select p.customer_id, t.public_id as ticket_id, l.numbers, p.division, p.prize_cents
        from ${ordersPrizes} p
        join ${ordersTicketLines} l on l.id = p.line_id
        join ${ordersTickets} t on t.customer_id = p.customer_id and t.draw_id = p.draw_id and l.public_id = any(t.line_ids)
        where p.draw_id = ${drawId} and p.prize_cents > 0
        order by p.customer_id, p.division, p.id`);
      return result.rows.map((r) => ({
        customerId: r.customer_id,
        ticketId: r.ticket_id,
        numbers: r.numbers,
        division: Number(r.division),
        prizeCents: Number(r.prize_cents),
      }));
    },

    /** Winning games per division over every prize of the draw (a system entry counts each winning game). */
    async winnersByDivision(ex: Executor, drawId: string): Promise<{ division: number; winners: number }[]> {
      const result = await ex.execute<{ division: number; winners: number }>(sql`
        select d.key::int as division, sum(d.value::int)::int as winners
        from ${ordersPrizes} p, jsonb_each_text(p.divisions) d
        where p.draw_id = ${drawId}
        group by d.key::int
        order by 1`);
      return result.rows.map((r) => ({ division: Number(r.division), winners: Number(r.winners) }));
    },
  };
}
