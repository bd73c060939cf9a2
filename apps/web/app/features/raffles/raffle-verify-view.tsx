// The parts of the raffle draw check page (routes/raffles/raffle-verify.tsx keeps the state): the verdict, what was
// published, the winners side by side with the ones recomputed in the browser, the editable ticket list and the
// procedure in words.
import type { RaffleVerification } from '@shop/contracts';
import type { VerifyOutcome } from './raffle-verify.ts';

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

export function Verdict({ check }: { check: Check }) {
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

export function PublishedData({ v }: { v: RaffleVerification }) {
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
  );
}

export function WinnersTable(props: {
  v: RaffleVerification;
  names: Record<number, string>;
  outcome: VerifyOutcome | null;
}) {
  const { v, names, outcome } = props;
  return (
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
  );
}

export function TicketListForm(props: {
  count: number;
  text: string;
  onChange: (text: string) => void;
  onCheck: () => void;
}) {
  return (
    <section aria-labelledby="verify-tickets" className="flex flex-col gap-0.5">
      <h2 id="verify-tickets" className="text-2xl font-bold">
        Sold tickets
      </h2>
      <form
        className="flex flex-col gap-0.5"
        onSubmit={(e) => {
          e.preventDefault();
          props.onCheck();
        }}
      >
        <label htmlFor="verify-ticket-list" className="font-semibold">
          {props.count.toLocaleString('en-AU')} sold ticket numbers, one per line
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
