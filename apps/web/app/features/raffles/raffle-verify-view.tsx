// The draw check page (routes/raffles/raffle-verify.tsx, and the Daily Winners giveaways' verify page, which run the
// same engine over an entry list): the verdict, what was published, the winners side by side with the ones
// recomputed in the browser, the editable ticket list and the procedure in words. DrawCheck holds the state.
import type { RaffleVerification } from '@shop/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { verifyRaffleDraw, type VerifyOutcome } from './raffle-verify.ts';

/** What a draw check needs: a raffle draw's verification data, or a giveaway's in the same shape. */
export type PublishedDraw = Pick<
  RaffleVerification,
  'drawId' | 'drawNo' | 'commitment' | 'seed' | 'soldListHash' | 'ticketNumbers' | 'prizes' | 'winners' | 'procedure'
>;

/** The words of the page: a raffle's sold tickets, or a giveaway's entries. */
export interface CheckWords {
  /** 'before sales opened' */
  committedWhen: string;
  /** 'Sold-list hash' */
  listHash: string;
  /** 'the sold-list hash recorded when sales closed' */
  listHashRecorded: string;
  /** 'Recorded when sales close.' */
  listHashPending: string;
  /** 'ticket' */
  item: string;
  /** 'Sold tickets' */
  listHeading: string;
  /** '12 sold ticket numbers, one per line' */
  listLabel: (count: number) => string;
  /** 'This draw has not been drawn yet. …' */
  notDrawn: string;
}

export const RAFFLE_WORDS: CheckWords = {
  committedWhen: 'before sales opened',
  listHash: 'Sold-list hash',
  listHashRecorded: 'the sold-list hash recorded when sales closed',
  listHashPending: 'Recorded when sales close.',
  item: 'ticket',
  listHeading: 'Sold tickets',
  listLabel: (n) => `${n.toLocaleString('en-AU')} sold ticket numbers, one per line`,
  notDrawn:
    'This draw has not been drawn yet. The seed is published after the draw; until then the commitment below fixes it.',
};

export type Check =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; outcome: VerifyOutcome }
  | { state: 'error'; message: string };

export function parseTickets(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (!parts.every((p) => /^[0-9]{1,10}$/.test(p))) return null;
  return parts.map(Number);
}

export function Verdict({ check, words = RAFFLE_WORDS }: { check: Check; words?: CheckWords }) {
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
          `The seed matches the commitment published ${words.committedWhen}.`,
          'The seed does not match the published commitment.',
        )}
        {o.soldListOk === null
          ? null
          : line(
              o.soldListOk,
              `The ${words.item} list matches ${words.listHashRecorded}.`,
              `The ${words.item} list does not match ${words.listHashRecorded}.`,
            )}
        {line(
          o.winnersOk,
          `Every published winner is the ${words.item} the seed draws.`,
          `The published winners are not the ${words.item === 'entry' ? 'entries' : `${words.item}s`} the seed draws.`,
        )}
      </ul>
    </div>
  );
}

export function PublishedData({ v, words = RAFFLE_WORDS }: { v: PublishedDraw; words?: CheckWords }) {
  return (
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
          <dt className="font-semibold">{words.listHash}</dt>
          <dd>
            {v.soldListHash ? <code className="break-all font-mono">{v.soldListHash}</code> : words.listHashPending}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function WinnersTable(props: {
  v: PublishedDraw;
  names: Record<number, string>;
  outcome: VerifyOutcome | null;
  words?: CheckWords;
}) {
  const { v, names, outcome, words = RAFFLE_WORDS } = props;
  return (
    <section aria-labelledby="verify-winners" className="flex flex-col gap-0.5">
      <h2 id="verify-winners" className="text-2xl font-bold">
        Winners: published and recomputed
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm" data-testid="verify-winners">
          <caption className="sr-only">
            Each prize with the published winning {words.item} and the {words.item} your browser computed
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
  );
}

export function TicketListForm(props: {
  count: number;
  text: string;
  onChange: (text: string) => void;
  onCheck: () => void;
  words?: CheckWords;
}) {
  const words = props.words ?? RAFFLE_WORDS;
  return (
    <section aria-labelledby="verify-tickets" className="flex flex-col gap-0.5">
      <h2 id="verify-tickets" className="text-2xl font-bold">
        {words.listHeading}
      </h2>
      <form
        className="flex flex-col gap-0.5"
        onSubmit={(e) => {
          e.preventDefault();
          props.onCheck();
        }}
      >
        <label htmlFor="verify-ticket-list" className="font-semibold">
          {words.listLabel(props.count)}
        </label>
        <p id="verify-ticket-list-hint" className="text-sm">
          Change the list and check again to see that a changed list fails.
        </p>
        <textarea
          id="verify-ticket-list"
          aria-describedby="verify-ticket-list-hint"
          value={props.text}
          onChange={(e) => props.onChange(e.target.value)}
          rows={6}
          spellCheck={false}
          className="block w-full max-w-[20rem] rounded-theme border border-[#767676] bg-white p-0.5 font-mono text-sm"
        />
        <button type="submit" className="btn btn-secondary self-start">
          Check again
        </button>
      </form>
    </section>
  );
}

export function VerificationProcedure({ steps }: { steps: readonly string[] }) {
  return (
    <section aria-labelledby="verify-procedure" className="flex flex-col gap-0.5">
      <h2 id="verify-procedure" className="text-2xl font-bold">
        How the winners are drawn
      </h2>
      <ol className="flex list-decimal flex-col gap-0.25 pl-1.5" data-testid="verify-procedure">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The whole check: the verdict (computed in the visitor's browser with @shop/protocol's derivation as soon as the page
 * hydrates), what was published, the winners, the editable list and the procedure. Until the draw, only the
 * commitment and the procedure.
 */
export function DrawCheck({
  v,
  names,
  title,
  breadcrumb,
  words = RAFFLE_WORDS,
}: {
  v: PublishedDraw;
  names: Record<number, string>;
  title: string;
  breadcrumb: ReactNode;
  words?: CheckWords;
}) {
  const drawn = v.seed !== null;
  const [ticketsText, setTicketsText] = useState(() => v.ticketNumbers.join('\n'));
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  const run = useCallback(
    async (text: string) => {
      if (!v.seed) return;
      const tickets = parseTickets(text);
      if (!tickets) {
        setCheck({ state: 'error', message: `The ${words.item} list must be whole numbers, one per line.` });
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
    [v, words.item],
  );

  useEffect(() => {
    void run(v.ticketNumbers.join('\n'));
  }, [run, v.ticketNumbers]);

  const outcome = check.state === 'done' ? check.outcome : null;
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      {breadcrumb}
      <h1 className="text-3xl font-extrabold text-brand">{title}</h1>

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
          <Verdict check={check} words={words} />
        </section>
      ) : (
        <p className="rounded-theme bg-surface p-1 font-semibold" data-testid="verify-pending">
          {words.notDrawn}
        </p>
      )}

      <PublishedData v={v} words={words} />
      {v.prizes.length > 0 ? <WinnersTable v={v} names={names} outcome={outcome} words={words} /> : null}

      {drawn ? (
        <TicketListForm
          count={v.ticketNumbers.length}
          text={ticketsText}
          onChange={setTicketsText}
          onCheck={() => void run(ticketsText)}
          words={words}
        />
      ) : null}

      <VerificationProcedure steps={v.procedure} />
    </div>
  );
}
