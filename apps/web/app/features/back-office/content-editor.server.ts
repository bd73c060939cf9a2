// The content editor's server side: what the item screen loads (the item's newest fields and live state, its
// versions) and what each of its buttons does through the content API (save a version, publish now or at a date,
// archive, restore a version, a preview link, an image uploaded from the image picker), with the API's refusals turned
// into field errors beside their controls. Adding or removing a block only redraws the form: nothing is saved until "Save as a new version".
import {
  BLOCK_KINDS,
  CmsEditorDraft,
  CmsPreviewLink,
  CmsVersion,
  StoredBlog,
  StoredBlogCategory,
  StoredBlogPost,
  StoredContactPage,
  StoredPage,
  WrittenCmsItem,
  RestoredCmsItem,
  UploadedCmsFile,
  type BlockKind,
} from '@shop/contracts';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-errors.ts';
import type { ContentApi } from './back-office-cms.server.ts';
import { formFieldName, NEW_BLOCKS, readFields, type Json } from './content-fields.tsx';
import { pickerFile, type PickerFile } from './image-picker.tsx';
import type { NewItemCollection } from './content-labels.ts';

/** Collections whose fields have a schema in the contracts: checked here first, so a slip is shown without a call. */
const SCHEMAS: Record<string, z.ZodType> = {
  pages: StoredPage,
  blog: StoredBlog,
  blog_posts: StoredBlogPost,
  blog_categories: StoredBlogCategory,
  contact_page: StoredContactPage,
};

const itemPath = (collection: string, id: string) =>
  `/items/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`;

export async function loadItem(cms: ContentApi, collection: string, id: string) {
  const [draft, versions] = await Promise.all([
    cms.get('cms', `/editor${itemPath(collection, id)}`),
    cms.get('cms', `${itemPath(collection, id)}/versions`),
  ]);
  return { draft: CmsEditorDraft.parse(draft), versions: CmsVersion.array().parse(versions) };
}

export type FieldErrorsOut = Record<string, string[]>;

/** The schema's complaints in words an editor reads, keyed by the form's control names. */
function schemaErrors(error: z.ZodError): FieldErrorsOut {
  const out: FieldErrorsOut = {};
  for (const issue of error.issues) {
    const name = issue.path.length ? formFieldName(issue.path.map(String).join('.')) : '';
    const missing =
      (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) ||
      (issue.code === 'invalid_type' && issue.input === undefined);
    (out[name] ??= []).push(missing ? 'Required: write something here.' : issue.message);
  }
  return out;
}

/** The API's field errors (`sections.2.heading`) under the form's names (`sections[2].heading`). */
function apiFieldErrors(fieldErrors: Record<string, string[]>): FieldErrorsOut {
  const out: FieldErrorsOut = {};
  for (const [field, messages] of Object.entries(fieldErrors)) (out[formFieldName(field)] ??= []).push(...messages);
  return out;
}

export type EditorOutcome =
  | { kind: 'redirect'; done: string }
  | { kind: 'uploaded'; file: PickerFile }
  | { kind: 'upload-refused'; fieldErrors: FieldErrorsOut; message: string; status: number }
  | { kind: 'working'; data: Json }
  | { kind: 'invalid'; data: Json | null; fieldErrors: FieldErrorsOut; formErrors: string[]; status: number }
  | { kind: 'preview'; path: string; expiresAt: string };

function formShape(form: FormData): Json | null {
  try {
    return JSON.parse(String(form.get('shape') ?? 'null')) as Json;
  } catch {
    return null;
  }
}

/** A date and time typed in the form (UTC, as every time in the back office) as an ISO instant; '' is now. */
function publishAt(value: FormDataEntryValue | null): string | null | undefined {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v)) return null;
  const iso = `${v.length === 16 ? `${v}:00` : v}.000Z`;
  return Number.isNaN(new Date(iso).getTime()) ? null : iso;
}

function editBlocks(data: Json, intent: string, form: FormData): Json | null {
  const sections = data && typeof data === 'object' && !Array.isArray(data) ? data.sections : undefined;
  if (!Array.isArray(sections)) return null;
  if (intent === 'add-block') {
    const kind = String(form.get('blockKind') ?? '');
    if (!(BLOCK_KINDS as readonly string[]).includes(kind)) return null;
    sections.push(structuredClone(NEW_BLOCKS[kind as BlockKind]));
    return data;
  }
  const index = Number(intent.slice('remove-block:'.length));
  if (!Number.isInteger(index) || index < 0 || index >= sections.length) return null;
  sections.splice(index, 1);
  return data;
}

async function save(cms: ContentApi, collection: string, id: string, form: FormData): Promise<EditorOutcome> {
  const shape = formShape(form);
  const data = shape === null ? null : (readFields(shape, form) ?? null);
  if (data === null) return { kind: 'invalid', data, fieldErrors: {}, formErrors: ['Reload the page.'], status: 400 };
  const typed = readFields(shape, form, '', true) ?? null;
  const schema = SCHEMAS[collection];
  const checked = schema?.safeParse(data);
  if (checked && !checked.success)
    return {
      kind: 'invalid',
      data: typed,
      fieldErrors: schemaErrors(checked.error),
      formErrors: ['Nothing was saved: correct the fields marked below.'],
      status: 422,
    };
  // Someone else saved since this form was drawn: saving would silently drop their version's changes.
  const now = CmsEditorDraft.parse(await cms.get('cms', `/editor${itemPath(collection, id)}`));
  if (String(now.latestVersion) !== String(form.get('baseVersion'))) {
    const text = `Nothing was saved: this item has changed since you opened it (it is at version ${now.latestVersion} now). Reload to see it; what you typed is still below.`;
    return { kind: 'invalid', data: typed, fieldErrors: {}, formErrors: [text], status: 409 };
  }
  const written = WrittenCmsItem.parse(await cms.patch('cms', itemPath(collection, id), { data }));
  return { kind: 'redirect', done: `saved-${written.version}` };
}

/**
 * One image (the form's `file`, `alt`, `title` and optional `id`) sent on to POST /api/cms/files as it came: the
 * Files screen's upload and the image picker's. The API's refusals come back under the form's names.
 */
export async function uploadImage(
  cms: ContentApi,
  form: FormData,
): Promise<
  { file: z.infer<typeof UploadedCmsFile> } | { fieldErrors: FieldErrorsOut; message: string | null; status: number }
> {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    return { fieldErrors: { file: ['Choose an image file.'] }, message: null, status: 422 };
  const upload = new FormData();
  for (const field of ['id', 'title', 'alt']) {
    const v = form.get(field);
    if (typeof v === 'string' && v.trim()) upload.set(field, v.trim());
  }
  upload.set('file', file, file.name);
  try {
    return { file: UploadedCmsFile.parse(await cms.upload('/files', upload)) };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500 || error.status === 401) throw error;
    const fieldErrors: FieldErrorsOut = {};
    // The API names the part (file) or the trait of it (type, bytes, filename): all of them are the file's.
    for (const [k, v] of Object.entries(error.fieldErrors))
      (fieldErrors[['id', 'title', 'alt'].includes(k) ? k : 'file'] ??= []).push(...v);
    return { fieldErrors, message: `Nothing was uploaded: ${error.message}`, status: error.status === 403 ? 403 : 422 };
  }
}

/** One button of the item screen (its `intent`), through the content API. */
export async function itemAction(
  cms: ContentApi,
  collection: string,
  id: string,
  form: FormData,
): Promise<EditorOutcome> {
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'save') return await save(cms, collection, id, form);
    if (intent === 'upload-image') {
      const uploaded = await uploadImage(cms, form);
      if ('file' in uploaded) return { kind: 'uploaded', file: pickerFile(uploaded.file) };
      const all = Object.values(uploaded.fieldErrors).flat();
      return {
        kind: 'upload-refused',
        fieldErrors: uploaded.fieldErrors,
        message: uploaded.message ?? all.join(' '),
        status: uploaded.status,
      };
    }
    if (intent === 'add-block' || intent.startsWith('remove-block:')) {
      const shape = formShape(form);
      const data = shape === null ? null : editBlocks(readFields(shape, form, '', true) ?? null, intent, form);
      if (data === null)
        return { kind: 'invalid', data: null, fieldErrors: {}, formErrors: ['Reload the page.'], status: 400 };
      return { kind: 'working', data };
    }
    if (intent === 'publish') {
      const at = publishAt(form.get('at'));
      if (at === null)
        return {
          kind: 'invalid',
          data: null,
          fieldErrors: { at: ['A date and time, like 2026-12-01T09:00 (UTC).'] },
          formErrors: [],
          status: 422,
        };
      const body = at ? { at } : {};
      const written = WrittenCmsItem.parse(await cms.post('cms', `${itemPath(collection, id)}/publish`, body));
      return { kind: 'redirect', done: `${at ? 'scheduled' : 'published'}-${written.version}` };
    }
    if (intent === 'archive') {
      await cms.post('cms', `${itemPath(collection, id)}/archive`);
      return { kind: 'redirect', done: 'archived' };
    }
    if (intent === 'restore') {
      const version = Number(form.get('version'));
      const restored = RestoredCmsItem.parse(
        await cms.post('cms', `${itemPath(collection, id)}/versions/${encodeURIComponent(String(version))}/restore`),
      );
      return { kind: 'redirect', done: `restored-${restored.restoredFrom}-${restored.version}` };
    }
    if (intent === 'preview') {
      const link = CmsPreviewLink.parse(await cms.post('cms', `${itemPath(collection, id)}/preview`));
      return { kind: 'preview', path: link.path, expiresAt: link.expiresAt };
    }
    return { kind: 'invalid', data: null, fieldErrors: {}, formErrors: ['Unknown action.'], status: 400 };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500 || error.status === 401) throw error;
    const shape = intent === 'save' ? formShape(form) : null;
    const data = shape === null ? null : (readFields(shape, form, '', true) ?? null);
    return {
      kind: 'invalid',
      data,
      fieldErrors: apiFieldErrors(error.fieldErrors),
      formErrors: [`Nothing was changed: ${error.message}`],
      status: error.status === 403 ? 403 : error.status === 404 ? 404 : 422,
    };
  }
}

/** A new draft's fields: the two typed, a title for search engines from its name, no blocks yet. */
function newItemData(collection: NewItemCollection, form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  if (collection === 'pages')
    return { path: text('path'), name: text('name'), seo: { title: text('name') }, sections: [] };
  if (collection === 'blog_posts')
    return { slug: text('slug'), title: text('title'), seo: { title: text('title') }, sections: [] };
  return { slug: text('slug'), name: text('name') };
}

/** A new draft (POST /api/cms/items/{collection}): its id, or the refusal beside the two fields. */
export async function createItem(
  cms: ContentApi,
  collection: NewItemCollection,
  form: FormData,
): Promise<{ id: string } | { fieldErrors: FieldErrorsOut; formErrors: string[]; status: number }> {
  const data = newItemData(collection, form);
  // The SEO title is made from the name or title: its complaint is theirs.
  const own = (errors: FieldErrorsOut): FieldErrorsOut => {
    const out: FieldErrorsOut = {};
    for (const [k, v] of Object.entries(errors))
      (out[k === 'seo.title' ? ('name' in data ? 'name' : 'title') : k] ??= []).push(...v);
    return out;
  };
  const checked = SCHEMAS[collection]!.safeParse(data);
  if (!checked.success)
    return { fieldErrors: own(schemaErrors(checked.error)), formErrors: ['Nothing was added.'], status: 422 };
  try {
    const created = (await cms.post('cms', `/items/${collection}`, { status: 'draft', data })) as { id: string };
    return { id: created.id };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500 || error.status === 401) throw error;
    return {
      fieldErrors: own(apiFieldErrors(error.fieldErrors)),
      formErrors: [`Nothing was added: ${error.message}`],
      status: error.status === 403 ? 403 : 422,
    };
  }
}
