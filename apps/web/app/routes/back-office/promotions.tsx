// /back-office/promotions (catalogue.manage): the promotion codes, newest first, with their limits and usage (used of
// the limit, discount and bonus credit given), and a form to create one (Conform with the contracts' schema: the
// browser and the action check the same rules; the API's refusals — a taken code — come back on their field).
import { parseWithZod } from '@conform-to/zod/v4';
import { AdminPromotion, AdminPromotionBody, OPERATOR_TEXTS, VOUCHER_TYPES } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data } from 'react-router';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/promotions';

export function meta() {
  return backOfficeMeta('Promotions');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const { page, limit, offset } = pageQuery(new URL(request.url));
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/promotions', { limit, offset }));
    return { page, total: answer.total, rows: AdminPromotion.array().parse(answer.items) };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AdminPromotionBody });
  if (submission.status !== 'success') return data({ result: submission.reply(), created: null }, 400);
  try {
    const created = AdminPromotion.parse(await orSignIn(request, api.post('/promotions', submission.value)));
    return { result: submission.reply({ resetForm: true }), created: created.code };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    const formErrors = error.status === 403 ? [OPERATOR_TEXTS.notAllowed] : [error.message];
    return data({ result: submission.reply({ formErrors, fieldErrors: error.fieldErrors }), created: null }, 422);
  }
}

const TYPE_LABELS: Record<(typeof VOUCHER_TYPES)[number], string> = {
  voucher_fixed_discount: 'Fixed discount',
  voucher_percent_discount: 'Percent discount',
  voucher_fixed_discount_expire: 'Fixed discount, expiring',
  voucher_credit_amount: 'Bonus credit',
};

/** A code's value as the customer gets it: a percent (basis points) or an amount of its currency. */
function valueText(p: AdminPromotion): string {
  return p.type === 'voucher_percent_discount' ? `${p.value / 100}%` : formCents(p.value, p.currency);
}

const COLUMNS: ColumnDef<AdminPromotion, unknown>[] = [
  { accessorKey: 'code', header: 'Code', cell: (c) => <code>{c.row.original.code}</code> },
  { accessorKey: 'type', header: 'Type', cell: (c) => TYPE_LABELS[c.row.original.type] },
  { id: 'value', accessorFn: (p) => p.value, header: 'Value', cell: (c) => valueText(c.row.original) },
  {
    id: 'used',
    accessorFn: (p) => p.usage.redemptions,
    header: 'Used',
    cell: (c) => {
      const p = c.row.original;
      return `${p.usage.redemptions} / ${p.maxRedemptions ?? 'no limit'}`;
    },
  },
  {
    accessorKey: 'maxPerCustomer',
    header: 'Per customer',
    cell: (c) => c.row.original.maxPerCustomer ?? 'no limit',
  },
  {
    accessorKey: 'minSpendCents',
    header: 'Minimum spend',
    cell: (c) => formCents(c.row.original.minSpendCents, c.row.original.currency),
  },
  {
    id: 'given',
    accessorFn: (p) => p.usage.discountCents + p.usage.bonusCreditCents,
    header: 'Given',
    cell: (c) =>
      formCents(c.row.original.usage.discountCents + c.row.original.usage.bonusCreditCents, c.row.original.currency),
  },
  {
    accessorKey: 'expiresAt',
    header: 'Expires',
    cell: (c) => (c.row.original.expiresAt ? formatWhen(c.row.original.expiresAt) : 'never'),
  },
  { accessorKey: 'description', header: 'Description' },
];

const FIELDS = [
  { name: 'code', label: 'Code', autoComplete: 'off', hint: '3 to 32 letters, digits, - or _; customers type it.' },
  {
    name: 'type',
    label: 'Type',
    type: 'select',
    options: VOUCHER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
  },
  {
    name: 'value',
    label: 'Value',
    autoComplete: 'off',
    hint: 'In cents for a discount or bonus credit (500 = $5.00); in basis points for a percent (1000 = 10%).',
  },
  {
    name: 'currency',
    label: 'Currency',
    type: 'select',
    options: [
      { value: 'AUD', label: 'AUD' },
      { value: 'GBP', label: 'GBP' },
    ],
  },
  { name: 'description', label: 'Description', autoComplete: 'off', hint: 'What the customer is told it gives.' },
  { name: 'minSpendCents', label: 'Minimum spend in cents (optional)', autoComplete: 'off' },
  {
    name: 'maxRedemptions',
    label: 'Uses in all (optional)',
    autoComplete: 'off',
    hint: 'Left empty: no limit.',
  },
  { name: 'maxPerCustomer', label: 'Uses per customer (optional)', autoComplete: 'off', hint: 'Left empty: no limit.' },
  {
    name: 'expiresAt',
    label: 'Expires (optional)',
    autoComplete: 'off',
    hint: 'An instant with its offset, e.g. 2026-12-31T23:59:00+11:00; needed for an expiring discount.',
  },
] as const;

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <ScreenTitle title="Promotions">Promotion codes, their limits and how much they have been used.</ScreenTitle>
      <div className="grid gap-2 xl:grid-cols-[2fr_1fr]">
        <section aria-labelledby="promotions-list" className="min-w-0">
          <h2 id="promotions-list" className="mb-0.5 text-xl font-bold">
            Codes
          </h2>
          <DataTable
            caption="Promotion codes"
            columns={COLUMNS}
            rows={d.rows}
            rowId={(p) => p.code}
            paging={{ page: d.page, total: d.total }}
            empty="No promotion codes yet."
          />
        </section>
        <section aria-labelledby="promotions-create">
          <h2 id="promotions-create" className="mb-0.5 text-xl font-bold">
            Create a code
          </h2>
          <SchemaForm
            id="create-promotion"
            schema={AdminPromotionBody}
            fields={FIELDS}
            submitLabel="Create code"
            lastResult={actionData?.result}
            defaultValue={{ currency: 'AUD' }}
            success={actionData?.created ? `Code ${actionData.created} created: the cart takes it now.` : null}
          />
        </section>
      </div>
    </>
  );
}
