// The draw officer's group draws (docs/back-office.md): syndicates ride on a lottery draw and are settled with it (so
// their row links to that draw's panel: enter, confirm, settle), and Daily Winners giveaways are drawn by the clock
// at their close, or now by the draw officer (close the entries, draw from the committed seed, pay), after a
// confirmation step with its own address (?giveaway=…&confirm=giveaway).
import type { AdminGiveaway, AdminGiveawayDraw, AdminSyndicate } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Form, Link, useNavigation } from 'react-router';
import { formatWhen } from './back-office-frame.tsx';
import { DataTable } from './data-table.tsx';
import { FormAlert } from '../../ui/form-field.tsx';

const SYNDICATE_COLUMNS: ColumnDef<AdminSyndicate, unknown>[] = [
  { accessorKey: 'name', header: 'Syndicate' },
  {
    id: 'draw',
    accessorFn: (s) => s.drawNo,
    header: 'Lottery draw',
    cell: (c) => (
      <Link className="font-semibold underline" to={`?draw=${encodeURIComponent(c.row.original.drawId)}`}>
        {c.row.original.offerKey} {c.row.original.drawNo}
      </Link>
    ),
  },
  { accessorKey: 'drawDate', header: 'Draw time', cell: (c) => formatWhen(c.row.original.drawDate) },
  {
    id: 'shares',
    accessorFn: (s) => s.sharesSold,
    header: 'Shares sold',
    cell: (c) => `${c.row.original.sharesSold} / ${c.row.original.size}`,
  },
  { accessorKey: 'status', header: 'State' },
];

export function SyndicateDraws({ rows }: { rows: AdminSyndicate[] }) {
  return (
    <section aria-labelledby="syndicates-title" className="mt-2">
      <h2 id="syndicates-title" className="mb-0.5 text-xl font-bold">
        Syndicate draws
      </h2>
      <p className="mb-0.5 text-[#4a4a4a]">
        A syndicate’s tickets are lines of its lottery draw: they are scored and paid when that draw is settled, and
        each holder gets their part. Open the draw to enter, confirm and settle its result.
      </p>
      <DataTable
        caption="Syndicates"
        columns={SYNDICATE_COLUMNS}
        rows={rows}
        rowId={(s) => s.id}
        empty="No syndicates yet."
      />
    </section>
  );
}

const drawable = (g: AdminGiveaway) => g.status !== 'DRAW_PAID' && g.type !== 'preview';

const GIVEAWAY_COLUMNS: ColumnDef<AdminGiveaway, unknown>[] = [
  {
    id: 'giveaway',
    accessorFn: (g) => `${g.type} ${g.drawNumber}`,
    header: 'Giveaway',
    cell: (c) => `${c.row.original.type} ${c.row.original.drawNumber}`,
  },
  { accessorKey: 'title', header: 'Title' },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'closesAt', header: 'Closes', cell: (c) => formatWhen(c.row.original.closesAt) },
  { accessorKey: 'entries', header: 'Entries' },
  { id: 'prizes', header: 'Prizes', enableSorting: false, cell: (c) => c.row.original.prizes.join('; ') },
  {
    id: 'actions',
    header: 'Draw',
    enableSorting: false,
    cell: (c) => {
      const g = c.row.original;
      return drawable(g) ? (
        <Link
          className="whitespace-nowrap font-semibold underline"
          to={`?${new URLSearchParams({ giveaway: g.id, confirm: 'giveaway' })}`}
        >
          Draw now…
          <span className="sr-only">
            {' '}
            {g.type} giveaway {g.drawNumber}
          </span>
        </Link>
      ) : (
        <a className="underline" href={g.verifyPath}>
          Verify
        </a>
      );
    },
  },
];

function GiveawayConfirmation({ giveaway }: { giveaway: AdminGiveaway }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form
      method="post"
      data-testid="giveaway-confirmation"
      className="my-1 rounded-theme border-2 border-[#0d47a1] bg-[#e3f2fd] p-1"
    >
      <p className="font-semibold">
        Draw {giveaway.type} giveaway {giveaway.drawNumber} (“{giveaway.title}”) now? Its entries close at once (
        {giveaway.entries} taking part), the winners are drawn from the committed seed and their prizes are paid.
      </p>
      <input type="hidden" name="giveawayId" value={giveaway.id} />
      <div className="mt-0.5 flex flex-wrap gap-1">
        <button
          name="intent"
          value="giveaway"
          disabled={busy}
          aria-busy={busy || undefined}
          className="btn btn-primary"
        >
          Yes, close and draw
        </button>
        <Link to="?" className="btn btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function GiveawayDrawn({ drawn }: { drawn: AdminGiveawayDraw }) {
  const g = drawn.giveaway;
  return (
    <div data-testid="giveaway-drawn" className="my-1">
      <FormAlert
        tone="success"
        messages={[
          `${g.type} giveaway ${g.drawNumber} ${drawn.drawn ? 'is drawn' : 'was already drawn'}: ${drawn.winners.length} winner${drawn.winners.length === 1 ? '' : 's'}.`,
        ]}
      />
      <dl className="grid gap-x-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd>{g.status}</dd>
        <dt className="font-semibold">Commitment</dt>
        <dd className="break-all">{drawn.commitment ?? ''}</dd>
        <dt className="font-semibold">Seed</dt>
        <dd className="break-all">{drawn.seed ?? ''}</dd>
        <dt className="font-semibold">Winning entries</dt>
        <dd>{drawn.winners.map((w) => `${w.rank}: entry ${w.entryNumber} (${w.customerId})`).join(', ') || 'none'}</dd>
        <dt className="font-semibold">Verification</dt>
        <dd>
          <a className="underline" href={g.verifyPath}>
            {g.verifyPath}
          </a>
        </dd>
      </dl>
    </div>
  );
}

export function GiveawayDraws(props: {
  rows: AdminGiveaway[];
  confirm: AdminGiveaway | null;
  drawn: AdminGiveawayDraw | null;
}) {
  return (
    <section aria-labelledby="giveaways-title" className="mt-2">
      <h2 id="giveaways-title" className="mb-0.5 text-xl font-bold">
        Giveaway draws
      </h2>
      <p className="mb-0.5 text-[#4a4a4a]">
        Daily Winners giveaways: the draw clock draws each at its close; draw one now when it must not wait.
      </p>
      {props.drawn ? <GiveawayDrawn drawn={props.drawn} /> : null}
      {props.confirm ? <GiveawayConfirmation giveaway={props.confirm} /> : null}
      <DataTable
        caption="Giveaways"
        columns={GIVEAWAY_COLUMNS}
        rows={props.rows}
        rowId={(g) => g.id}
        empty="No giveaways."
      />
    </section>
  );
}
