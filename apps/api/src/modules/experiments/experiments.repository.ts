// Queries of the experiments tables. Only the experiments service calls these.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { experimentsConversions, experimentsExposures } from './experiments.schema.ts';

export type ExposureRow = typeof experimentsExposures.$inferSelect;

export interface VariantConversion {
  variant: string;
  exposed: number;
  converted: number;
}

export const experimentsRepo = {
  async exposure(ex: Executor, experiment: string, visitorId: string): Promise<ExposureRow | null> {
    const [r] = await ex
      .select()
      .from(experimentsExposures)
      .where(and(eq(experimentsExposures.experiment, experiment), eq(experimentsExposures.visitorId, visitorId)));
    return r ?? null;
  },

  /** The first exposure wins; a forced variant replaces the stored one (the visitor now stays in it). */
  async recordExposure(
    ex: Executor,
    row: { experiment: string; visitorId: string; variant: string; forced: boolean; createdAt: Date },
  ): Promise<ExposureRow> {
    const insert = ex.insert(experimentsExposures).values(row);
    const [r] = row.forced
      ? await insert
          .onConflictDoUpdate({
            target: [experimentsExposures.experiment, experimentsExposures.visitorId],
            set: { variant: row.variant, forced: true },
          })
          .returning()
      : await insert.onConflictDoNothing().returning();
    return r ?? (await experimentsRepo.exposure(ex, row.experiment, row.visitorId))!;
  },

  /** Experiments this visitor was exposed to before the purchase. */
  async exposedExperiments(ex: Executor, visitorId: string): Promise<string[]> {
    const rows = await ex
      .select({ experiment: experimentsExposures.experiment })
      .from(experimentsExposures)
      .where(eq(experimentsExposures.visitorId, visitorId));
    return rows.map((r) => r.experiment);
  },

  async recordConversion(
    ex: Executor,
    row: { experiment: string; visitorId: string; customerId: string; checkoutId: string; createdAt: Date },
  ): Promise<void> {
    await ex.insert(experimentsConversions).values(row).onConflictDoNothing();
  },

  /** Per variant: visitors exposed, and how many of them bought at least once after exposure. */
  async conversionByVariant(ex: Executor, experiment: string): Promise<VariantConversion[]> {
    const rows = await ex
      .select({
        variant: experimentsExposures.variant,
        exposed: sql<number>`count(distinct ${experimentsExposures.visitorId})::int`,
        converted: sql<number>`(count(distinct ${experimentsExposures.visitorId})
          filter (where ${experimentsConversions.id} is not null))::int`,
      })
      .from(experimentsExposures)
      .leftJoin(
        experimentsConversions,
        and(
          eq(experimentsConversions.experiment, experimentsExposures.experiment),
          eq(experimentsConversions.visitorId, experimentsExposures.visitorId),
        ),
      )
      .where(eq(experimentsExposures.experiment, experiment))
      .groupBy(experimentsExposures.variant);
    return rows;
  },
};
