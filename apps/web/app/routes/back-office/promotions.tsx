// /back-office/promotions (catalogue.manage): the promotion codes, newest first, with their limits and usage (used of
// the limit, discount and bonus credit given), and a form to create one (Conform with the contracts' schema: the
// browser and the action check the same rules; the API's refusals — a taken code — come back on their field). A
// code's limits are changed on ?edit=CODE (a limit below the redemptions made comes back on its field), and
// **End now** asks first on its own address (?confirm=end&code=CODE): the code expires at once.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  AdminPromotion,
  AdminPromotionBody,
  AdminPromotionChange,
  OPERATOR_TEXTS,
  VOUCHER_TYPES,
} from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect } from 'react-router';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import {
  PromotionLimitsForm,
  promotionLimitsValue,
  promotionPatch,
} from '../../features/back-office/catalogue-forms.ts';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';
import { useSubmitOnce } from '../../features/back-office/submit-once.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/promotions';

export function meta() {
  return backOfficeMeta('Promotions');
}

const PATH = `${BACK_OFFICE_PATH}/promotions`;
const CODE = /^[A-Za-z0-9_-]{3,32}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/promotions', { limit, offset }));
    const rows = AdminPromotion.array().parse(answer.items);
    const named = (param: string) => rows.find((p) => p.code === url.searchParams.get(param)) ?? null;
    const ending = url.searchParams.get('confirm') === 'end' ? named('code') : null;
    return {
      page,
      total: answer.total,
      rows,
      edit: named('edit'),
      ending: ending && !isOver(ending, Date.now()) ? ending : null,
      done: { changed: named('changed'), ended: named('ended') },
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** Expired (ended) codes are refused at checkout; the API ends a code by making its expiry now. */
const isOver = (p: AdminPromotion, now: number) => p.expiresAt !== null && Date.parse(p.expiresAt) <= now;

type Reply = SubmissionResult<string[]>;
type Answer = { result: Reply | null; created: string | null; error?: string; form?: 'limits' | 'create' };

/** The limits form: checked, sent as the API's patch; a refusal comes back on its field (minimum spend's name differs). */
async function changeLimits(api: Awaited<ReturnType<typeof requireOperator>>['api'], request: Request, form: FormData) {
  const code = String(form.get('code') ?? '');
  const submission = parseWithZod(form, { schema: PromotionLimitsForm });
  if (!CODE.test(code)) return data<Answer>({ result: null, created: null, error: 'Unknown code.' }, 400);
  if (submission.status !== 'success')
    return data<Answer>({ result: submission.reply(), created: null, form: 'limits' }, 400);
  try {
    AdminPromotionChange.parse(
      await orSignIn(request, api.patch(`/promotions/${encodeURIComponent(code)}`, promotionPatch(submission.value))),
    );
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    const { minSpendCents, ...fieldErrors } = error.fieldErrors ?? {};
    const reply = submission.reply({
      formErrors: error.status === 403 ? [OPERATOR_TEXTS.notAllowed] : [error.message],
      fieldErrors: { ...fieldErrors, ...(minSpendCents ? { minSpend: minSpendCents } : {}) },
    });
    return data<Answer>({ result: reply, created: null, form: 'limits' }, 422);
  }
  throw redirect(`${PATH}?${new URLSearchParams({ changed: code })}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  if (form.get('intent') === 'limits') return changeLimits(api, request, form);
  if (form.get('intent') === 'end') {
    const code = String(form.get('code') ?? '');
    if (!CODE.test(code)) return data<Answer>({ result: null, created: null, error: 'Unknown code.' }, 400);
    try {
      AdminPromotionChange.parse(await orSignIn(request, api.post(`/promotions/${encodeURIComponent(code)}/end`)));
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
      const message = error.status === 403 ? OPERATOR_TEXTS.notAllowed : error.message;
      return data<Answer>({ result: null, created: null, error: message }, 422);
    }
    throw redirect(`${PATH}?${new URLSearchParams({ ended: code })}`);
  }
  const submission = parseWithZod(form, { schema: AdminPromotionBody });
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
  {
    id: 'actions',
    header: 'Change',
    enableSorting: false,
    cell: (c) => <RowActions promotion={c.row.original} />,
  },
];

function RowActions({ promotion: p }: { promotion: AdminPromotion }) {
  if (isOver(p, Date.now())) return <span>Ended</span>;
  return (
    <span className="flex flex-wrap gap-x-1 whitespace-nowrap">
      <Link className="font-semibold underline" to={`?edit=${p.code}`} aria-label={`Change the limits of ${p.code}…`}>
        Change…
      </Link>
      <Link
        className="font-semibold underline"
        to={`?${new URLSearchParams({ confirm: 'end', code: p.code })}`}
        aria-label={`End now ${p.code}…`}
      >
        End now…
      </Link>
    </span>
  );
}

const LIMIT_FIELDS = [
  { name: 'maxRedemptions', label: 'Uses in all', autoComplete: 'off', hint: 'Empty: no limit.' },
  { name: 'maxPerCustomer', label: 'Uses per customer', autoComplete: 'off', hint: 'Empty: no limit.' },
  { name: 'minSpend', label: 'Minimum spend', autoComplete: 'off', hint: 'Dollars and cents; empty: none.' },
  {
    name: 'expiresAt',
    label: 'Expires',
    autoComplete: 'off',
    hint: 'An instant with its offset, e.g. 2026-12-31T23:59:00+11:00; empty: never.',
  },
] as const;

function LimitsForm({ promotion: p, lastResult }: { promotion: AdminPromotion; lastResult: Reply | null | undefined }) {
  return (
    <section aria-labelledby="promotion-limits" className="mb-2 max-w-[40rem]">
      <h2 id="promotion-limits" className="mb-0.5 text-xl font-bold">
        Change the limits of {p.code}
      </h2>
      <p className="mb-0.5">
        Used {p.usage.redemptions} time{p.usage.redemptions === 1 ? '' : 's'} so far: a limit cannot go below what was
        redeemed already.
      </p>
      <SchemaForm
        id="promotion-limits-form"
        schema={PromotionLimitsForm}
        fields={LIMIT_FIELDS}
        submitLabel="Save the limits"
        lastResult={lastResult}
        hidden={{ intent: 'limits', code: p.code }}
        defaultValue={promotionLimitsValue(p)}
      />
      <Link to={PATH} className="mt-0.5 inline-block min-h-[44px] py-0.5 underline">
        Cancel the change
      </Link>
    </section>
  );
}

function EndConfirmation({ promotion: p, error }: { promotion: AdminPromotion; error: string | undefined }) {
  const { busy, onSubmit } = useSubmitOnce();
  return (
    <ConfirmPanel testId="promotion-end-confirmation" title={`End ${p.code} now?`}>
      <p className="my-0.5">
        It expires at once: carts holding it and new checkouts are refused with “This promotion code has expired.”{' '}
        {p.usage.redemptions === 0
          ? 'It has not been redeemed yet.'
          : `The ${p.usage.redemptions} redemption${p.usage.redemptions === 1 ? '' : 's'} already made stay as they are.`}
      </p>
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" className="flex flex-wrap gap-1" onSubmit={onSubmit}>
        <input type="hidden" name="code" value={p.code} />
        <button name="intent" value="end" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          Yes, end it now
        </button>
        <Link to={PATH} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

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
  const answer = actionData as Answer | undefined;
  const done = d.done.changed
    ? `The limits of ${d.done.changed.code} are saved.`
    : d.done.ended
      ? `${d.done.ended.code} has ended: the cart refuses it from now on.`
      : null;
  return (
    <>
      <ScreenTitle title="Promotions">Promotion codes, their limits and how much they have been used.</ScreenTitle>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {!d.ending && answer?.error ? <FormAlert messages={[answer.error]} /> : null}
      {d.ending ? <EndConfirmation promotion={d.ending} error={answer?.error} /> : null}
      {d.edit && !d.ending ? (
        <LimitsForm promotion={d.edit} lastResult={answer?.form === 'limits' ? answer.result : undefined} />
      ) : null}
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
            lastResult={answer?.form === 'limits' ? undefined : answer?.result}
            defaultValue={{ currency: 'AUD' }}
            success={answer?.created ? `Code ${answer.created} created: the cart takes it now.` : null}
          />
        </section>
      </div>
    </>
  );
}
