// Check a raffle draw /:productOfferKey/draw/:drawNo/verify (issue 7 verifiable draw): the commitment, the seed once
// drawn, the sold-list hash, the sold ticket numbers and the procedure, as the API publishes them; the browser then
// recomputes the winners itself with WebCrypto (features/raffles/raffle-verify.ts) and says whether the draw checks
// out. The ticket list is editable so anyone can see a changed list fail.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { drawPath, rafflePath } from '../../features/raffles/raffle-format.ts';
import { verifyRaffleDraw, type VerifyOutcome } from '../../features/raffles/raffle-verify.ts';
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

type Check =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; outcome: VerifyOutcome }
  | { state: 'error'; message: string };

function parseTickets(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (!parts.every((p) => /^[0-9]{1,10}$/.test(p))) return null;
  return parts.map(Number);
}

function Verdict({ check }: { check: Check }) {
  if (check.state === 'idle' || check.state === 'running')
    return <p className="font-semibold">Checking the draw in your browser…</p>;
  if (check.state === 'error') return <p className="font-semibold text-[#b00020]">{check.message}</p>;
  const o = check.outcome;
  const line = (ok: boolean | null, good: string, bad: string) => (
    <li className={ok === false ? 'font-semibold text-[#b00020]' : ''}>
      <span aria-hidden="true">{ok === false ? '✗ ' : '✓ '}</span>
      {ok === false ? bad : good}
    </li>
  );
  return (
    <div className="flex flex-col gap-0.5">
      <p
        className={`text-xl font-extrabold ${o.ok ? 'text-brand' : 'text-[#b00020]'}`}
        data-testid="verify-verdict"
        data-ok={o.ok ? 'true' : 'false'}
      >
        {o.ok ? 'The draw checks out.' : 'The draw does not check out.'}
      </p>
      <ul className="flex flex-col gap-0.25">
        {line(
          o.commitmentOk,
          'The seed matches the commitment published before sales opened.',
          'The seed does not match the published commitment.',
        )}
        {o.soldListOk === null
          ? null
          : line(
              o.soldListOk,
              'The ticket list matches the sold-list hash recorded when sales closed.',
              'The ticket list does not match the sold-list hash recorded when sales closed.',
            )}
        {line(
          o.winnersOk,
          'Every published winner is the ticket the seed draws.',
          'The published winners are not the tickets the seed draws.',
        )}
      </ul>
    </div>
  );
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

      <section aria-labelledby="published-data" className="flex flex-col gap-0.5 text-sm">
        <h2 id="published-data" className="text-2xl font-bold">
          What was published
        </h2>
        <dl className="flex flex-col gap-0.5">
          <div>
            <dt className="font-semibold">Draw id</dt>
            <dd>
              <code className="font-mono">{v.drawId}</code>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Commitment</dt>
            <dd>
              <code className="break-all font-mono" data-testid="verify-commitment">
                {v.commitment}
              </code>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Seed</dt>
            <dd>
              {v.seed ? (
                <code className="break-all font-mono" data-testid="verify-seed">
                  {v.seed}
                </code>
              ) : (
                'Not published yet.'
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Sold-list hash</dt>
            <dd>
              {v.soldListHash ? (
                <code className="break-all font-mono">{v.soldListHash}</code>
              ) : (
                'Recorded when sales close.'
              )}
            </dd>
          </div>
        </dl>
      </section>

      {v.prizes.length > 0 ? (
        <section aria-labelledby="verify-winners" className="flex flex-col gap-0.5">
          <h2 id="verify-winners" className="text-2xl font-bold">
            Winners: published and recomputed
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm" data-testid="verify-winners">
              <caption className="sr-only">
                Each prize with the published winning ticket and the ticket your browser computed
              </caption>
              <thead>
                <tr className="border-b-2 border-brand">
                  <th scope="col" className="py-0.5 pr-1">
                    Prize
                  </th>
                  <th scope="col" className="py-0.5 pr-1 text-right">
                    Published
                  </th>
                  <th scope="col" className="py-0.5 text-right">
                    Your browser
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...v.prizes]
                  .sort((a, b) => a.rank - b.rank)
                  .map((p) => {
                    const published = v.winners.find((w) => w.rank === p.rank)?.ticketNumber ?? null;
                    const mine = outcome?.winners.find((w) => w.rank === p.rank) ?? null;
                    return (
                      <tr key={p.rank} className="border-b border-black/10">
                        <th scope="row" className="py-0.5 pr-1 text-left font-semibold">
                          {names[p.rank] ?? p.name}
                        </th>
                        <td className="py-0.5 pr-1 text-right font-mono tabular-nums">{published ?? '—'}</td>
                        <td
                          className={`py-0.5 text-right font-mono tabular-nums ${mine && !mine.matches ? 'font-bold text-[#b00020]' : ''}`}
                          data-testid="recomputed-ticket"
                        >
                          {mine ? (mine.ticketNumber ?? '—') : '…'}
                          {mine && !mine.matches ? <span className="sr-only"> (different)</span> : null}
                        </td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {drawn ? (
        <section aria-labelledby="verify-tickets" className="flex flex-col gap-0.5">
          <h2 id="verify-tickets" className="text-2xl font-bold">
            Sold tickets
          </h2>
          <form
            className="flex flex-col gap-0.5"
            onSubmit={(e) => {
              e.preventDefault();
              void run(ticketsText);
            }}
          >
            <label htmlFor="verify-ticket-list" className="font-semibold">
              {v.ticketNumbers.length.toLocaleString('en-AU')} sold ticket numbers, one per line
            </label>
            <p id="verify-ticket-list-hint" className="text-sm">
              Change the list and check again to see that a changed list fails.
            </p>
            <textarea
              id="verify-ticket-list"
              aria-describedby="verify-ticket-list-hint"
              value={ticketsText}
              onChange={(e) => setTicketsText(e.target.value)}
              rows={6}
              spellCheck={false}
              className="block w-full max-w-[20rem] rounded-theme border border-[#767676] bg-white p-0.5 font-mono text-sm"
            />
            <button type="submit" className="btn btn-secondary self-start">
              Check again
            </button>
          </form>
        </section>
      ) : null}

      <section aria-labelledby="verify-procedure" className="flex flex-col gap-0.5">
        <h2 id="verify-procedure" className="text-2xl font-bold">
          How the winners are drawn
        </h2>
        <ol className="flex list-decimal flex-col gap-0.25 pl-1.5" data-testid="verify-procedure">
          {v.procedure.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
