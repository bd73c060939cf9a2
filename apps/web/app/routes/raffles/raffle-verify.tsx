// Check a raffle draw /:productOfferKey/draw/:drawNo/verify (issue 7 verifiable draw): the commitment, the seed once
// drawn, the sold-list hash, the sold ticket numbers and the procedure, as the API publishes them; the browser then
// recomputes the winners itself with the very code the draw ran (@shop/protocol, through
// features/raffles/raffle-verify.ts) and says whether the draw checks out. The ticket list is editable so anyone can
// see a changed list fail.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { drawPath, rafflePath } from '../../features/raffles/raffle-format.ts';
import { verifyRaffleDraw } from '../../features/raffles/raffle-verify.ts';
import {
  parseTickets,
  PublishedData,
  TicketListForm,
  VerificationProcedure,
  Verdict,
  WinnersTable,
  type Check,
} from '../../features/raffles/raffle-verify-view.tsx';
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
  const drawn = v.seed !== null;
  const [ticketsText, setTicketsText] = useState(() => v.ticketNumbers.join('\n'));
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  const run = useCallback(
    async (text: string) => {
      if (!v.seed) return;
      const tickets = parseTickets(text);
      if (!tickets) {
        setCheck({ state: 'error', message: 'The ticket list must be whole numbers, one per line.' });
        return;
      }
      setCheck({ state: 'running' });
      try {
        const outcome = await verifyRaffleDraw({
          drawId: v.drawId,
          seedHex: v.seed,
          commitment: v.commitment,
          ticketNumbers: tickets,
          soldListHash: v.soldListHash,
          prizes: v.prizes.map((p) => ({ rank: p.rank, kind: p.kind, name: p.name, eligibleUpTo: p.eligibleUpTo })),
          published: v.winners,
        });
        setCheck({ state: 'done', outcome });
      } catch (error) {
        setCheck({
          state: 'error',
          message: error instanceof Error ? error.message : 'The draw could not be checked in this browser.',
        });
      }
    },
    [v],
  );

  useEffect(() => {
    void run(v.ticketNumbers.join('\n'));
  }, [run, v.ticketNumbers]);

  const ref = { slug };
  const outcome = check.state === 'done' ? check.outcome : null;
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={rafflePath(ref)} className="underline">
          {name}
        </Link>{' '}
        /{' '}
        <Link to={drawPath(ref, v.drawNo)} className="underline">
          Draw {v.drawNo}
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">
        Check {name} draw {v.drawNo}
      </h1>

      {drawn ? (
        <section
          aria-labelledby="verify-result-heading"
          aria-live="polite"
          className="flex flex-col gap-0.5 rounded-theme border-2 border-brand p-1"
          data-testid="verify-result"
        >
          <h2 id="verify-result-heading" className="text-2xl font-bold">
            Result of the check
          </h2>
          <noscript>
            <p>
              Checking runs in your browser and needs JavaScript. Everything it uses is on this page, so you can also
              follow the procedure below with any tool.
            </p>
          </noscript>
          <Verdict check={check} />
        </section>
      ) : (
        <p className="rounded-theme bg-surface p-1 font-semibold" data-testid="verify-pending">
          This draw has not been drawn yet. The seed is published after the draw; until then the commitment below fixes
          it.
        </p>
      )}

      <PublishedData v={v} />
      {v.prizes.length > 0 ? <WinnersTable v={v} names={names} outcome={outcome} /> : null}

      {drawn ? (
        <TicketListForm
          count={v.ticketNumbers.length}
          text={ticketsText}
          onChange={setTicketsText}
          onCheck={() => void run(ticketsText)}
        />
      ) : null}

      <VerificationProcedure steps={v.procedure} />
    </div>
  );
}
