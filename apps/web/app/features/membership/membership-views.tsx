// The parts of the Daily Winners screens: draw cards, prizes, permits, tiers, the FAQ, past winners, the join form
// (join-form.tsx), entry statuses, premium
// progress, the customer's giveaways, and the sticky call-to-action of a giveaway page. Phone first: one column,
// 44 px targets.
import {
  moneyToCents,
  type CustomerGiveaway,
  type CustomerMembership,
  type DrawCard,
  type EntryStatus,
  type GiveawayPermit,
  type GiveawayPrize,
  type MembershipConfig,
  type MembershipTier,
  type PastWinner,
} from '@shop/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { formatCents, formatLongDate, formatTime, type SiteFormat } from '../../lib/format.ts';
import {
  CALL_TO_ACTION,
  ENTRY_STATUS_LABEL,
  GIVEAWAY_TYPE_LABEL,
  giveawayPath,
  verifyPath,
  type CtaKind,
} from './membership-rules.ts';
import { JoinForm } from './join-form.tsx';

export { JoinForm };

const money = (m: { amount: number; currency: DrawCard['prizes'][number]['value']['currency'] }, site: SiteFormat) =>
  formatCents(moneyToCents(m), m.currency, site.locale);

/** "Monday 2 June 2025, 8:00 pm" in the site time zone. */
export function whenLabel(at: string, site: SiteFormat): string {
  return `${formatLongDate(new Date(at), site)}, ${formatTime(new Date(at), site)}`;
}

/** Joins Daily Winners: a post to the landing page's action, which comes back to `returnTo` once joined. */
export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  const tone =
    status === 'locked'
      ? 'border-[#767676] bg-white text-black'
      : status === 'guaranteed'
        ? 'border-brand bg-brand text-white'
        : 'border-brand bg-surface text-brand';
  return (
    <span
      className={`inline-flex items-center rounded-full border-2 px-0.5 text-sm font-bold ${tone}`}
      data-testid="entry-status"
      data-status={status}
    >
      {ENTRY_STATUS_LABEL[status]}
    </span>
  );
}

export function PrizeList({ prizes, site }: { prizes: GiveawayPrize[]; site: SiteFormat }) {
  return (
    <ol className="flex flex-col gap-0.5" data-testid="giveaway-prizes">
      {prizes.map((p) => (
        <li key={p.rank} className="flex flex-col rounded-theme border border-black/15 p-0.75">
          <span className="text-sm font-semibold uppercase tracking-wide">
            {p.rank === 1 ? 'First prize' : `Prize ${p.rank}`}
          </span>
          <span className="text-lg font-bold text-brand">{p.name}</span>
          <span className="text-sm">
            {p.description} Worth {money(p.value, site)}.
          </span>
        </li>
      ))}
    </ol>
  );
}

export function Permits({ permits }: { permits: GiveawayPermit[] }) {
  if (!permits.length) return null;
  return (
    <p className="text-sm" data-testid="giveaway-permits">
      Trade promotion permits: {permits.map((p) => `${p.region} ${p.permitNumber}`).join(', ')}.
    </p>
  );
}

export function DrawCardView({
  card,
  site,
  headingLevel = 3,
  entryStatus,
}: {
  card: DrawCard;
  site: SiteFormat;
  headingLevel?: 2 | 3;
  entryStatus?: EntryStatus | null;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const open = card.status === 'DRAW_OPEN';
  const first = card.prizes[0];
  return (
    <article
      className="flex flex-col overflow-hidden rounded-theme border border-black/15 bg-white shadow-sm"
      data-testid="draw-card"
      data-type={card.type}
      data-status={card.status}
    >
      <img
        src={card.mobileImage.url}
        alt={card.mobileImage.contentDescription}
        width={640}
        height={320}
        className="aspect-[2/1] w-full object-cover"
        loading="lazy"
      />
      <div className="flex flex-1 flex-col gap-0.5 p-1">
        <div className="flex flex-wrap items-center gap-0.5">
          <span className="text-sm font-semibold">{GIVEAWAY_TYPE_LABEL[card.type]}</span>
          {card.pill ? (
            <span className="rounded-full bg-brand-secondary px-0.5 text-xs font-bold text-black">{card.pill}</span>
          ) : null}
        </div>
        <H className="text-xl font-bold">
          <Link to={card.details.url} className="underline">
            {card.title}
          </Link>
        </H>
        {first ? <p className="font-semibold text-brand">First prize: {first.name}</p> : null}
        <p className="text-sm">
          {open ? `Closes ${whenLabel(card.closeTime, site)}` : `Closed ${whenLabel(card.closeTime, site)}`}
          {' · '}
          {card.entriesCount === 1 ? '1 entry' : `${card.entriesCount.toLocaleString('en-AU')} entries`}
        </p>
        {!card.availability.includes('free') ? <p className="text-sm font-semibold">Premium members only</p> : null}
        {entryStatus ? (
          <p>
            <EntryStatusBadge status={entryStatus} />
          </p>
        ) : null}
      </div>
    </article>
  );
}

export function DrawCardGrid({
  cards,
  site,
  empty,
  entries = {},
}: {
  cards: DrawCard[];
  site: SiteFormat;
  empty: string;
  entries?: Record<string, EntryStatus>;
}) {
  if (!cards.length) return <p>{empty}</p>;
  return (
    <ul className="grid gap-1 md:grid-cols-2 lg:grid-cols-3">
      {cards.map((c) => (
        <li key={c.externalId} className="flex">
          <DrawCardView card={c} site={site} entryStatus={entries[c.externalId] ?? null} />
        </li>
      ))}
    </ul>
  );
}

export function TierCards({
  tiers,
  current,
  headingLevel = 3,
}: {
  tiers: MembershipConfig['membershipTiers'];
  current: MembershipTier | null;
  /** Each tier's heading: h3 under a section's h2, h2 straight under a page's h1. */
  headingLevel?: 2 | 3;
}) {
  const TierHeading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-1 md:grid-cols-2" data-testid="membership-tiers">
      {tiers.map((t) => (
        <li
          key={t.tier}
          className={`flex flex-col gap-0.5 rounded-theme border-2 p-1 ${current === t.tier ? 'border-brand bg-surface' : 'border-black/15'}`}
          data-tier={t.tier}
        >
          <TierHeading className="text-xl font-bold">
            {t.name}
            {current === t.tier ? <span className="ml-0.5 text-sm font-semibold">(your tier)</span> : null}
          </TierHeading>
          <p>{t.description}</p>
          <ul className="list-disc pl-1.5">
            {t.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function Faq({ items }: { items: MembershipConfig['frequentlyAskedQuestions'] }) {
  return (
    <div className="flex flex-col gap-0.5">
      {items.map((q) => (
        <details key={q.question} className="rounded-theme border border-black/15 p-0.75">
          <summary className="min-h-[32px] cursor-pointer font-semibold">{q.question}</summary>
          <p className="mt-0.5">{q.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function PastWinners({ winners, site }: { winners: PastWinner[]; site: SiteFormat }) {
  if (!winners.length) return <p>The first winners will be listed here after the first draw.</p>;
  return (
    <ul className="flex flex-col divide-y divide-black/10" data-testid="past-winners">
      {winners.map((w, i) => (
        <li key={`${w.giveawayType}-${w.drawNumber}-${i}`} className="flex flex-col py-0.5">
          <span className="font-semibold">
            {w.firstname}
            {w.state ? `, ${w.state}` : ''}
          </span>
          <span>
            won {w.prize} in the{' '}
            <Link to={giveawayPath(w.giveawayType, w.drawNumber)} className="underline">
              {w.giveawayTitle}
            </Link>
          </span>
          <span className="text-sm">{formatLongDate(new Date(w.drawnAt), site)}</span>
        </li>
      ))}
    </ul>
  );
}

export function PremiumProgress({ premium, site }: { premium: CustomerMembership['premium']; site: SiteFormat }) {
  const need = moneyToCents(premium.qualifyingDeposit);
  const have = moneyToCents(premium.depositedThisPeriod);
  const pct = need > 0 ? Math.min(100, Math.round((have / need) * 100)) : 100;
  return (
    <div className="flex flex-col gap-0.25" data-testid="premium-progress">
      <p>
        {have >= need
          ? `You have deposited ${money(premium.depositedThisPeriod, site)} this month, at least the ${money(premium.qualifyingDeposit, site)} that makes you premium: you are premium until ${formatLongDate(new Date(premium.periodEnds), site)}.`
          : `You have deposited ${money(premium.depositedThisPeriod, site)} of ${money(premium.qualifyingDeposit, site)} this month.`}
      </p>
      <div aria-hidden="true" className="h-[0.6rem] w-full overflow-hidden rounded-full bg-black/10">
        <div className="h-full rounded-full bg-brand" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** An unlock button: a post to the giveaway's page, which comes back to `returnTo`. */
export function UnlockForm({
  type,
  drawNumber,
  drawId,
  returnTo,
}: {
  type: string;
  drawNumber: number;
  drawId: string;
  returnTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('drawId') === drawId;
  return (
    <Form method="post" action={giveawayPath(type, drawNumber)} className="contents">
      <input type="hidden" name="intent" value="unlock" />
      <input type="hidden" name="drawId" value={drawId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="btn btn-primary" data-testid="unlock-entry" disabled={busy}>
        {busy ? 'Unlocking…' : 'Unlock my entry'}
      </button>
    </Form>
  );
}

/** The customer's current or closed giveaways: each with its entry, and what it won once drawn. */
export function CustomerGiveawayList({
  items,
  site,
  returnTo,
}: {
  items: CustomerGiveaway[];
  site: SiteFormat;
  returnTo: string;
}) {
  return (
    <ul className="flex flex-col gap-1" data-testid="customer-giveaways">
      {items.map(({ giveaway: g, entry, won }) => (
        <li
          key={g.externalId}
          className="flex flex-col gap-0.5 rounded-theme border border-black/15 p-1"
          data-testid="customer-giveaway"
          data-type={g.type}
        >
          <h2 className="text-lg font-bold">
            <Link to={g.details.url} className="underline">
              {g.title}
            </Link>
          </h2>
          <p className="text-sm">
            {g.status === 'DRAW_OPEN'
              ? `Closes ${whenLabel(g.closeTime, site)}`
              : `Closed ${whenLabel(g.closeTime, site)}`}
            {' · '}Entry {entry.entryNumber}
          </p>
          <div className="flex flex-wrap items-center gap-0.5">
            <EntryStatusBadge status={entry.status} />
            {g.status === 'DRAW_OPEN' && entry.status === 'locked' && g.availability.includes('free') ? (
              <UnlockForm type={g.type} drawNumber={g.number} drawId={g.externalId} returnTo={returnTo} />
            ) : null}
          </div>
          {g.status !== 'DRAW_OPEN' ? (
            won ? (
              <p className="font-bold text-brand" data-testid="giveaway-won">
                You won {won.prize}
                {won.paid
                  ? won.kind === 'wallet_credit'
                    ? ': it is in your wallet.'
                    : ': your tickets are bought.'
                  : ': being paid.'}
              </p>
            ) : (
              <p data-testid="giveaway-not-won">
                {g.status === 'DRAW_PAID' ? 'Not a winner this time.' : 'Waiting for the draw.'}
              </p>
            )
          ) : null}
          {g.status === 'DRAW_PAID' ? (
            <p className="text-sm">
              <Link to={verifyPath(g.type, g.number)} className="underline">
                Check the draw
              </Link>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function Pager({
  page,
  hasNext,
  pathOf,
  label,
}: {
  page: number;
  hasNext: boolean;
  pathOf: (page: number) => string;
  label: string;
}) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex gap-1">
      {page > 1 ? (
        <Link to={pathOf(page - 1)} className="inline-flex min-h-[44px] items-center underline" rel="prev">
          Previous page
        </Link>
      ) : null}
      {hasNext ? (
        <Link to={pathOf(page + 1)} className="inline-flex min-h-[44px] items-center underline" rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** Features §4: the sticky call-to-action at the bottom of a giveaway page. */
export function StickyCallToAction({
  kind,
  type,
  drawNumber,
  drawId,
  returnTo,
}: {
  kind: CtaKind;
  type: string;
  drawNumber: number;
  drawId: string;
  returnTo: string;
}) {
  const cta = CALL_TO_ACTION[kind];
  const button =
    cta.does === 'join' ? (
      <JoinForm returnTo={returnTo}>{cta.button}</JoinForm>
    ) : cta.does === 'unlock' ? (
      <UnlockForm type={type} drawNumber={drawNumber} drawId={drawId} returnTo={returnTo} />
    ) : cta.does === 'premium' ? (
      <Link to="/daily-winners/deposit" className="btn btn-primary">
        {cta.button}
      </Link>
    ) : cta.does === 'mine' ? (
      <Link to="/my-account/current-giveaways" className="btn btn-secondary">
        {cta.button}
      </Link>
    ) : (
      <Link to="/daily-winners" className="btn btn-secondary">
        {cta.button}
      </Link>
    );
  return (
    <aside
      aria-label="Daily Winners"
      className="sticky bottom-0 z-30 border-t-2 border-brand bg-white shadow-[0_-4px_12px_rgba(0,0,0,0.12)]"
      data-testid="sticky-cta"
      data-kind={kind}
    >
      <div className="page-container flex flex-col gap-0.5 py-0.75 md:flex-row md:items-center md:justify-between">
        <p className="font-semibold">{cta.text}</p>
        <div className="flex shrink-0">{button}</div>
      </div>
    </aside>
  );
}
