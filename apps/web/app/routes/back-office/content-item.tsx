// /back-office/content/:collection/:id (content editor, admin): one item's fields as a form (blocks as a fieldset
// each), saved as a new version; its preview as the storefront will show it; publish now or at a date; archive after a
// confirmation step; its versions, each restorable after a confirmation step. Image fields pick from the uploaded
// images (their list loaded with the item) or upload a new one (intent upload-image). Every call goes to the content API
// (docs/content.md "Writing through the API"), which checks and records it; nothing here decides what is valid.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { BLOCK_KINDS, CmsFile, PREVIEWABLE_COLLECTIONS, type CmsEditorDraft, type CmsVersion } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { contentApi } from '../../features/back-office/back-office-cms.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator, sessionToken } from '../../features/back-office/back-office-session.server.ts';
import { itemAction, loadItem } from '../../features/back-office/content-editor.server.ts';
import {
  BLOCK_LABELS,
  FILE_FIELDS,
  fieldNames,
  ObjectFields,
  shapeOf,
  type FieldErrorMap,
  type Json,
} from '../../features/back-office/content-fields.tsx';
import { collectionLabel, stateLabel } from '../../features/back-office/content-labels.ts';
import { pickerFile, type PickerFile } from '../../features/back-office/image-picker.tsx';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import { FieldErrors, FormAlert, inputClass } from '../../ui/form-field.tsx';
import type { Route } from './+types/content-item';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';

const CONTENT = `${BACK_OFFICE_PATH}/content`;

export function meta({ data: d }: Route.MetaArgs) {
  return backOfficeMeta(d ? `${d.draft.label} · Content` : 'Content');
}

/** Whether the fields hold an image field anywhere (a block's, a list item's), so the picker needs the files. */
function hasImageField(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasImageField);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => FILE_FIELDS.has(k) || hasImageField(v));
}

/** The newest uploaded images (the content API's files, up to a page of 100): what an image field offers. */
async function imageFiles(cms: ReturnType<typeof contentApi>): Promise<PickerFile[]> {
  const page = await cms.page('cms', '/items/files', { limit: 100, offset: 0 });
  return CmsFile.array()
    .parse(page.items)
    .map((f) => pickerFile(f));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOperator(request, context);
  const cms = contentApi(context, sessionToken(request)!);
  const url = new URL(request.url);
  try {
    const { draft, versions } = await orSignIn(request, loadItem(cms, params.collection, params.id));
    const files = hasImageField(draft.data) ? await orSignIn(request, imageFiles(cms)) : [];
    const confirm = url.searchParams.get('confirm');
    const version = Number(url.searchParams.get('version'));
    return {
      draft,
      versions,
      files,
      confirm:
        confirm === 'archive'
          ? ({ kind: 'archive' } as const)
          : confirm === 'restore' && versions.some((v) => v.version === version)
            ? ({ kind: 'restore', version } as const)
            : null,
      done: url.searchParams.get('done'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireOperator(request, context);
  const cms = contentApi(context, sessionToken(request)!);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: z.object({ intent: z.string() }) });
  const outcome = await orSignIn(request, itemAction(cms, params.collection, params.id, form)).catch((error) => {
    throw toRouteError(error);
  });
  const here = `${CONTENT}/${encodeURIComponent(params.collection)}/${encodeURIComponent(params.id)}`;
  if (outcome.kind === 'redirect') throw redirect(`${here}?done=${outcome.done}`);
  // The image picker's upload (a fetcher): the new file, or why it was refused, for the dialog to show.
  if (outcome.kind === 'uploaded')
    return { result: null, working: null, rev: null, preview: null, uploaded: outcome.file, uploadError: null };
  if (outcome.kind === 'upload-refused')
    return data(
      {
        result: null,
        working: null,
        rev: null,
        preview: null,
        uploaded: null,
        uploadError: outcome.message,
        uploadErrors: outcome.fieldErrors,
      },
      outcome.status,
    );
  if (outcome.kind === 'working')
    return { result: null, working: outcome.data, rev: crypto.randomUUID(), preview: null };
  if (outcome.kind === 'preview')
    return { result: null, working: null, rev: null, preview: { path: outcome.path, expiresAt: outcome.expiresAt } };
  return data(
    {
      result: submission.reply({ fieldErrors: outcome.fieldErrors, formErrors: outcome.formErrors }),
      working: outcome.data,
      rev: null,
      preview: null,
    },
    outcome.status,
  );
}

function doneText(done: string | null): string | null {
  const [what, a, b] = (done ?? '').split('-');
  if (what === 'created') return 'Added as a draft: fill in its fields and blocks, then publish it.';
  if (what === 'saved') return `Saved as version ${a}.`;
  if (what === 'published') return `Published: version ${a} is what visitors see now.`;
  if (what === 'scheduled') return `Scheduled: version ${a} goes live at its date.`;
  if (what === 'archived') return 'Archived: visitors no longer see this item.';
  if (what === 'restored') return `Version ${a}’s fields are back, as version ${b}.`;
  return null;
}

function StatePanel({ draft }: { draft: CmsEditorDraft }) {
  return (
    <dl className="mb-1 grid grid-cols-[auto_1fr] gap-x-1 gap-y-[4px]" data-testid="content-state">
      <dt className="font-semibold">State</dt>
      <dd>{stateLabel(draft.state)}</dd>
      <dt className="font-semibold">Visitors see</dt>
      <dd>
        {draft.state === 'published' ? `version ${draft.version}` : 'nothing yet'}
        {draft.datePublished
          ? ` (${draft.state === 'scheduled' ? 'goes live' : 'published'} ${formatWhen(draft.datePublished)})`
          : ''}
      </dd>
      <dt className="font-semibold">Newest version</dt>
      <dd>
        {draft.latestVersion}
        {draft.pending ? ' — saved, waiting to be published' : ''}
      </dd>
      {draft.path ? (
        <>
          <dt className="font-semibold">Address</dt>
          <dd>{draft.path}</dd>
        </>
      ) : null}
    </dl>
  );
}

function Confirmation({
  confirm,
  busy,
}: {
  confirm: { kind: 'archive' } | { kind: 'restore'; version: number };
  busy: boolean;
}) {
  const archive = confirm.kind === 'archive';
  return (
    <ConfirmPanel
      testId="content-confirmation"
      title={archive ? 'Archive this item?' : `Restore version ${confirm.version}?`}
    >
      <p className="my-0.5">
        {archive
          ? 'Visitors will no longer see it (a page gives its address up). Its versions are kept.'
          : 'Its fields come back as a new version, live at once when the item is published.'}
      </p>
      <Form method="post" className="flex flex-wrap gap-1">
        <input type="hidden" name="intent" value={confirm.kind} />
        {archive ? null : <input type="hidden" name="version" value={confirm.version} />}
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          {archive ? 'Yes, archive' : `Yes, restore version ${confirm.version}`}
        </button>
        <Link to="?" className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

const VERSION_COLUMNS: ColumnDef<CmsVersion, unknown>[] = [
  { accessorKey: 'version', header: 'Version' },
  { accessorKey: 'action', header: 'What' },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'author', header: 'By' },
  { accessorKey: 'dateCreated', header: 'When', cell: (c) => formatWhen(c.row.original.dateCreated) },
  {
    id: 'restore',
    header: 'Restore',
    enableSorting: false,
    cell: (c) => (
      <Link className="font-semibold underline" to={`?confirm=restore&version=${c.row.original.version}`}>
        Restore version {c.row.original.version}…
      </Link>
    ),
  },
];

function PublishForm({ errors, busy }: { errors: FieldErrorMap; busy: boolean }) {
  return (
    <Form method="post" className="mb-1" aria-labelledby="publish-title">
      <h2 id="publish-title" className="mb-0.5 text-xl font-bold">
        Publish
      </h2>
      <p className="mb-0.5">Publishes the newest version, now or at a date.</p>
      <label htmlFor="publish-at" className="mb-[4px] block font-semibold">
        Publish at (UTC, optional)
      </label>
      <input
        id="publish-at"
        name="at"
        type="datetime-local"
        className={`${inputClass} mb-0.5`}
        aria-invalid={errors.at?.length ? true : undefined}
        aria-describedby={errors.at?.length ? 'publish-at-error' : undefined}
      />
      <FieldErrors id="publish-at-error" errors={errors.at} />
      <button type="submit" name="intent" value="publish" disabled={busy} className="btn btn-primary">
        Publish
      </button>
    </Form>
  );
}

function PreviewForm({ preview }: { preview: { path: string; expiresAt: string } | null }) {
  return (
    <Form method="post" className="mb-1" aria-labelledby="preview-title">
      <h2 id="preview-title" className="mb-0.5 text-xl font-bold">
        Preview
      </h2>
      <p className="mb-0.5">A link to the storefront showing the newest version, for one hour, to whoever opens it.</p>
      <button type="submit" name="intent" value="preview" className="btn btn-secondary">
        Make a preview link
      </button>
      {preview ? (
        <p className="mt-0.5" role="status">
          <a
            href={preview.path}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold underline"
            data-testid="preview-link"
          >
            Open the preview (new tab)
          </a>{' '}
          — works until {formatWhen(preview.expiresAt)}.
        </p>
      ) : null}
    </Form>
  );
}

function AddBlock() {
  return (
    <div className="mb-1 flex flex-wrap items-end gap-0.5">
      <div>
        <label htmlFor="add-block-kind" className="mb-[4px] block font-semibold">
          New block
        </label>
        <select id="add-block-kind" name="blockKind" className={inputClass}>
          {BLOCK_KINDS.map((k) => (
            <option key={k} value={k}>
              {BLOCK_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value="add-block" formNoValidate className="btn btn-secondary">
        Add the block
      </button>
    </div>
  );
}

export default function ContentItem({ loaderData, actionData, params }: Route.ComponentProps) {
  const { draft, versions, confirm } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const [form] = useForm({ id: 'content-item', lastResult: actionData?.result ?? undefined });
  const fields = (actionData?.working ?? draft.data ?? {}) as { [key: string]: Json };
  const errors = form.allErrors as FieldErrorMap;
  const drawn = new Set(fieldNames(fields));
  const elsewhere = Object.entries(errors)
    .filter(([name, list]) => name && !drawn.has(name) && name !== 'at' && list?.length)
    .map(([name, list]) => `${name}: ${list!.join(' ')}`);
  const done = doneText(loaderData.done);
  const previewable = (PREVIEWABLE_COLLECTIONS as readonly string[]).includes(params.collection);
  const isFile = params.collection === 'files';
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-0.5">
        <Link to={CONTENT} className="underline">
          Content
        </Link>{' '}
        ›{' '}
        <Link to={`${CONTENT}/${params.collection}`} className="underline">
          {collectionLabel(params.collection)}
        </Link>
      </nav>
      <ScreenTitle title={draft.label}>
        {collectionLabel(params.collection)} · {draft.id}
      </ScreenTitle>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {confirm ? <Confirmation confirm={confirm} busy={busy} /> : null}
      <StatePanel draft={draft} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="fields-title">
          <h2 id="fields-title" className="mb-0.5 text-xl font-bold">
            {isFile ? 'The image' : 'Fields'}
          </h2>
          {isFile ? (
            <p className="mb-1">
              <img
                src={`/api/cms/assets/${encodeURIComponent(draft.id)}`}
                alt={String(fields.description ?? '')}
                className="max-h-[240px] max-w-full border border-[#9aa5b1]"
              />
            </p>
          ) : null}
          {isFile ? (
            <p className="mb-1">
              To replace this image or change its text, upload it again on the{' '}
              <Link to={`${CONTENT}/files`} className="underline">
                Files
              </Link>{' '}
              screen with the id {draft.id}.
            </p>
          ) : (
            <Form method="post" {...getFormProps(form)} key={`${draft.latestVersion}-${actionData?.rev ?? ''}`}>
              <FormAlert id={form.errorId} messages={[...(form.errors ?? []), ...elsewhere]} />
              <input type="hidden" name="shape" value={JSON.stringify(shapeOf(fields))} />
              <input type="hidden" name="baseVersion" value={draft.latestVersion} />
              <ObjectFields value={fields} name="" errors={errors} files={loaderData.files} />
              {Array.isArray(fields.sections) ? <AddBlock /> : null}
              <button
                type="submit"
                name="intent"
                value="save"
                disabled={busy}
                aria-busy={busy || undefined}
                className="btn btn-primary"
              >
                Save as a new version
              </button>
            </Form>
          )}
        </section>
        <aside aria-label="Publishing">
          {previewable ? <PreviewForm preview={actionData?.preview ?? null} /> : null}
          <PublishForm errors={errors} busy={busy} />
          {draft.state === 'archived' ? null : (
            <p className="mb-1">
              <Link to="?confirm=archive" className="font-semibold underline">
                Archive this item…
              </Link>
            </p>
          )}
        </aside>
      </div>
      <section aria-labelledby="versions-title" className="mt-2">
        <h2 id="versions-title" className="mb-0.5 text-xl font-bold">
          Versions
        </h2>
        <DataTable
          caption="Versions, newest first"
          columns={VERSION_COLUMNS}
          rows={versions}
          rowId={(v) => String(v.version)}
          empty="None."
        />
      </section>
    </>
  );
}
