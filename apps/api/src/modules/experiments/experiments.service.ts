// The experiment-flag service (spec core §9 "Experiment flag: boost-buy-tickets with control and treatment values; a
// variant query parameter can force it"; DESIGN.md §9 local definitions). A visitor with an experiment id gets a
// sticky variant: the one already recorded for them, else one picked by hashing their id (deterministic, evenly
// split). ?variant= with a known variant forces it (and, for an enrolled visitor, keeps it); anything else is
// ignored. A visitor without an id (no consent to non-essential cookies) is not enrolled: they see the control, or
// the forced variant, and nothing is recorded.
import { createHash } from 'node:crypto';
import { EXPERIMENTS, type ExperimentAssignment, type ExperimentKey } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { experimentsRepo, type VariantConversion } from './experiments.repository.ts';

export interface ExperimentsDeps {
  db: Db;
  clock: Clock;
  /** Whether the customer made this purchase (orders' receipts); false for another customer's or an unknown one. */
  purchasedBy(customerId: string, checkoutId: string): Promise<boolean>;
}

export const variantsOf = (experiment: ExperimentKey): readonly string[] => EXPERIMENTS[experiment];

/** The variant a visitor id hashes to: the same id always lands in the same variant. */
export function hashedVariant(experiment: ExperimentKey, visitorId: string): string {
  const variants = variantsOf(experiment);
  const bucket = createHash('sha256').update(`${experiment}:${visitorId}`).digest().readUInt32BE(0);
  return variants[bucket % variants.length]!;
}

/** A known variant of the experiment, or null (an unknown ?variant= is ignored). */
export function knownVariant(experiment: ExperimentKey, variant: string | null | undefined): string | null {
  return variant && variantsOf(experiment).includes(variant) ? variant : null;
}

export interface VariantReport extends VariantConversion {
  /** converted / exposed, 0 when nobody was exposed. */
  rate: number;
}

export function createExperimentsService(deps: ExperimentsDeps) {
  return {
    async assign(
      experiment: ExperimentKey,
      visitor: { visitorId: string | null; variant?: string | null | undefined },
    ): Promise<ExperimentAssignment> {
      const forced = knownVariant(experiment, visitor.variant);
      if (!visitor.visitorId) return { experiment, variant: forced ?? variantsOf(experiment)[0]!, enrolled: false };
      const stored = forced ? null : await experimentsRepo.exposure(deps.db, experiment, visitor.visitorId);
      if (stored) return { experiment, variant: stored.variant, enrolled: true };
      const row = await experimentsRepo.recordExposure(deps.db, {
        experiment,
        visitorId: visitor.visitorId,
        variant: forced ?? hashedVariant(experiment, visitor.visitorId),
        forced: forced !== null,
        createdAt: deps.clock.now(),
      });
      return { experiment, variant: row.variant, enrolled: true };
    },

    /**
     * A purchase by a visitor: counted once for every experiment they were exposed to. Another customer's checkout
     * (or an unknown one) records nothing.
     */
    async recordPurchase(input: {
      visitorId: string;
      customerId: string;
      checkoutId: string;
    }): Promise<{ experiments: ExperimentKey[] }> {
      const exposed = (await experimentsRepo.exposedExperiments(deps.db, input.visitorId)) as ExperimentKey[];
      if (!exposed.length || !(await deps.purchasedBy(input.customerId, input.checkoutId))) return { experiments: [] };
      for (const experiment of exposed) {
        await experimentsRepo.recordConversion(deps.db, { experiment, ...input, createdAt: deps.clock.now() });
      }
      return { experiments: exposed };
    },

    /** Conversion per variant, every variant listed (0 exposed where nobody saw it yet). */
    async report(experiment: ExperimentKey): Promise<VariantReport[]> {
      const rows = new Map((await experimentsRepo.conversionByVariant(deps.db, experiment)).map((r) => [r.variant, r]));
      return variantsOf(experiment).map((variant) => {
        const r = rows.get(variant) ?? { variant, exposed: 0, converted: 0 };
        return { ...r, rate: r.exposed ? r.converted / r.exposed : 0 };
      });
    },
  };
}

export type ExperimentsService = ReturnType<typeof createExperimentsService>;
