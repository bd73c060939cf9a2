// /back-office/draws (draw officer, admin): the draw schedule; for one draw (?draw=): enter its result (checked against
// the game's rules), a second operator confirms it, then settlement (asked to confirm) scores and pays; the winners
// and the prize total. A draw still on sale can have its sales closed now (asked to confirm) so its result can be
// entered. A raffle draw is drawn here too, with its commitment, seed and verification link; the syndicates riding on
// lottery draws and the Daily Winners giveaway draws are listed below (a giveaway can be drawn now).
import {
  AdminDraw,
  AdminGiveaway,
  AdminGiveawayDraw,
  AdminRaffleDraw,
  AdminSyndicate,
  AdminResultProposal,
  AdminResultsImport,
  AdminSettleReport,
  AdminWinners,
  DRAW_STATUSES,
} from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import type { z } from 'zod';
import type { AdminApi, AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { customerColumn, DataTable, pageQuery, TableFilter } from '../../features/back-office/data-table.tsx';
import { DividendsFieldset, dividendsText, DivisionsTable } from '../../features/back-office/draw-dividends.tsx';
import { GiveawayDraws, SyndicateDraws } from '../../features/back-office/group-draws.tsx';
import { dividendRows, postedDividends, resultRefusal } from '../../features/back-office/result-dividends.ts';
import { feedOfUpload, ResultsImport } from '../../features/back-office/results-import.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import type { Route } from './+types/draws';

const PATH = `${BACK_OFFICE_PATH}/draws`;
type Result = NonNullable<AdminDraw['result']>;
type Winners = z.infer<typeof AdminWinners>;

export function meta() {
  return backOfficeMeta('Draws');
}

/** One draw's proposal waiting for confirmation and, once it has a result, its winners. */
async function drawDetail(request: Request, api: AdminApi, draw: AdminDraw) {
  const id = encodeURIComponent(draw.id);
  const [proposal, winners] = await Promise.all([
    orSignIn(request, api.get(`/draws/${id}/results`)),
    draw.result ? orSignIn(request, api.get(`/draws/${id}/winners`)) : Promise.resolve(null),
  ]);
  const rows = dividendRows(draw.gameKey, draw.drawNo);
  return {
    draw,
    proposal: AdminResultProposal.nullable().parse(proposal),
    winners: winners ? AdminWinners.parse(winners) : null,
    /** The game's divisions for this draw (the result form's prize rows) and its currency. */
    rows,
    currency: rows[0]?.currency ?? 'AUD',
    // Still on sale: its sales must be closed before a result can be entered.
    onSale: draw.status === 'DRAW_OPEN' && Date.parse(draw.stopAt) > Date.now(),
  };
}

/** The syndicates and the giveaways (open ones, then the latest closed) under the schedule. */
async function groupDraws(request: Request, api: AdminApi, url: URL) {
  const [syndicates, open, closed] = await Promise.all([
    orSignIn(request, api.get('/syndicates')),
    orSignIn(request, api.get<AdminPage<unknown>>('/giveaways', { status: 'open', limit: 20 })),
    orSignIn(request, api.get<AdminPage<unknown>>('/giveaways', { status: 'closed', limit: 10 })),
  ]);
  const giveaways = AdminGiveaway.array().parse([...open.items, ...closed.items]);
  const asked = url.searchParams.get('confirm') === 'giveaway' ? url.searchParams.get('giveaway') : null;
  return {
    syndicates: AdminSyndicate.array().parse(syndicates),
    giveaways,
    confirmGiveaway: giveaways.find((g) => g.id === asked && g.status !== 'DRAW_PAID') ?? null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  const status = DRAW_STATUSES.find((s) => s === url.searchParams.get('status'));
  const offer = (url.searchParams.get('offer') ?? '').trim().slice(0, 64) || undefined;
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/draws', { offer, status, limit, offset }));
    const rows = AdminDraw.array().parse(answer.items);
    // The draw asked for, on this page of the schedule or not (a syndicate's draw may be on another page).
    const wanted = url.searchParams.get('draw');
    const chosen =
      rows.find((r) => r.id === wanted) ??
      (wanted && /^[A-Za-z0-9_-]{1,64}$/.test(wanted)
        ? AdminDraw.parse(await orSignIn(request, api.get(`/draws/${encodeURIComponent(wanted)}`)))
        : undefined);
    return {
      page,
      total: answer.total,
      rows,
      offer: offer ?? '',
      status: status ?? '',
      detail: chosen ? await drawDetail(request, api, chosen) : null,
      confirmSettle: url.searchParams.get('confirm') === 'settle',
      confirmClose: url.searchParams.get('confirm') === 'close',
      ...(await groupDraws(request, api, url)),
      done: url.searchParams.get('done'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** "1 2 3, 4" → [1, 2, 3, 4]; empty text → undefined (the field was left out). */
function numbersOf(value: FormDataEntryValue | null): number[] | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return undefined;
  return text.split(/[\s,]+/).map((n) => (/^\d{1,3}$/.test(n) ? Number(n) : Number.NaN));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const drawId = String(form.get('drawId') ?? '');
  const id = encodeURIComponent(drawId);
  const back = (done: string) => `${PATH}?${new URLSearchParams({ draw: drawId, done }).toString()}`;
  try {
    switch (form.get('intent')) {
      case 'enter': {
        const numbers = numbersOf(form.get('numbers'));
        const supps = numbersOf(form.get('supps'));
        const powerball = numbersOf(form.get('powerball'))?.[0];
        if (!numbers || [...numbers, ...(supps ?? []), powerball ?? 0].some(Number.isNaN))
          return data({ error: 'Write the numbers as whole numbers separated by spaces or commas.' }, 400);
        // The prizes typed per division, completed from the game's prize table of this very draw.
        const draw = AdminDraw.parse(await orSignIn(request, api.get(`/draws/${id}`)));
        const prizes = postedDividends(form, dividendRows(draw.gameKey, draw.drawNo));
        if (!prizes.ok) return data({ error: prizes.error }, 400);
        const body = {
          numbers,
          ...(supps ? { supps } : {}),
          ...(powerball !== undefined ? { powerball } : {}),
          ...(prizes.dividends ? { dividends: prizes.dividends } : {}),
        };
        try {
          await orSignIn(request, api.post(`/draws/${id}/results`, body));
        } catch (error) {
          if (!isApiError(error) || error.status !== 422) throw error;
          return data({ error: resultRefusal(error.message, error.fieldErrors, prizes.dividends) }, 422);
        }
        throw redirect(back('entered'));
      }
      case 'confirm':
        await orSignIn(request, api.post(`/draws/${id}/results/confirm`));
        throw redirect(back('confirmed'));
      case 'close':
        await orSignIn(request, api.post(`/draws/${id}/close`));
        throw redirect(back('closed'));
      case 'settle':
        AdminSettleReport.parse(await orSignIn(request, api.post(`/draws/${id}/settle`)));
        throw redirect(back('settled'));
      case 'giveaway': {
        const giveawayId = String(form.get('giveawayId') ?? '').trim();
        const drawn = AdminGiveawayDraw.parse(
          await orSignIn(request, api.post(`/giveaways/${encodeURIComponent(giveawayId)}/draw`)),
        );
        return { error: null, giveaway: drawn };
      }
      case 'import': {
        const upload = await feedOfUpload(form);
        if ('error' in upload) return data({ error: upload.error }, 400);
        try {
          const answer = AdminResultsImport.parse(
            await orSignIn(request, api.post('/draws/results/import', { feed: upload.feed })),
          );
          return { error: null, imported: answer.results };
        } catch (error) {
          if (!isApiError(error) || error.status !== 422) throw error;
          const reasons: string[] = [...(error.fieldErrors.feed ?? [])];
          return data({ error: error.message, reasons }, 422);
        }
      }
      case 'raffle': {
        const raffleId = String(form.get('raffleDrawId') ?? '').trim();
        const drawn = AdminRaffleDraw.parse(
          await orSignIn(request, api.post(`/raffles/${encodeURIComponent(raffleId)}/draw`)),
        );
        return { error: null, raffle: drawn };
      }
      default:
        return data({ error: 'Unknown action.' }, 400);
    }
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    // The API's reason: the game's rules, "a second operator must confirm", no confirmed result yet…
    return data({ error: error.message }, error.status === 409 ? 409 : 422);
  }
}

const resultText = (r: Result | null) =>
  r
    ? [r.numbers.join(' '), r.supplementaries.length ? `supps ${r.supplementaries.join(' ')}` : '']
        .concat(Object.entries(r.bonus).map(([k, v]) => `${k} ${v.join(' ')}`))
        .filter(Boolean)
        .join(' · ')
    : '';

/** A draw's panel on the same page of the list (the panel shows the draws of the page being read). */
function DrawLink({ draw }: { draw: AdminDraw }) {
  const params = new URLSearchParams(useLocation().search);
  params.set('draw', draw.id);
  params.delete('confirm');
  params.delete('done');
  return (
    <Link className="font-semibold underline" to={`?${params.toString()}`}>
      {draw.gameKey} {draw.drawNo}
    </Link>
  );
}

const COLUMNS: ColumnDef<AdminDraw, unknown>[] = [
  { accessorKey: 'gameKey', header: 'Game' },
  {
    accessorKey: 'drawNo',
    header: 'Draw',
    cell: (c) => <DrawLink draw={c.row.original} />,
  },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'stopAt', header: 'Sales close', cell: (c) => formatWhen(c.row.original.stopAt) },
  { accessorKey: 'drawAt', header: 'Draw time', cell: (c) => formatWhen(c.row.original.drawAt) },
  { id: 'result', header: 'Result', enableSorting: false, cell: (c) => resultText(c.row.original.result) },
];

const DONE: Record<string, string> = {
  closed: 'Sales closed: the result can be entered now, and the next draw is on sale.',
  entered: 'Result entered. A second operator must confirm it before it is official.',
  confirmed: 'Result confirmed: it is now the official result.',
};

/** What was just done; a settlement says what the draw paid (however many times it was asked, it paid once). */
function doneText(done: string | null, winners: Winners | null, currency: string): string | null {
  if (done === 'settled' && winners) {
    const n = winners.winners.length;
    return `Settled: ${n} winning line${n === 1 ? '' : 's'}, ${formCents(winners.totalPrizeCents, currency)} in prizes paid.`;
  }
  return done ? (DONE[done] ?? null) : null;
}

function field(id: string, label: string, hint?: string) {
  return (
    <div className="min-w-[12rem]">
      <label htmlFor={id} className="mb-[4px] block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-[4px] text-sm text-[#4a4a4a]">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={id.replace('result-', '')}
        inputMode="numeric"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="block min-h-[44px] w-full rounded-theme border border-[#767676] px-0.5"
      />
    </div>
  );
}

function WinnersTable({ winners, detail }: { winners: Winners; detail: Detail }) {
  const { currency } = detail;
  const settled = detail.draw.status === 'DRAW_PAID' || detail.draw.status === 'DRAW_EMAILED';
  return (
    <section aria-labelledby="winners-title" className="mt-1">
      <h3 id="winners-title" className="text-lg font-bold">
        Winners: {winners.winners.length}, prizes {formCents(winners.totalPrizeCents, currency)}
      </h3>
      {settled ? (
        <DivisionsTable winners={winners} dividends={detail.draw.dividends} rows={detail.rows} currency={currency} />
      ) : null}
      <DataTable
        caption="Winning tickets"
        columns={[
          { accessorKey: 'ticketId', header: 'Ticket' },
          customerColumn<Winners['winners'][number]>(),
          { accessorKey: 'division', header: 'Division' },
          { accessorKey: 'prizeCents', header: 'Prize', cell: (c) => formCents(c.row.original.prizeCents, currency) },
        ]}
        rows={winners.winners}
        rowId={(w) => `${w.ticketId}-${w.division ?? ''}`}
        empty="No winning tickets."
      />
    </section>
  );
}

type Detail = NonNullable<Route.ComponentProps['loaderData']['detail']>;

function CloseSales({ draw, confirm, hidden }: { draw: AdminDraw; confirm: boolean; hidden: ReactNode }) {
  const busy = useNavigation().state === 'submitting';
  return confirm ? (
    <Form method="post" className="my-1 rounded-theme bg-[#e3f2fd] p-0.5" data-testid="close-confirmation">
      {hidden}
      <p className="font-semibold">
        Close the sales of {draw.gameKey} draw {draw.drawNo} now? No more tickets can be bought for it; the next draw
        goes on sale.
      </p>
      <div className="mt-0.5 flex gap-1">
        <button name="intent" value="close" disabled={busy} className="btn btn-primary">
          Yes, close sales
        </button>
        <Link to={`?draw=${draw.id}`} className="btn btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  ) : (
    <div className="my-1">
      <p>It is on sale until {formatWhen(draw.stopAt)}: close its sales before entering its result.</p>
      <Link to={`?draw=${draw.id}&confirm=close`} className="btn btn-primary mt-0.5">
        Close sales now…
      </Link>
    </div>
  );
}

function DrawPanel({
  detail,
  confirmSettle,
  confirmClose,
}: {
  detail: Detail;
  confirmSettle: boolean;
  confirmClose: boolean;
}) {
  const busy = useNavigation().state === 'submitting';
  const { draw, proposal, winners } = detail;
  const settled = draw.status === 'DRAW_PAID' || draw.status === 'DRAW_EMAILED';
  const hidden = <input type="hidden" name="drawId" value={draw.id} />;
  return (
    <section
      aria-labelledby="draw-title"
      data-testid="draw-panel"
      className="mb-2 rounded-theme border-2 border-[#52606d] p-1"
    >
      <h2 id="draw-title" className="text-xl font-bold">
        {draw.gameKey} draw {draw.drawNo}: {draw.status}
      </h2>
      <p>
        Draw time {formatWhen(draw.drawAt)}
        {draw.result ? `; official result ${resultText(draw.result)} (${draw.resultSource ?? 'entered'})` : ''}
      </p>
      {draw.result ? <p>Prizes: {dividendsText(draw.dividends, detail.currency, 'none recorded')}.</p> : null}
      {proposal ? (
        <div className="my-1 rounded-theme bg-[#fff8e1] p-0.5" data-testid="result-proposal">
          <p>
            Waiting for a second operator: {resultText(proposal.result)}, entered by {proposal.proposedBy} at{' '}
            {formatWhen(proposal.proposedAt)}.
          </p>
          <p data-testid="proposal-dividends">Prizes: {dividendsText(proposal.dividends, detail.currency)}.</p>
          <Form method="post">
            {hidden}
            <button name="intent" value="confirm" disabled={busy} className="btn btn-primary mt-0.5">
              Confirm this result
            </button>
          </Form>
        </div>
      ) : null}
      {detail.onSale ? <CloseSales draw={draw} confirm={confirmClose} hidden={hidden} /> : null}
      {!draw.result && !detail.onSale ? (
        <Form method="post" className="my-1">
          {hidden}
          <fieldset className="flex flex-wrap items-end gap-1">
            <legend className="mb-0.5 font-bold">Enter the official result</legend>
            {field('result-numbers', 'Winning numbers', 'Separated by spaces or commas.')}
            {field('result-supps', 'Supplementary numbers (if the game has them)')}
            {field('result-powerball', 'Powerball (if the game has one)')}
            <DividendsFieldset rows={detail.rows} />
            <button name="intent" value="enter" disabled={busy} className="btn btn-primary">
              Enter result
            </button>
          </fieldset>
        </Form>
      ) : null}
      {/* Offered once a result is entered: before a second operator confirms it, the API refuses with the reason. */}
      {(draw.result || proposal) && !settled && !detail.onSale ? (
        confirmSettle ? (
          <Form method="post" className="my-1 rounded-theme bg-[#e3f2fd] p-0.5">
            {hidden}
            <p className="font-semibold">
              Settle {draw.gameKey} draw {draw.drawNo}? Every ticket is scored and the prizes are paid into wallets.
            </p>
            <div className="mt-0.5 flex gap-1">
              <button name="intent" value="settle" disabled={busy} className="btn btn-primary">
                Yes, settle and pay
              </button>
              <Link to={`?draw=${draw.id}`} className="btn btn-secondary">
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <Link to={`?draw=${draw.id}&confirm=settle`} className="btn btn-primary my-1">
            Settle…
          </Link>
        )
      ) : null}
      {winners ? <WinnersTable winners={winners} detail={detail} /> : null}
    </section>
  );
}

function RaffleDraw({ raffle }: { raffle: z.infer<typeof AdminRaffleDraw> | null }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="raffle-title" className="mt-2">
      <h2 id="raffle-title" className="mb-0.5 text-xl font-bold">
        Draw a raffle
      </h2>
      <Form method="post" className="flex flex-wrap items-end gap-1">
        <div className="min-w-[16rem]">
          <label htmlFor="raffle-draw-id" className="mb-[4px] block font-semibold">
            Raffle draw id (raf_…)
          </label>
          <input
            id="raffle-draw-id"
            name="raffleDrawId"
            required
            pattern="raf_[A-Za-z0-9_\-]{1,60}"
            className="block min-h-[44px] w-full rounded-theme border border-[#767676] px-0.5"
          />
        </div>
        <button name="intent" value="raffle" disabled={busy} className="btn btn-primary">
          Close and draw now
        </button>
      </Form>
      {raffle ? (
        <dl className="mt-1 grid gap-x-2 sm:grid-cols-[max-content_1fr]" data-testid="raffle-drawn">
          <dt className="font-semibold">Status</dt>
          <dd>{raffle.status}</dd>
          <dt className="font-semibold">Tickets sold</dt>
          <dd>{raffle.sold}</dd>
          <dt className="font-semibold">Commitment</dt>
          <dd className="break-all">{raffle.commitment ?? ''}</dd>
          <dt className="font-semibold">Seed</dt>
          <dd className="break-all">{raffle.seed ?? ''}</dd>
          <dt className="font-semibold">Winning ticket numbers</dt>
          <dd>{raffle.winners.map((w) => `${w.rank}: ${w.ticketNumber}`).join(', ') || 'none'}</dd>
          <dt className="font-semibold">Verification</dt>
          <dd>
            <a className="underline" href={raffle.verificationUrl}>
              {raffle.verificationUrl}
            </a>
          </dd>
        </dl>
      ) : null}
    </section>
  );
}

export default function Draws({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const done = doneText(d.done, d.detail?.winners ?? null, d.detail?.currency ?? 'AUD');
  return (
    <>
      <ScreenTitle title="Draws">Results, their second confirmation, settlement and winners.</ScreenTitle>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {actionData?.error ? <FormAlert messages={[actionData.error]} /> : null}
      {d.detail ? <DrawPanel detail={d.detail} confirmSettle={d.confirmSettle} confirmClose={d.confirmClose} /> : null}
      <TableFilter
        id="draws-status"
        label="Status"
        name="status"
        value={d.status}
        anyLabel="Any status"
        options={DRAW_STATUSES.map((s) => ({ value: s, label: s }))}
      >
        <div>
          <label htmlFor="draws-offer" className="mb-[4px] block font-semibold">
            Game (offer key)
          </label>
          <input
            id="draws-offer"
            name="offer"
            defaultValue={d.offer}
            className="min-h-[44px] rounded-theme border border-[#767676] px-0.5"
          />
        </div>
      </TableFilter>
      <DataTable
        caption="Draws"
        columns={COLUMNS}
        rows={d.rows}
        rowId={(r) => r.id}
        paging={{ page: d.page, total: d.total }}
        empty="No draws match."
      />
      <ResultsImport
        imported={actionData && 'imported' in actionData ? (actionData.imported ?? null) : null}
        reasons={actionData && 'reasons' in actionData && Array.isArray(actionData.reasons) ? actionData.reasons : []}
      />
      <RaffleDraw raffle={actionData && 'raffle' in actionData ? (actionData.raffle ?? null) : null} />
      <SyndicateDraws rows={d.syndicates} />
      <GiveawayDraws
        rows={d.giveaways}
        confirm={d.confirmGiveaway}
        drawn={actionData && 'giveaway' in actionData ? (actionData.giveaway ?? null) : null}
      />
    </>
  );
}
