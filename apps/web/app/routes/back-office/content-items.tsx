// /back-office/content/:collection (content editor, admin): a collection's items in every state (draft, published,
// scheduled, archived), searched and paged by the content API; each opens its editor. A collection of one item opens
// that item. Files: upload an image (POST /api/cms/files), published at once.
import { CMS_EDITOR_STATES, CmsEditorItem, type CmsEditorState } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { contentApi } from '../../features/back-office/back-office-cms.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator, sessionToken } from '../../features/back-office/back-office-session.server.ts';
import {
  collectionLabel,
  CONTENT_COLLECTIONS,
  isNewItemCollection,
  isSingletonCollection,
  NEW_ITEM_FIELDS,
  stateLabel,
  type NewItemCollection,
} from '../../features/back-office/content-labels.ts';
import { createItem, uploadImage } from '../../features/back-office/content-editor.server.ts';
import { DataTable, pageQuery, TableFilter, TableSearch } from '../../features/back-office/data-table.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import { FieldErrors, FormAlert, inputClass } from '../../ui/form-field.tsx';
import type { Route } from './+types/content-items';

const CONTENT = `${BACK_OFFICE_PATH}/content`;

export function meta({ params }: Route.MetaArgs) {
  return backOfficeMeta(`${collectionLabel(params.collection)} · Content`);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOperator(request, context);
  const { collection } = params;
  if (!CONTENT_COLLECTIONS.some((c) => c.name === collection)) throw data({}, { status: 404 });
  if (isSingletonCollection(collection)) throw redirect(`${CONTENT}/${collection}/${collection}`);
  const cms = contentApi(context, sessionToken(request)!);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  const q = url.searchParams.get('q')?.trim().slice(0, 200) ?? '';
  const state = CMS_EDITOR_STATES.find((s) => s === url.searchParams.get('state')) ?? null;
  try {
    const answer = await orSignIn(
      request,
      cms.page('cms', `/editor/items/${collection}`, { q: q || undefined, state: state ?? undefined, limit, offset }),
    );
    return {
      page,
      q,
      state,
      total: answer.total,
      rows: CmsEditorItem.array().parse(answer.items),
      uploaded: url.searchParams.get('uploaded'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

/**
 * Pages, posts and categories: a new draft from its two first fields, then its editor. Files: one image, its id, title
 * and alternative text, sent on to POST /api/cms/files as they came.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireOperator(request, context);
  const { collection } = params;
  if (collection !== 'files' && !isNewItemCollection(collection)) throw data({}, { status: 405 });
  const cms = contentApi(context, sessionToken(request)!);
  const form = await request.formData();
  if (isNewItemCollection(collection)) {
    const created = await orSignIn(request, createItem(cms, collection, form)).catch((error) => {
      throw toRouteError(error);
    });
    if ('id' in created) throw redirect(`${CONTENT}/${collection}/${encodeURIComponent(created.id)}?done=created`);
    return data({ fieldErrors: created.fieldErrors, error: created.formErrors.join(' ') }, created.status);
  }
  const uploaded = await orSignIn(request, uploadImage(cms, form)).catch((error) => {
    throw toRouteError(error);
  });
  if ('file' in uploaded) throw redirect(`${CONTENT}/files?uploaded=${encodeURIComponent(uploaded.file.id)}`);
  return data({ fieldErrors: uploaded.fieldErrors, error: uploaded.message }, uploaded.status);
}

function columns(collection: string): ColumnDef<CmsEditorItem, unknown>[] {
  return [
    {
      accessorKey: 'label',
      header: 'Name',
      cell: (c) => (
        <Link
          to={`${CONTENT}/${collection}/${encodeURIComponent(c.row.original.id)}`}
          className="font-semibold underline"
        >
          {c.row.original.label}
        </Link>
      ),
    },
    { accessorKey: 'id', header: 'Id' },
    { accessorKey: 'path', header: 'Address', cell: (c) => c.row.original.path ?? '' },
    {
      accessorKey: 'state',
      header: 'State',
      cell: (c) => `${stateLabel(c.row.original.state)}${c.row.original.pending ? ' (edit waiting)' : ''}`,
    },
    {
      accessorKey: 'datePublished',
      header: 'Publish date',
      cell: (c) => (c.row.original.datePublished ? formatWhen(c.row.original.datePublished) : ''),
    },
    { accessorKey: 'latestVersion', header: 'Versions' },
    { accessorKey: 'dateUpdated', header: 'Changed', cell: (c) => formatWhen(c.row.original.dateUpdated) },
    { accessorKey: 'updatedBy', header: 'By' },
  ];
}

function UploadForm({ errors, error }: { errors: Record<string, string[]>; error: string | null }) {
  const busy = useNavigation().state === 'submitting';
  const field = (name: string, label: string, hint?: string) => (
    <div className="mb-1">
      <label htmlFor={`upload-${name}`} className="mb-[4px] block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`upload-${name}-hint`} className="mb-[4px] text-sm text-[#4a4a4a]">
          {hint}
        </p>
      ) : null}
      <input
        id={`upload-${name}`}
        name={name}
        type={name === 'file' ? 'file' : 'text'}
        accept={name === 'file' ? 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml' : undefined}
        className={inputClass}
        aria-invalid={errors[name]?.length ? true : undefined}
        aria-describedby={
          [hint ? `upload-${name}-hint` : '', errors[name]?.length ? `upload-${name}-error` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      <FieldErrors id={`upload-${name}-error`} errors={errors[name]} />
    </div>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="mb-2 max-w-[40rem]" aria-labelledby="upload-title">
      <h2 id="upload-title" className="mb-0.5 text-xl font-bold">
        Upload an image
      </h2>
      {error ? <FormAlert messages={[error]} /> : null}
      {field('file', 'Image', 'PNG, JPEG, WebP, GIF, AVIF or SVG, up to 512 KiB.')}
      {field('alt', 'Alternative text', 'What the image shows, for people who cannot see it.')}
      {field('title', 'Title')}
      {field('id', 'Id (optional)', 'An existing file’s id replaces its image; empty makes a new one.')}
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
        Upload
      </button>
    </Form>
  );
}

function NewItemForm(props: { collection: NewItemCollection; errors: Record<string, string[]>; error: string | null }) {
  const busy = useNavigation().state === 'submitting';
  const { errors } = props;
  return (
    <Form method="post" className="mb-2 max-w-[40rem]" aria-labelledby="new-item-title">
      <h2 id="new-item-title" className="mb-0.5 text-xl font-bold">
        Add a draft
      </h2>
      <p className="mb-0.5">Visitors see nothing of it until it is published; its blocks are added in its editor.</p>
      {props.error ? <FormAlert messages={[props.error]} /> : null}
      {NEW_ITEM_FIELDS[props.collection].map((f) => {
        const id = `new-${f.name}`;
        const hint = 'hint' in f ? f.hint : undefined;
        const invalid = !!errors[f.name]?.length;
        return (
          <div key={f.name} className="mb-1">
            <label htmlFor={id} className="mb-[4px] block font-semibold">
              {f.label}
            </label>
            {hint ? (
              <p id={`${id}-hint`} className="mb-[4px] text-sm text-[#4a4a4a]">
                {hint}
              </p>
            ) : null}
            <input
              id={id}
              name={f.name}
              className={inputClass}
              aria-invalid={invalid || undefined}
              aria-describedby={
                [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
              }
            />
            <FieldErrors id={`${id}-error`} errors={errors[f.name]} />
          </div>
        );
      })}
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
        Add the draft
      </button>
    </Form>
  );
}

const STATE_OPTIONS = CMS_EDITOR_STATES.map((s: CmsEditorState) => ({ value: s, label: stateLabel(s) }));

export default function ContentItems({ loaderData: d, actionData, params }: Route.ComponentProps) {
  const label = collectionLabel(params.collection);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-0.5">
        <Link to={CONTENT} className="underline">
          Content
        </Link>
      </nav>
      <ScreenTitle title={label}>{CONTENT_COLLECTIONS.find((c) => c.name === params.collection)?.about}</ScreenTitle>
      {d.uploaded ? (
        <FormAlert tone="success" messages={[`Uploaded: the image is ${d.uploaded}, published at once.`]} />
      ) : null}
      {params.collection === 'files' ? (
        // A new form after each upload: the file chosen for the last one is not offered again.
        <UploadForm key={d.uploaded ?? ''} errors={actionData?.fieldErrors ?? {}} error={actionData?.error ?? null} />
      ) : null}
      {isNewItemCollection(params.collection) ? (
        <NewItemForm
          collection={params.collection}
          errors={actionData?.fieldErrors ?? {}}
          error={actionData?.error ?? null}
        />
      ) : null}
      <TableSearch
        label={`Search ${label.toLowerCase()}`}
        defaultValue={d.q}
        hint="By id, title, name, address or slug."
      />
      <TableFilter
        id="state-filter"
        label="State"
        name="state"
        value={d.state ?? ''}
        anyLabel="Any state"
        options={STATE_OPTIONS}
      >
        {d.q ? <input type="hidden" name="q" value={d.q} /> : null}
      </TableFilter>
      <DataTable
        caption={`${label}${d.state ? `: ${stateLabel(d.state)}` : ''}`}
        columns={columns(params.collection)}
        rows={d.rows}
        rowId={(r) => r.id}
        paging={{ page: d.page, total: d.total }}
        empty={d.q || d.state ? 'Nothing matches.' : 'None yet.'}
      />
    </>
  );
}
