// /back-office/prices (catalogue.manage): the price lists (the base list, lists a `p` address code offers, members)
// and, for one list (?list=), every offer's block price and the price of one game. Changing a price is a Conform form
// (dollars and cents, block size) whose valid answer opens a confirmation step with its own address
// (?list&change&confirm=price&blockCents&blockGames) showing old → new and one game's price after; only then is it
// sent (PUT, audited by the API). The storefront, carts and purchases use the new price at once (ADR 101).
import { parseWithZod } from '@conform-to/zod/v4';
import {
  AdminPriceBody,
  AdminPriceChange,
  AdminPriceList,
  AdminPriceListDetail,
  OPERATOR_TEXTS,
  type AdminPrice,
} from '@shop/contracts';
import { priceOfGames } from '@shop/lottery';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect } from 'react-router';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { PriceForm, priceBody } from '../../features/back-office/catalogue-forms.ts';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { useSubmitOnce } from '../../features/back-office/submit-once.ts';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/prices';

const PATH = `${BACK_OFFICE_PATH}/prices`;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function meta() {
  return backOfficeMeta('Price lists');
}

const at = (params: Record<string, string>) => `${PATH}?${new URLSearchParams(params)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  try {
    const lists = AdminPriceList.array().parse(await orSignIn(request, api.get('/price-lists')));
    const asked = url.searchParams.get('list') ?? 'default';
    const listId = lists.find((l) => l.id === asked)?.id ?? null;
    const detail = listId
      ? AdminPriceListDetail.parse(await orSignIn(request, api.get(`/price-lists/${encodeURIComponent(listId)}`)))
      : null;
    const change = detail?.prices.find((p) => p.offerKey === url.searchParams.get('change') && p.editable) ?? null;
    // The confirmation step: the new price the form checked, carried by the address.
    const proposed =
      change && url.searchParams.get('confirm') === 'price'
        ? AdminPriceBody.safeParse({
            blockCents: Number(url.searchParams.get('blockCents')),
            blockGames: Number(url.searchParams.get('blockGames')),
          })
        : null;
    const done = url.searchParams.get('done') === 'changed' ? url.searchParams.get('offer') : null;
    return {
      lists,
      detail,
      change,
      confirm: proposed?.success ? proposed.data : null,
      done: detail?.prices.find((p) => p.offerKey === done) ?? null,
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const list = String(form.get('list') ?? '');
  const offer = String(form.get('offer') ?? '');
  if (!ID.test(list) || !/^[a-z0-9-]{1,64}$/.test(offer)) return data({ result: null, error: 'Unknown price.' }, 400);
  if (form.get('intent') === 'change') {
    const body = AdminPriceBody.safeParse({
      blockCents: Number(form.get('blockCents')),
      blockGames: Number(form.get('blockGames')),
    });
    if (!body.success) return data({ result: null, error: 'This price is not complete: write it again.' }, 400);
    try {
      AdminPriceChange.parse(
        await orSignIn(
          request,
          api.put(`/price-lists/${encodeURIComponent(list)}/prices/${encodeURIComponent(offer)}`, body.data),
        ),
      );
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
      return data({ result: null, error: error.status === 403 ? OPERATOR_TEXTS.notAllowed : error.message }, 422);
    }
    throw redirect(at({ list, done: 'changed', offer }));
  }
  // The form: checked, then the confirmation step (nothing is changed yet).
  const submission = parseWithZod(form, { schema: PriceForm });
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, 400);
  const price = priceBody(submission.value);
  throw redirect(
    at({
      list,
      change: offer,
      confirm: 'price',
      blockCents: String(price.blockCents),
      blockGames: String(price.blockGames),
    }),
  );
}

/** "$2.70 for 4 games" or "$1.55 a game" (a raffle's: "$10.00 a ticket"). */
const blockText = (p: { blockCents: number; blockGames: number; type?: string }, currency: string) => {
  const unit = p.type === 'raffle_ticket' ? 'ticket' : 'game';
  return p.blockGames === 1
    ? `${formCents(p.blockCents, currency)} a ${unit}`
    : `${formCents(p.blockCents, currency)} for ${p.blockGames} ${unit}s`;
};

const LIST_COLUMNS: ColumnDef<AdminPriceList, unknown>[] = [
  {
    accessorKey: 'id',
    header: 'Price list',
    cell: (c) => (
      <Link className="font-semibold underline" to={`?list=${encodeURIComponent(c.row.original.id)}`}>
        {c.row.original.id}
      </Link>
    ),
  },
  { accessorKey: 'description', header: 'Description' },
  {
    accessorKey: 'offeredByCode',
    header: 'Who gets it',
    cell: (c) => {
      const l = c.row.original;
      if (l.offeredByCode) return `Anyone following a link with ?p=${l.id}`;
      return l.id === 'default' ? 'Everyone else' : 'Only the customers entitled to it';
    },
  },
  { accessorKey: 'offers', header: 'Offers' },
];

function priceColumns(list: string): ColumnDef<AdminPrice, unknown>[] {
  return [
    { accessorKey: 'offerName', header: 'Offer' },
    { accessorKey: 'currency', header: 'Currency' },
    {
      id: 'block',
      accessorFn: (p) => p.blockCents / p.blockGames,
      header: 'Block price',
      cell: (c) => blockText(c.row.original, c.row.original.currency),
    },
    {
      accessorKey: 'lineCents',
      header: 'One game or ticket',
      cell: (c) => formCents(c.row.original.lineCents, c.row.original.currency),
    },
    {
      id: 'change',
      header: 'Change',
      enableSorting: false,
      cell: (c) => {
        const p = c.row.original;
        if (!p.editable) return 'Set by the raffle';
        return (
          <Link
            className="whitespace-nowrap font-semibold underline"
            to={`?${new URLSearchParams({ list, change: p.offerKey })}`}
            aria-label={`Change the price of ${p.offerName}…`}
          >
            Change…
          </Link>
        );
      },
    },
  ];
}

function ChangeForm({
  list,
  price,
  lastResult,
}: {
  list: string;
  price: AdminPrice;
  lastResult: Parameters<typeof SchemaForm>[0]['lastResult'];
}) {
  return (
    <section aria-labelledby="price-change" className="mb-2 max-w-[40rem]">
      <h2 id="price-change" className="mb-0.5 text-xl font-bold">
        Change the price of {price.offerName} ({list})
      </h2>
      <p className="mb-0.5">
        Now: {blockText(price, price.currency)}; one game costs {formCents(price.lineCents, price.currency)}.
      </p>
      <SchemaForm
        id="price-form"
        schema={PriceForm}
        fields={[
          {
            name: 'blockPrice',
            label: `New block price in ${price.currency}`,
            autoComplete: 'off',
            hint: 'Dollars and cents, e.g. 2.70.',
          },
          {
            name: 'blockGames',
            label: 'Games in the block',
            autoComplete: 'off',
            hint: 'The block price buys this many games (Weekday Windfall: 4).',
          },
        ]}
        submitLabel="Review the change"
        lastResult={lastResult}
        hidden={{ list, offer: price.offerKey }}
        defaultValue={{ blockPrice: (price.blockCents / 100).toFixed(2), blockGames: String(price.blockGames) }}
      />
      <Link to={`?list=${encodeURIComponent(list)}`} className="mt-0.5 inline-block min-h-[44px] py-0.5 underline">
        Cancel the change
      </Link>
    </section>
  );
}

function Confirmation({
  list,
  price,
  next,
  error,
}: {
  list: string;
  price: AdminPrice;
  next: AdminPriceBody;
  error: string | null | undefined;
}) {
  const { busy, onSubmit } = useSubmitOnce();
  const c = price.currency;
  return (
    <ConfirmPanel testId="price-confirmation" title={`Change the price of ${price.offerName} in ${list}?`}>
      <p className="my-0.5">
        Block price: {blockText(price, c)} → <strong>{blockText(next, c)}</strong>. One game:{' '}
        {formCents(price.lineCents, c)} → <strong>{formCents(priceOfGames(1, next), c)}</strong>.
      </p>
      <p className="my-0.5">
        The shop sells at the new price at once: carts show it on their next look, a purchase at the old total is
        refused so the customer sees the new one first, and the pages show it within a minute.
      </p>
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" className="flex flex-wrap gap-1" onSubmit={onSubmit}>
        <input type="hidden" name="list" value={list} />
        <input type="hidden" name="offer" value={price.offerKey} />
        <input type="hidden" name="blockCents" value={next.blockCents} />
        <input type="hidden" name="blockGames" value={next.blockGames} />
        <button name="intent" value="change" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          Yes, change the price
        </button>
        <Link to={`?list=${encodeURIComponent(list)}`} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

export default function Prices({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const list = d.detail?.id ?? '';
  return (
    <>
      <ScreenTitle title="Price lists">What each offer costs under each price list.</ScreenTitle>
      {d.done ? (
        <FormAlert
          tone="success"
          messages={[
            `${d.done.offerName} now costs ${blockText(d.done, d.done.currency)} in ${list} (one game ${formCents(d.done.lineCents, d.done.currency)}).`,
          ]}
        />
      ) : null}
      {!d.confirm && actionData?.error ? <FormAlert messages={[actionData.error]} /> : null}
      {d.change && d.confirm ? (
        <Confirmation list={list} price={d.change} next={d.confirm} error={actionData?.error} />
      ) : d.change ? (
        <ChangeForm list={list} price={d.change} lastResult={actionData?.result} />
      ) : null}
      <DataTable
        caption="Price lists"
        columns={LIST_COLUMNS}
        rows={d.lists}
        rowId={(l) => l.id}
        empty="No price lists."
      />
      {d.detail ? (
        <section aria-labelledby="list-prices" className="mt-2">
          <h2 id="list-prices" className="mb-0.5 text-xl font-bold">
            Prices in {d.detail.id}
          </h2>
          <DataTable
            caption={`Prices in ${d.detail.id}`}
            columns={priceColumns(d.detail.id)}
            rows={d.detail.prices}
            rowId={(p) => p.offerKey}
            empty="This list prices no offers."
          />
        </section>
      ) : null}
    </>
  );
}
