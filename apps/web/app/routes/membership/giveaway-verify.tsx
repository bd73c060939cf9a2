// /daily-winners/giveaways/:giveawayType/:drawNumber/verify: anyone can check a giveaway's draw in their browser. It
// is the charity raffles' check page (features/raffles DrawCheck, the same @shop/protocol derivation the draw ran)
// over the giveaway's entry list instead of sold tickets: the commitment from creation, the entry-list hash from the
// close, the seed and the winners from the draw.
import { Link } from 'react-router';
import { GIVEAWAY_TYPE_LABEL, giveawayParams, giveawayPath } from '../../features/membership/membership-rules.ts';
import { loadGiveawayVerification } from '../../features/membership/membership.server.ts';
import { DrawCheck, type CheckWords } from '../../features/raffles/raffle-verify-view.tsx';
import { notFound } from '../../lib/route-errors.ts';
import type { Route } from './+types/giveaway-verify';

const GIVEAWAY_WORDS: CheckWords = {
  committedWhen: 'when the giveaway was made',
  listHash: 'Entry-list hash',
  listHashRecorded: 'the entry-list hash recorded when entries closed',
  listHashPending: 'Recorded when entries close.',
  item: 'entry',
  listHeading: 'Entries in the draw',
  listLabel: (n) => `${n.toLocaleString('en-AU')} entry numbers, one per line`,
  notDrawn:
    'This giveaway has not been drawn yet. The seed is published after the draw; until then the commitment below fixes it.',
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const which = giveawayParams(params.giveawayType, params.drawNumber);
  if (!which) notFound();
  const v = await loadGiveawayVerification(context, request, which.type, which.drawNumber);
  return {
    title: v.title,
    type: v.type,
    verification: {
      drawId: v.drawId,
      drawNo: v.drawNumber,
      commitment: v.commitment,
      seed: v.seed,
      soldListHash: v.entryListHash,
      ticketNumbers: v.entryNumbers,
      prizes: v.prizes,
      winners: v.winners.map((w) => ({ rank: w.rank, ticketNumber: w.entryNumber })),
      procedure: v.procedure,
    },
    names: Object.fromEntries(v.prizes.map((p) => [p.rank, p.name])),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Check the draw: ${data.title}` : 'Check a Daily Winners draw' }];
}

export default function GiveawayVerify({ loaderData }: Route.ComponentProps) {
  const { title, type, verification: v, names } = loaderData;
  return (
    <DrawCheck
      v={v}
      names={names}
      words={GIVEAWAY_WORDS}
      title={`Check the draw: ${title}`}
      breadcrumb={
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to="/daily-winners" className="underline">
            Daily Winners
          </Link>{' '}
          /{' '}
          <Link to={giveawayPath(type, v.drawNo)} className="underline">
            {GIVEAWAY_TYPE_LABEL[type]} {v.drawNo}
          </Link>
        </nav>
      }
    />
  );
}
