// Operator commands of Daily Winners (issue 17): make a special, major or preview giveaway with its prizes and
// permits, run a giveaway's draw now (close, draw from the committed seed, pay), and list the giveaways.
import { zonedTimeToUtc } from '@shop/protocol';
import { GiveawayType } from '@shop/contracts';
import { AppError } from '../../lib/errors.ts';
import type { GiveawaysService, NewGiveaway, PrizeSpec } from '../../modules/membership/index.ts';
import { defineCommand, UsageError, type CliContext, type Parsed } from '../command.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

/** "2026-12-24T20:00" (site time zone), or an instant with its offset ("2026-12-24T09:00:00Z"). */
function parseWhen(raw: string, timeZone: string, what: string): Date {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(raw.trim());
  if (local) return zonedTimeToUtc(local[1]!, local[2]!, timeZone);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw.trim())) return new Date(raw);
  throw new UsageError(`${what} must be a local time like 2026-12-24T20:00, or an instant like 2026-12-24T09:00:00Z.`);
}

/** --prize credit:<dollars>[:<name>] | tickets:<lottery>:<games>[:<name>] */
export function parsePrize(raw: string): PrizeSpec {
  const [kind, a, b, ...rest] = raw.split(':');
  if (kind === 'credit' && a && /^\d{1,7}(\.\d{1,2})?$/.test(a)) {
    const valueCents = Math.round(Number(a) * 100);
    const name = b ? [b, ...rest].join(':') : `$${Number(a).toLocaleString('en-AU')} wallet credit`;
    return { kind: 'wallet_credit', name, description: 'Paid into your wallet as bonus credit.', valueCents };
  }
  if (kind === 'tickets' && a && /^[a-z0-9-]{1,64}$/.test(a) && b && /^\d{1,3}$/.test(b) && Number(b) > 0) {
    const numGames = Number(b);
    const name = rest.length ? rest.join(':') : `${a} ticket, ${numGames} game${numGames === 1 ? '' : 's'}`;
    return {
      kind: 'free_tickets',
      name,
      description: `${numGames} quickpick game${numGames === 1 ? '' : 's'} in the next ${a} draw, bought for you.`,
      valueCents: 0,
      ticket: { productOfferKey: a, gameType: 'standard', gameOffer: 'standard', numGames },
    };
  }
  throw new UsageError(
    `--prize must be credit:<dollars>[:<name>] or tickets:<lottery>:<games>[:<name>], got "${raw}".`,
  );
}

/** --permit NSW:TP/04217 */
function parsePermit(raw: string): { region: string; permitNumber: string } {
  const i = raw.indexOf(':');
  if (i <= 0 || i === raw.length - 1) throw new UsageError(`--permit must be <state>:<number>, got "${raw}".`);
  return { region: raw.slice(0, i).trim().toUpperCase(), permitNumber: raw.slice(i + 1).trim() };
}

type CreateOptions = {
  type?: string;
  title?: string;
  description?: string;
  opens?: string;
  closes?: string;
  prize: string[];
  permit: string[];
  premiumOnly?: boolean;
  verifiedOnly?: boolean;
};

export const membershipGiveawayCommand = defineCommand({
  name: 'membership:giveaway',
  usage:
    '--type special|major|preview --title <text> --closes <when> --prize <spec>… --permit <state:number>… [--opens <when>] [--description <text>] [--premium-only] [--verified-only]',
  summary: 'Make a special, major or preview Daily Winners giveaway with its prizes and trade promotion permits.',
  define: (c) =>
    c
      .option('--type <type>', 'special, major or preview')
      .option('--title <text>', 'the title members see')
      .option('--description <text>', 'what it is about')
      .option('--opens <when>', 'when entries open (default now); 2026-12-24T20:00 is site time')
      .option('--closes <when>', 'when entries close and it is drawn')
      .option(
        '--prize <spec>',
        'credit:<dollars>[:<name>] or tickets:<lottery>:<games>[:<name>], in rank order',
        collect,
        [],
      )
      .option('--permit <state:number>', 'a trade promotion permit, e.g. NSW:TP/04217', collect, [])
      .option('--premium-only', 'only premium members can enter')
      .option('--verified-only', 'members need a verified identity to enter (default for major giveaways)'),
  async run({ options }: Parsed<CreateOptions>, ctx) {
    const type = GiveawayType.safeParse(options.type);
    if (!type.success || !['special', 'major', 'preview'].includes(type.data))
      throw new UsageError('--type must be special, major or preview.');
    if (!options.title) throw new UsageError('--title is required.');
    if (!options.closes) throw new UsageError('--closes is required.');
    const tz = ctx.config.siteTimeZone;
    const s = await ctx.services();
    const giveaway: NewGiveaway = {
      type: type.data,
      title: options.title,
      description: options.description ?? options.title,
      opensAt: options.opens ? parseWhen(options.opens, tz, '--opens') : ctx.clock.now(),
      closesAt: parseWhen(options.closes, tz, '--closes'),
      availability: options.premiumOnly ? ['premium'] : ['free', 'premium'],
      requiresVerified: options.verifiedOnly === true || type.data === 'major',
      permits: options.permit.map(parsePermit),
      prizes: options.prize.map(parsePrize),
    };
    try {
      const g = await s.membership.giveaways.createGiveaway(giveaway);
      ctx.out(`Made ${g.type} giveaway ${g.drawNumber} (${g.publicId}): ${g.title}.`);
      ctx.out(`Entries ${g.opensAt.toISOString()} to ${g.closesAt.toISOString()}; commitment ${g.commitment}.`);
      ctx.out(`Page: ${ctx.config.publicUrl}/daily-winners/giveaways/${g.type}/${g.drawNumber}`);
      return 0;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      ctx.err(e.message);
      return 1;
    }
  },
});

type DrawOptions = { giveaway?: string; type?: string; draw?: string };

/** The giveaway a draw command names: --giveaway gwy_…, or --type <type> [--draw <n>] (the next to close, else one waiting). */
async function resolveGiveaway(giveaways: GiveawaysService, o: DrawOptions): Promise<string> {
  if (o.giveaway) {
    if (!/^gwy_[A-Za-z0-9]+$/.test(o.giveaway)) throw new UsageError('--giveaway must be gwy_<id>.');
    return o.giveaway;
  }
  const type = GiveawayType.safeParse(o.type);
  if (!type.success)
    throw new UsageError('Give --giveaway gwy_<id>, or --type daily|monthly|special|major [--draw <no>].');
  if (o.draw !== undefined) {
    if (!/^\d{1,9}$/.test(o.draw)) throw new UsageError(`--draw must be a draw number, got "${o.draw}".`);
    try {
      return (await giveaways.find(type.data, Number(o.draw))).publicId;
    } catch {
      throw new UsageError(`There is no ${type.data} giveaway ${o.draw}.`);
    }
  }
  const waiting = (await giveaways.list({ type: type.data, status: 'closed', limit: 50, offset: 0 })).items.find(
    (g) => g.status === 'DRAW_CLOSED',
  );
  const open = (await giveaways.list({ type: type.data, status: 'open', limit: 1, offset: 0 })).items[0];
  const chosen = waiting ?? open;
  if (!chosen) throw new UsageError(`There is no ${type.data} giveaway to draw.`);
  return chosen.externalId;
}

export async function runMembershipDraw({ options }: Parsed<DrawOptions>, ctx: CliContext): Promise<number> {
  const s = await ctx.services();
  const id = await resolveGiveaway(s.membership.giveaways, options);
  try {
    const report = await s.membership.giveawayDraws.runNow(id);
    const g = await s.membership.draws.find(id);
    const v = await s.membership.giveaways.verification(g.type, g.drawNumber);
    ctx.out(
      `${g.type} giveaway ${g.drawNumber} (${g.publicId}) ${report.drawn ? 'is drawn' : 'was already drawn'}: ${v.entryNumbers.length} entries.`,
    );
    ctx.out(`Seed: ${g.seed}`);
    ctx.out(`Commitment: ${g.commitment}`);
    ctx.out(`Entry-list hash: ${g.entryListHash}`);
    for (const w of report.winners) ctx.out(`Prize ${w.rank}: entry ${w.entryNumber} (${w.customerId})`);
    if (!report.winners.length) ctx.out('No entries took part: no winners.');
    if (report.busy) ctx.out(`${report.busy} prize(s) are being paid by another process.`);
    ctx.out(
      `${g.type} giveaway ${g.drawNumber} is ${g.status}. Verify: ${ctx.config.publicUrl}/daily-winners/giveaways/${g.type}/${g.drawNumber}/verify`,
    );
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    ctx.err(e.message);
    return 1;
  }
}

export const membershipDrawCommand = defineCommand({
  name: 'membership:draw',
  usage: '--giveaway gwy_<id> | --type <type> [--draw <no>]',
  summary: "Close a giveaway's entries now, draw its winners from the committed seed and pay them (idempotent).",
  define: (c) =>
    c
      .option('--giveaway <id>', 'the giveaway (gwy_…)')
      .option('--type <type>', 'daily, monthly, special or major: the next one to close (or one waiting)')
      .option('--draw <no>', 'the draw number within the type'),
  run: runMembershipDraw,
});

export const membershipGiveawaysCommand = defineCommand({
  name: 'membership:giveaways',
  usage: '',
  summary: 'List the open Daily Winners giveaways and the last ten closed ones.',
  async run(_parsed, ctx) {
    const s = await ctx.services();
    // The clock's giveaways exist even when the jobs have not run yet (a fresh shop, JOBS_ENABLED=false).
    await s.membership.giveaways.ensureCurrent();
    const open = await s.membership.giveaways.list({ status: 'open', limit: 100, offset: 0 });
    const closed = await s.membership.giveaways.list({ status: 'closed', limit: 10, offset: 0 });
    for (const g of [...open.items, ...closed.items])
      ctx.out(
        `${g.externalId}  ${g.type} ${g.number}  ${g.status}  closes ${g.closeTime}  ${g.entriesCount} entries  ${g.title}`,
      );
    return 0;
  },
});
