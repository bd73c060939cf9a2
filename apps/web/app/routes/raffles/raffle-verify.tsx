// Check a raffle draw /:productOfferKey/draw/:drawNo/verify (issue 7 verifiable draw): the commitment, the seed once
// drawn, the sold-list hash, the sold ticket numbers and the procedure, as the API publishes them; the browser then
// recomputes the winners itself with the very code the draw ran (@shop/protocol, through
// features/raffles/raffle-verify.ts) and says whether the draw checks out. The ticket list is editable so anyone can
// see a changed list fail.
import { Link } from 'react-router';
import { drawPath, rafflePath } from '../../features/raffles/raffle-format.ts';
import { DrawCheck } from '../../features/raffles/raffle-verify-view.tsx';
import {
  drawNoParam,
  loadRaffleDraw,
  loadVerification,
  raffleSlug,
  loadRaffle,
} from '../../features/raffles/raffles.server.ts';
import { resolveRaffleKey } from './raffle-routes.server.ts';
import type { Route } from './+types/raffle-verify';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offerKey = await resolveRaffleKey(context, request, params.productOfferKey);
  const drawNo = drawNoParam(params.drawNo);
  const [raffle, verification, draw] = await Promise.all([
    loadRaffle(context, request, offerKey),
    loadVerification(context, request, offerKey, drawNo),
    loadRaffleDraw(context, request, offerKey, drawNo),
  ]);
  const names = Object.fromEntries(draw.prizes.map((p) => [p.rank, p.name]));
  return { name: raffle.name, slug: raffleSlug(raffle), verification, names };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `Check ${data.name} draw ${data.verification.drawNo}` }] : [];
}

export default function RaffleVerify({ loaderData }: Route.ComponentProps) {
  const { name, slug, verification: v, names } = loaderData;
  const ref = { slug };
  return (
    <DrawCheck
      v={v}
      names={names}
      title={`Check ${name} draw ${v.drawNo}`}
      breadcrumb={
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to={rafflePath(ref)} className="underline">
            {name}
          </Link>{' '}
          /{' '}
          <Link to={drawPath(ref, v.drawNo)} className="underline">
            Draw {v.drawNo}
          </Link>
        </nav>
      }
    />
  );
}
