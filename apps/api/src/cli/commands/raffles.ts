// Operator commands of charity raffles: draw a raffle now (close + draw + pay), check a draw from its published data,
// record a free postal entry. `draw:advance --offer <raffle>` uses the same path as raffle:draw.
import type { Database } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createIdentityService } from '../../modules/identity/index.ts';
import { createOutbox } from '../../modules/notifications/index.ts';
import { createRafflesService, verifyRaffleDraw, type RafflesService } from '../../modules/raffles/index.ts';
import { createLedger } from '../../modules/wallet/index.ts';
import { advanceRaffle, profilesVia, type RaffleWorkflowDeps } from '../../workflows/draw-raffle.workflow.ts';
import { defineCommand, parseArgs, UsageError, type CliContext } from '../command.ts';

/** Everything the raffle workflows need, over one database (the CLI; the job runner can build the same). */
export function raffleWorkflowDeps(database: Database, clock: Clock, config: AppConfig): RaffleWorkflowDeps {
  const identity = createIdentityService({ db: database.db, clock, config });
  return {
    db: database.db,
    raffles: createRafflesService({ db: database.db, clock }),
    ledger: createLedger({ db: database.db, clock }),
    outbox: createOutbox({ db: database.db, clock }),
    contacts: { contactsOf: (ids) => identity.contactsOf(ids) },
    profiles: profilesVia((id) => identity.details(id)),
    publicUrl: config.publicUrl,
  };
}

/** The draw a command names: --draw raf_… or --offer <raffle> [--draw <no>] (the current draw when no number). */
async function resolveDraw(
  database: Database,
  raffles: RafflesService,
  options: Record<string, string>,
): Promise<string> {
  const { repo } = raffles;
  if (options.draw && /^raf_[A-Za-z0-9]+$/.test(options.draw)) {
    const d = await repo.drawByPublicId(database.db, options.draw);
    if (!d) throw new UsageError(`There is no raffle draw ${options.draw}.`);
    return d.publicId;
  }
  if (!options.offer) throw new UsageError('Give --draw raf_<id>, or --offer <raffle> [--draw <no>].');
  const offer = await repo.offer(database.db, options.offer);
  if (!offer) throw new UsageError(`Unknown offer "${options.offer}".`);
  const draws = await repo.drawsOf(database.db, offer.offerKey);
  if (options.draw !== undefined) {
    if (!/^\d{1,9}$/.test(options.draw))
      throw new UsageError(`--draw must be raf_<id> or a draw number, got "${options.draw}".`);
    const d = draws.find((x) => x.drawNo === Number(options.draw));
    if (!d) throw new UsageError(`${offer.name} has no draw ${options.draw}.`);
    return d.publicId;
  }
  // The oldest draw that is closed and waiting, else the one on sale (or taking pre-orders).
  const d =
    draws.find((x) => x.status === 'closed') ?? draws.find((x) => ['open', 'sold_out', 'pre_order'].includes(x.status));
  if (!d) throw new UsageError(`${offer.name} has no draw to advance.`);
  return d.publicId;
}

/** raffle:draw and draw:advance for a raffle offer: close now, draw, pay; prints the seed and the winners. */
export async function runRaffleDraw(args: string[], ctx: CliContext): Promise<number> {
  const { positional, options } = parseArgs(args, ['offer', 'draw']);
  if (positional.length) throw new UsageError(`Unexpected argument "${positional[0]}".`);
  const database = await ctx.database();
  const deps = raffleWorkflowDeps(database, ctx.clock, ctx.config);
  const drawId = await resolveDraw(database, deps.raffles, options);
  try {
    const report = await advanceRaffle(deps, drawId);
    const draw = (await deps.raffles.repo.drawByPublicId(database.db, drawId))!;
    ctx.out(
      `${draw.offerKey} draw ${draw.drawNo} (${draw.publicId}) ${report.drawn ? 'is drawn' : 'was already drawn'}: ${draw.sold} tickets sold.`,
    );
    ctx.out(`Seed: ${draw.seed}`);
    ctx.out(`Commitment: ${draw.commitment}`);
    ctx.out(`Sold-list hash: ${draw.soldListHash}`);
    for (const w of report.winners) ctx.out(`Prize ${w.rank}: ticket ${w.ticketNumber}`);
    if (!report.winners.length) ctx.out('No tickets were sold: no winners.');
    ctx.out(`${draw.offerKey} draw ${draw.drawNo} is ${draw.status}.`);
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    ctx.err(e.message);
    return 1;
  }
}

export const raffleDrawCommand = defineCommand({
  name: 'raffle:draw',
  usage: '--draw raf_<id> | --offer <raffle> [--draw <no>]',
  summary: 'Close a raffle draw now, draw its winners from the committed seed and pay them (idempotent).',
  run: runRaffleDraw,
});

export const raffleVerifyCommand = defineCommand({
  name: 'raffle:verify',
  usage: '--draw raf_<id> | --offer <raffle> --draw <no>',
  summary: 'Recompute a drawn raffle from its published seed and sold list, and compare with the recorded winners.',
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['offer', 'draw']);
    if (positional.length) throw new UsageError(`Unexpected argument "${positional[0]}".`);
    const database = await ctx.database();
    const raffles = createRafflesService({ db: database.db, clock: ctx.clock });
    const drawId = await resolveDraw(database, raffles, options);
    const draw = (await raffles.repo.drawByPublicId(database.db, drawId))!;
    const v = await raffles.verification(draw.offerKey, draw.drawNo);
    if (!v.seed) {
      ctx.err(
        `${draw.offerKey} draw ${draw.drawNo} is ${v.status}: its seed is published when it is drawn. Commitment: ${v.commitment}`,
      );
      return 1;
    }
    const outcome = verifyRaffleDraw({
      seed: v.seed,
      commitment: v.commitment,
      drawId: v.drawId,
      ticketNumbers: v.ticketNumbers,
      prizes: v.prizes,
      soldListHash: v.soldListHash,
      published: v.winners,
    });
    ctx.out(`Commitment ${outcome.commitmentOk ? 'matches' : 'DOES NOT match'} the seed.`);
    ctx.out(
      `Sold-list hash ${outcome.soldListOk ? 'matches' : 'DOES NOT match'} the ${v.ticketNumbers.length} sold tickets.`,
    );
    for (const w of outcome.winners) ctx.out(`Prize ${w.rank}: ticket ${w.ticketNumber}`);
    ctx.out(
      outcome.ok
        ? 'Verified: the recorded winners are the ones the seed and the sold list give.'
        : 'NOT VERIFIED: the recorded winners differ from the recomputed ones.',
    );
    return outcome.ok ? 0 : 1;
  },
});

export const rafflePostalEntryCommand = defineCommand({
  name: 'raffle:postal-entry',
  usage: '--draw raf_<id> --customer cus_<id> [--cause <slug>]',
  summary: "Record a free postal entry: one ticket, no charge, counted against the draw's cap.",
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['draw', 'customer', 'cause']);
    if (positional.length) throw new UsageError(`Unexpected argument "${positional[0]}".`);
    if (!options.draw || !/^raf_[A-Za-z0-9]+$/.test(options.draw)) throw new UsageError('--draw raf_<id> is required.');
    if (!options.customer || !/^cus_[A-Za-z0-9]+$/.test(options.customer))
      throw new UsageError('--customer cus_<id> is required.');
    const database = await ctx.database();
    const raffles = createRafflesService({ db: database.db, clock: ctx.clock });
    try {
      const r = await raffles.postalEntry(options.draw, options.customer, options.cause ?? null);
      ctx.out(
        `Postal entry recorded: ticket ${r.ticketNumber} in ${r.offerKey} draw ${r.drawNo} for ${options.customer} (no charge).`,
      );
      return 0;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      ctx.err(e.message);
      return 1;
    }
  },
});
