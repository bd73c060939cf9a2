// /back-office/offers (catalogue.manage): every product offer of the catalogue with whether it is on sale; suspending
// takes it off sale in the storefront at once (its pages answer 404 and the cart drops it), resuming puts it back. Each
// asks first, on a confirmation step with its own address (?confirm=suspend|resume&key=), so it works without
// JavaScript; the same calls as `ops offer:suspend|resume`, audited by the API.
import { AdminOffer } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import type { Route } from './+types/offers';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';

const PATH = `${BACK_OFFICE_PATH}/offers`;
type Verb = 'suspend' | 'resume';
const verbOf = (value: unknown): Verb | null => (value === 'suspend' || value === 'resume' ? value : null);

export function meta() {
  return backOfficeMeta('Offers');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  try {
    const offers = AdminOffer.array().parse(await orSignIn(request, api.get('/offers')));
    const verb = verbOf(url.searchParams.get('confirm'));
    const chosen = offers.find((o) => o.key === url.searchParams.get('key'));
    // A confirmation only for a change the offer can still take (suspend an offer on sale, resume a suspended one).
    const confirm = verb && chosen && chosen.suspended === (verb === 'resume') ? { verb, offer: chosen } : null;
    return { offers, confirm, done: url.searchParams.get('done'), key: url.searchParams.get('key') };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const verb = verbOf(form.get('intent'));
  const key = String(form.get('key') ?? '');
  if (!verb || !/^[a-z0-9-]{1,64}$/.test(key)) return data({ error: 'Unknown action.' }, 400);
  try {
    await orSignIn(request, api.post(`/offers/${encodeURIComponent(key)}/${verb}`));
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    return data({ error: error.message }, error.status === 409 ? 409 : 422);
  }
  throw redirect(`${PATH}?${new URLSearchParams({ done: verb === 'suspend' ? 'suspended' : 'resumed', key })}`);
}

const COLUMNS: ColumnDef<AdminOffer, unknown>[] = [
  { accessorKey: 'name', header: 'Offer' },
  { accessorKey: 'key', header: 'Key' },
  { accessorKey: 'type', header: 'Type' },
  {
    id: 'status',
    accessorFn: (o) => (o.suspended ? 'Suspended' : 'On sale'),
    header: 'Status',
    cell: (c) =>
      c.row.original.suspended ? (
        <strong className="text-[#b00020]">Suspended</strong>
      ) : (
        <span className="text-[#1b5e20]">On sale</span>
      ),
  },
  {
    id: 'actions',
    header: 'Change',
    enableSorting: false,
    cell: (c) => {
      const o = c.row.original;
      const verb: Verb = o.suspended ? 'resume' : 'suspend';
      return (
        <Link
          className="whitespace-nowrap font-semibold underline"
          to={`?${new URLSearchParams({ confirm: verb, key: o.key })}`}
          aria-label={`${o.suspended ? 'Resume' : 'Suspend'} ${o.name}…`}
        >
          {o.suspended ? 'Resume…' : 'Suspend…'}
        </Link>
      );
    },
  },
];

function Confirmation({ verb, offer, error }: { verb: Verb; offer: AdminOffer; error?: string | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const suspending = verb === 'suspend';
  return (
    <ConfirmPanel testId="offer-confirmation" title={suspending ? `Suspend ${offer.name}?` : `Resume ${offer.name}?`}>
      <p className="my-0.5">
        {suspending
          ? 'It goes off sale at once: its pages answer “not found”, it cannot be bought, and carts drop it. Tickets already bought are kept.'
          : 'It goes back on sale at once: its pages show again and it can be bought.'}
      </p>
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" className="flex flex-wrap gap-1">
        <input type="hidden" name="key" value={offer.key} />
        <button name="intent" value={verb} disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          {suspending ? 'Yes, suspend it' : 'Yes, put it back on sale'}
        </button>
        <Link to={PATH} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

export default function Offers({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const changed = d.offers.find((o) => o.key === d.key);
  const done =
    changed && d.done === 'suspended'
      ? `${changed.name} is suspended: it is off sale in the shop.`
      : changed && d.done === 'resumed'
        ? `${changed.name} is back on sale.`
        : null;
  return (
    <>
      <ScreenTitle title="Offers">The catalogue’s products, and whether each is on sale.</ScreenTitle>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {d.confirm ? <Confirmation verb={d.confirm.verb} offer={d.confirm.offer} error={actionData?.error} /> : null}
      {!d.confirm && actionData?.error ? <FormAlert messages={[actionData.error]} /> : null}
      <DataTable caption="Product offers" columns={COLUMNS} rows={d.offers} rowId={(o) => o.key} empty="No offers." />
    </>
  );
}
