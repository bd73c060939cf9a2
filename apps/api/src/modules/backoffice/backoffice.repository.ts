// Queries of the back office's tables (notes, adjustments, result proposals). Only the back office's services call
// these.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { backofficeAdjustments, backofficeCustomerNotes, backofficeResultProposals } from './backoffice.schema.ts';

export type NoteRow = typeof backofficeCustomerNotes.$inferSelect;
export type AdjustmentRow = typeof backofficeAdjustments.$inferSelect;
export type ProposalRow = typeof backofficeResultProposals.$inferSelect;

type Page = { limit: number; offset: number };

export const backofficeRepo = {
  async insertNote(ex: Executor, row: typeof backofficeCustomerNotes.$inferInsert): Promise<NoteRow> {
    return (await ex.insert(backofficeCustomerNotes).values(row).returning())[0]!;
  },

  async notesOf(ex: Executor, customerId: string, page: Page) {
    const where = eq(backofficeCustomerNotes.customerId, customerId);
    const [rows, [totals]] = await Promise.all([
      ex
        .select()
        .from(backofficeCustomerNotes)
        .where(where)
        .orderBy(desc(backofficeCustomerNotes.id))
        .limit(page.limit)
        .offset(page.offset),
      ex.select({ n: count() }).from(backofficeCustomerNotes).where(where),
    ]);
    return { rows, total: totals?.n ?? 0 };
  },

  /** Writes an adjustment request; null when its form's key already made one. */
  async insertAdjustment(ex: Executor, row: typeof backofficeAdjustments.$inferInsert): Promise<AdjustmentRow | null> {
    return (await ex.insert(backofficeAdjustments).values(row).onConflictDoNothing().returning())[0] ?? null;
  },

  async adjustmentByKey(ex: Executor, requestKey: string): Promise<AdjustmentRow | null> {
    const [r] = await ex.select().from(backofficeAdjustments).where(eq(backofficeAdjustments.requestKey, requestKey));
    return r ?? null;
  },

  async adjustment(ex: Executor, publicId: string, lock = false): Promise<AdjustmentRow | null> {
    const q = ex.select().from(backofficeAdjustments).where(eq(backofficeAdjustments.publicId, publicId));
    const [r] = lock ? await q.for('update') : await q;
    return r ?? null;
  },

  async adjustments(ex: Executor, status: string | undefined, page: Page) {
    const where = status ? eq(backofficeAdjustments.status, status) : sql`true`;
    const [rows, [totals]] = await Promise.all([
      ex
        .select()
        .from(backofficeAdjustments)
        .where(where)
        .orderBy(desc(backofficeAdjustments.id))
        .limit(page.limit)
        .offset(page.offset),
      ex.select({ n: count() }).from(backofficeAdjustments).where(where),
    ]);
    return { rows, total: totals?.n ?? 0 };
  },

  /** pending -> approved or rejected, only while pending (the caller holds the row lock). */
  async decideAdjustment(
    ex: Executor,
    id: number,
    set: Pick<AdjustmentRow, 'status' | 'decidedBy' | 'decidedAt'> & Partial<AdjustmentRow>,
  ): Promise<AdjustmentRow | null> {
    const [r] = await ex
      .update(backofficeAdjustments)
      .set(set)
      .where(and(eq(backofficeAdjustments.id, id), eq(backofficeAdjustments.status, 'pending')))
      .returning();
    return r ?? null;
  },

  /** The result waiting for a draw (locked for the rest of the transaction when asked). */
  async waitingProposal(ex: Executor, drawId: string, lock = false): Promise<ProposalRow | null> {
    const q = ex
      .select()
      .from(backofficeResultProposals)
      .where(and(eq(backofficeResultProposals.drawId, drawId), eq(backofficeResultProposals.status, 'proposed')));
    const [r] = lock ? await q.for('update') : await q;
    return r ?? null;
  },

  /** A new proposal replaces the one waiting for the draw (if any), in the caller's transaction. */
  async propose(ex: Executor, row: typeof backofficeResultProposals.$inferInsert): Promise<ProposalRow> {
    await ex
      .update(backofficeResultProposals)
      .set({ status: 'replaced' })
      .where(and(eq(backofficeResultProposals.drawId, row.drawId), eq(backofficeResultProposals.status, 'proposed')));
    return (await ex.insert(backofficeResultProposals).values(row).returning())[0]!;
  },

  async confirmProposal(ex: Executor, id: number, by: string, at: Date): Promise<ProposalRow | null> {
    const [r] = await ex
      .update(backofficeResultProposals)
      .set({ status: 'confirmed', confirmedBy: by, confirmedAt: at })
      .where(and(eq(backofficeResultProposals.id, id), eq(backofficeResultProposals.status, 'proposed')))
      .returning();
    return r ?? null;
  },

  /** The latest confirmed result of each draw asked about. */
  async confirmedFor(ex: Executor, drawIds: string[]): Promise<ProposalRow[]> {
    if (!drawIds.length) return [];
    return ex
      .select()
      .from(backofficeResultProposals)
      .where(
        and(
          sql`${backofficeResultProposals.drawId} in (${sql.join(
            drawIds.map((d) => sql`${d}`),
            sql`, `,
          )})`,
          eq(backofficeResultProposals.status, 'confirmed'),
        ),
      )
      .orderBy(asc(backofficeResultProposals.id));
  },

  async adjustmentsWaiting(ex: Executor): Promise<number> {
    const [r] = await ex
      .select({ n: count() })
      .from(backofficeAdjustments)
      .where(eq(backofficeAdjustments.status, 'pending'));
    return r?.n ?? 0;
  },

  /** Jobs per pg-boss queue and state (the job runner's own schema; none before the runner first started). */
  async queueHealth(ex: Executor) {
    const { rows: present } = await ex.execute<{ t: string | null }>(sql`select to_regclass('pgboss.job')::text as t`);
    if (!present[0]?.t) return [];
    const { rows } = await ex.execute<{ name: string; state: string; n: number }>(
      sql`select name, state::text as state, count(*)::int as n from pgboss.job group by name, state order by name`,
    );
    const byQueue = new Map<
      string,
      { name: string; queued: number; active: number; failed: number; completed: number }
    >();
    for (const r of rows) {
      const q = byQueue.get(r.name) ?? { name: r.name, queued: 0, active: 0, failed: 0, completed: 0 };
      if (r.state === 'created' || r.state === 'retry') q.queued += r.n;
      else if (r.state === 'active') q.active += r.n;
      else if (r.state === 'failed') q.failed += r.n;
      else if (r.state === 'completed') q.completed += r.n;
      byQueue.set(r.name, q);
    }
    return [...byQueue.values()];
  },

  /** The job runner's jobs that failed since an instant (live and archived), newest first, with the error's text. */
  async failedJobsSince(ex: Executor, since: Date, limit: number) {
    const { rows: present } = await ex.execute<{ job: string | null; archive: string | null }>(
      sql`select to_regclass('pgboss.job')::text as job, to_regclass('pgboss.archive')::text as archive`,
    );
    if (!present[0]?.job) return { total: 0, rows: [] };
    const failed = (table: string) =>
      sql`select id::text as id, name, completed_on, output from ${sql.raw(table)}
          where state = 'failed' and completed_on >= ${since.toISOString()}::timestamptz`;
    const all = present[0].archive
      ? sql`(${failed('pgboss.job')} union all ${failed('pgboss.archive')})`
      : sql`(${failed('pgboss.job')})`;
    const [{ rows }, { rows: totals }] = await Promise.all([
      ex.execute<{ id: string; name: string; completed_on: string | Date; message: string | null }>(
        sql`select id, name, completed_on, coalesce(output->>'message', output::text) as message
            from ${all} f order by completed_on desc limit ${limit}`,
      ),
      ex.execute<{ n: number }>(sql`select count(*)::int as n from ${all} f`),
    ]);
    return {
      total: totals[0]?.n ?? 0,
      rows: rows.map((r) => ({
        id: r.id,
        queue: r.name,
        failedAt: new Date(r.completed_on),
        message: r.message ?? '',
      })),
    };
  },
};
