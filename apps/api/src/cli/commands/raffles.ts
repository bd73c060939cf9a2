// Operator commands of charity raffles: draw a raffle now (close + draw + pay), check a draw from its published data,
// record a free postal entry. `draw:advance --offer <raffle>` uses the same path as raffle:draw.
import { AppError } from '../../lib/errors.ts';
import { verifyRaffleDraw, type RaffleDrawsService } from '../../modules/raffles/index.ts';
import { defineCommand, offerAndDraw, UsageError, type CliContext, type Parsed } from '../command.ts';

type DrawOptions = { offer?: string; draw?: string };

/** The draw a command names: --draw raf_… or --offer <raffle> [--draw <no>] (the current draw when no number). */
async function resolveDraw(raffles: RaffleDrawsService, options: DrawOptions): Promise<string> {
  if (options.draw && /^raf_[A-Za-z0-9]+$/.test(options.draw)) {
    const d = await raffles.findDraw(options.draw);
    if (!d) throw new UsageError(`There is no raffle draw ${options.draw}.`);
    return d.publicId;
  }
  if (!options.offer) throw new UsageError('Give --draw raf_<id>, or --offer <raffle> [--draw <no>].');
  const offer = await raffles.offer(options.offer);
  if (!offer) throw new UsageError(`Unknown offer "${options.offer}".`);
  const draws = await raffles.drawsOf(offer.offerKey);
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
export async function runRaffleDraw({ options }: Parsed<DrawOptions>, ctx: CliContext): Promise<number> {
  const s = await ctx.services();
  const drawId = await resolveDraw(s.raffleLifecycle, options);
  try {
    const report = await s.raffleDraws.advance(drawId);
    const draw = (await s.raffleLifecycle.findDraw(drawId))!;
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
  define: offerAndDraw,
  run: runRaffleDraw,
});

export const raffleVerifyCommand = defineCommand({
  name: 'raffle:verify',
  usage: '--draw raf_<id> | --offer <raffle> --draw <no>',
  summary: 'Recompute a drawn raffle from its published seed and sold list, and compare with the recorded winners.',
  define: offerAndDraw,
  async run({ options }: Parsed<DrawOptions>, ctx) {
    const s = await ctx.services();
    const drawId = await resolveDraw(s.raffleLifecycle, options);
    const draw = (await s.raffleLifecycle.findDraw(drawId))!;
    const v = await s.raffles.verification(draw.offerKey, draw.drawNo);
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
  define: (c) =>
    c
      .option('--draw <id>', 'the raffle draw (raf_…)')
      .option('--customer <id>', 'the customer (cus_…)')
      .option('--cause <slug>', 'the cause supported (when the raffle supports several)'),
  async run({ options }: Parsed<{ draw?: string; customer?: string; cause?: string }>, ctx) {
    if (!options.draw || !/^raf_[A-Za-z0-9]+$/.test(options.draw)) throw new UsageError('--draw raf_<id> is required.');
    if (!options.customer || !/^cus_[A-Za-z0-9]+$/.test(options.customer))
      throw new UsageError('--customer cus_<id> is required.');
    const { raffleSupply } = await ctx.services();
    try {
      const r = await raffleSupply.postalEntry(options.draw, options.customer, options.cause ?? null);
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
