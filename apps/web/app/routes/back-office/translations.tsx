// /back-office/translations (content editor, admin): the translation items of a locale (texts the screens read by
// category and id: the footer note, the FAQ, SEO texts), and one item's editor, saved through
// PUT /api/translation/{locale}/items/{category}/{id}: checked by type there (an item keeps its type), audited.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  Identifier,
  TRANSLATION_LOCALES,
  TRANSLATION_TYPES,
  TranslationItem,
  TranslationLocale,
  TranslationType,
} from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { contentApi } from '../../features/back-office/back-office-cms.server.ts';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta, screensFor } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator, sessionToken } from '../../features/back-office/back-office-session.server.ts';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { Field, FormAlert, inputClass } from '../../ui/form-field.tsx';
import type { Route } from './+types/translations';

const PATH = `${BACK_OFFICE_PATH}/translations`;

const TranslationForm = z.object({
  category: Identifier.max(64),
  id: Identifier,
  type: TranslationType,
  value: z.string().max(60_000).default(''),
});

export function meta() {
  return backOfficeMeta('Translations');
}

/** What the value control shows: text as it is, SEO fields and JSON as indented JSON. */
const valueText = (item: TranslationItem) =>
  typeof item.value === 'string' ? item.value : JSON.stringify(item.value ?? null, null, 2);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operator } = await requireOperator(request, context);
  // Reading translations is open to anyone (the storefront reads them), so the role is checked here: the screen is
  // the content editors' (the API refuses others' writes anyway).
  if (!screensFor(operator.role).some((s) => s.path === PATH)) throw data({}, { status: 403 });
  const cms = contentApi(context, sessionToken(request)!);
  const url = new URL(request.url);
  const locale = TranslationLocale.catch('en-AU').parse(url.searchParams.get('locale') ?? 'en-AU');
  const category = Identifier.safeParse(url.searchParams.get('category')).data ?? null;
  const id = Identifier.safeParse(url.searchParams.get('id')).data ?? null;
  try {
    const items = TranslationItem.array().parse(await orSignIn(request, cms.get('translation', `/${locale}/items`)));
    const editing = category && id ? (items.find((i) => i.category === category && i.id === id) ?? null) : null;
    return {
      locale,
      items,
      editing: editing ? { ...editing, text: valueText(editing) } : null,
      creating: url.searchParams.has('new'),
      done: url.searchParams.get('done'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireOperator(request, context);
  const cms = contentApi(context, sessionToken(request)!);
  const url = new URL(request.url);
  const locale = TranslationLocale.catch('en-AU').parse(url.searchParams.get('locale') ?? 'en-AU');
  const submission = parseWithZod(await request.formData(), { schema: TranslationForm });
  if (submission.status !== 'success') return data({ result: submission.reply() }, 422);
  const { category, id, type, value } = submission.value;
  let parsed: unknown = value;
  if (type === 'seo' || type === 'json') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return data({ result: submission.reply({ fieldErrors: { value: ['This type takes JSON: check it.'] } }) }, 422);
    }
  }
  try {
    await orSignIn(request, cms.put('translation', `/${locale}/items/${category}/${id}`, { type, value: parsed }));
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    const fieldErrors: Record<string, string[]> = {};
    // value.title and the like are parts of the one value control.
    for (const [k, v] of Object.entries(error.fieldErrors))
      (fieldErrors[k.startsWith('value') ? 'value' : k] ??= []).push(
        ...(k.includes('.') ? v.map((m) => `${k}: ${m}`) : v),
      );
    return data(
      { result: submission.reply({ fieldErrors, formErrors: [`Nothing was saved: ${error.message}`] }) },
      error.status === 403 ? 403 : 422,
    );
  }
  const q = new URLSearchParams({ locale, category, id, done: 'saved' });
  throw redirect(`${PATH}?${q}`);
}

const columns = (locale: string): ColumnDef<TranslationItem, unknown>[] => [
  {
    id: 'name',
    accessorFn: (i) => `${i.category}/${i.id}`,
    header: 'Item',
    cell: (c) => (
      <Link
        className="font-semibold underline"
        to={`?${new URLSearchParams({ locale, category: c.row.original.category, id: c.row.original.id })}`}
      >
        {c.row.original.category}/{c.row.original.id}
      </Link>
    ),
  },
  { accessorKey: 'type', header: 'Type' },
  {
    accessorKey: 'locale',
    header: 'From',
    cell: (c) => (c.row.original.locale === locale ? locale : `${c.row.original.locale} (fallback)`),
  },
];

function Editor(props: {
  locale: string;
  editing: (TranslationItem & { text: string }) | null;
  lastResult: Route.ComponentProps['actionData'];
}) {
  const busy = useNavigation().state === 'submitting';
  const e = props.editing;
  const [form, fields] = useForm({
    id: `translation-${e ? `${e.category}-${e.id}` : 'new'}`,
    lastResult: props.lastResult?.result,
    defaultValue: e ? { category: e.category, id: e.id, type: e.type, value: e.text } : { type: 'plain' },
  });
  return (
    <section aria-labelledby="translation-title" className="mb-2 max-w-[48rem]">
      <h2 id="translation-title" className="mb-0.5 text-xl font-bold">
        {e ? `${e.category}/${e.id} (${props.locale})` : `A new item (${props.locale})`}
      </h2>
      {e && e.locale !== props.locale ? (
        <p className="mb-0.5">This locale has no value of its own: it shows {e.locale}’s. Saving gives it its own.</p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <FormAlert id={form.errorId} messages={form.errors} />
        {e ? (
          <>
            <input type="hidden" name="category" value={e.category} />
            <input type="hidden" name="id" value={e.id} />
          </>
        ) : (
          <>
            <Field label="Category" meta={fields.category} hint="Letters, digits, - and _ (footer, faq, seo).">
              <input {...getInputProps(fields.category, { type: 'text' })} className={inputClass} />
            </Field>
            <Field label="Id" meta={fields.id}>
              <input {...getInputProps(fields.id, { type: 'text' })} className={inputClass} />
            </Field>
          </>
        )}
        <Field label="Type" meta={fields.type} hint="An item keeps its type in every locale.">
          <select {...getSelectProps(fields.type)} className={inputClass}>
            {TRANSLATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Value"
          meta={fields.value}
          hint="Text as it is; Markdown is cleaned when shown; an image is a file id; SEO fields and JSON as JSON."
        >
          <textarea {...getTextareaProps(fields.value)} rows={10} className={inputClass} />
        </Field>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          Save
        </button>
      </Form>
    </section>
  );
}

export default function Translations({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Translations">
        Texts the screens read by name, per locale; en-GB falls back to en-AU item by item.
      </ScreenTitle>
      {d.done === 'saved' ? (
        <FormAlert tone="success" messages={['Saved: every shop process shows it on its next page load.']} />
      ) : null}
      <nav aria-label="Locale" className="mb-1 flex flex-wrap gap-1">
        {TRANSLATION_LOCALES.map((l) => (
          <Link
            key={l}
            to={`?locale=${l}`}
            aria-current={l === d.locale ? 'page' : undefined}
            className="font-semibold underline aria-[current=page]:no-underline"
          >
            {l}
          </Link>
        ))}
        <Link to={`?locale=${d.locale}&new`} className="font-semibold underline">
          New item…
        </Link>
      </nav>
      {d.editing || d.creating ? (
        <Editor
          key={d.editing ? `${d.editing.category}/${d.editing.id}` : 'new'}
          locale={d.locale}
          editing={d.editing}
          lastResult={actionData}
        />
      ) : null}
      <DataTable
        caption={`Translation items of ${d.locale}`}
        columns={columns(d.locale)}
        rows={d.items}
        rowId={(i) => `${i.category}/${i.id}`}
        empty="None yet."
      />
    </>
  );
}
