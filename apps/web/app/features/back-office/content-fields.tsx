// The content editor's form (the back office's item screen): every field of an item's stored fields drawn as a
// labelled control, a block as a fieldset per block (its kind fixed, its fields its own), so no collection needs a
// hand-made form and nothing is typed as raw JSON. Names are Conform's paths (`sections[2].heading`), so the API's
// field errors (`sections.2.heading`) land beside their control. The form sends back the shape it was drawn from
// (types only, no values) so the action reads each control as the type it stands for; the API validates the result.
// An image field is the image picker (image-picker.tsx) over the uploaded files.
import type { BlockKind } from '@shop/contracts';
import type { ReactNode } from 'react';
import { FieldErrors, inputClass } from '../../ui/form-field.tsx';
import { ImagePicker, type PickerFile } from './image-picker.tsx';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type FieldErrorMap = Record<string, readonly string[] | undefined>;

/** Fields that hold either nothing or a small object: drawn as that object's fields; all empty means none. */
const NULLABLE_OBJECTS: Record<string, { [key: string]: Json }> = {
  link: { text: '', url: '' },
};
/** Fields with a fixed set of values: drawn as a choice. */
const CHOICES: Record<string, readonly string[]> = {
  template: ['content', 'landing', 'home'],
  imagePosition: ['left', 'right'],
  tone: ['info', 'promo', 'warning'],
};
const LONG_TEXT = new Set(['markdown', 'html', 'text', 'intro', 'excerpt', 'description']);
/** Fields that name an uploaded file (their hint says so). */
export const FILE_FIELDS = new Set(['image', 'heroImage', 'ogImage', 'logo', 'logoDark', 'favicon']);

/** A new block of each kind: its fields, empty, for the editor to fill in (saved only with the item). */
export const NEW_BLOCKS: Record<BlockKind, { [key: string]: Json }> = {
  page_header: { kind: 'page_header', title: '', subtitle: null, image: null },
  content_grid: {
    kind: 'content_grid',
    heading: null,
    items: [{ title: '', text: '', image: null, link: null }],
  },
  single_column: { kind: 'single_column', heading: null, paragraphs: [] },
  two_column_grid: { kind: 'two_column_grid', columns: [{ heading: '', paragraphs: [] }] },
  divider: { kind: 'divider' },
  image_beside_text: {
    kind: 'image_beside_text',
    image: '',
    heading: null,
    markdown: '',
    imagePosition: 'left',
    link: null,
  },
  call_to_action: { kind: 'call_to_action', heading: '', text: '', linkText: '', linkUrl: '' },
  logo_grid: { kind: 'logo_grid', heading: null, logos: [{ image: '', name: '', url: null }] },
  blog_posts: { kind: 'blog_posts', heading: null, category: null, limit: 4 },
  banners: { kind: 'banners', banners: [{ text: '', link: null, tone: 'promo' }] },
  blog_categories: { kind: 'blog_categories', heading: null },
  full_page_content: { kind: 'full_page_content', markdown: '' },
  html_content: { kind: 'html_content', html: '' },
  featured_tickets: { kind: 'featured_tickets', heading: null, offerKeys: [] },
};

export const BLOCK_LABELS: Record<BlockKind, string> = {
  page_header: 'Page header',
  content_grid: 'Content grid',
  single_column: 'Single column',
  two_column_grid: 'Two-column grid',
  divider: 'Divider',
  image_beside_text: 'Image beside text',
  call_to_action: 'Call to action',
  logo_grid: 'Logo grid',
  blog_posts: 'Blog posts',
  banners: 'Banners',
  blog_categories: 'Blog categories',
  full_page_content: 'Full-page content (Markdown)',
  html_content: 'HTML content (cleaned when saved)',
  featured_tickets: 'Featured tickets',
};

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  !!v && typeof v === 'object' && !Array.isArray(v);
/** Lists of objects (blocks, their items): a fieldset each, even when the list is empty. */
const OBJECT_LISTS = new Set(['sections', 'items', 'logos', 'banners', 'columns', 'primary', 'footer', 'children']);
const keyOf = (name: string) =>
  name
    .split('.')
    .pop()!
    .replace(/\[\d+\]$/, '');
/** A list of texts (paragraphs, category slugs, offer keys): one control, one a line. */
const isTextList = (v: Json[], key: string) =>
  !OBJECT_LISTS.has(key) && v.every((x) => x === null || typeof x !== 'object');

/** The shape of the fields (types without the values; a block's kind kept): what the form sends back. */
export function shapeOf(value: Json, key = ''): Json {
  if (typeof value === 'string') return key === 'kind' ? value : '';
  if (typeof value === 'number') return 0;
  if (typeof value === 'boolean') return false;
  if (value === null) return null;
  if (Array.isArray(value)) return isTextList(value, key) ? [] : value.map((v) => shapeOf(v));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v, k)]));
}

const childName = (prefix: string, key: string | number) =>
  typeof key === 'number' ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key;

/** A Conform path as the API names a field: `sections[2].heading` -> `sections.2.heading`, and back. */
export const apiFieldName = (name: string) => name.replace(/\[(\d+)\]/g, '.$1');
export const formFieldName = (field: string) => field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

function text(form: FormData, name: string): string | undefined {
  const v = form.get(name);
  return typeof v === 'string' ? v.replace(/\r\n/g, '\n') : undefined;
}

/**
 * The fields the form holds, read as the types of `shape`: an emptied text is left out (so the schema's default,
 * or its "required", applies; kept as '' with keepEmpty, to draw the form again), an empty control of an empty field is still nothing (null), a list of texts is one
 * per line, a checkbox is true or false, and a link whose parts are all empty is none.
 */
export function readFields(shape: Json, form: FormData, name = '', keepEmpty = false): Json | undefined {
  if (Array.isArray(shape)) {
    if (isTextList(shape, keyOf(name)))
      return (text(form, name) ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    return shape
      .map((s, i) => readFields(s, form, childName(name, i), keepEmpty))
      .filter((v) => v !== undefined) as Json[];
  }
  if (isObject(shape)) {
    const out: { [key: string]: Json } = {};
    for (const [k, s] of Object.entries(shape)) {
      const v = k === 'kind' && typeof s === 'string' ? s : readFields(s, form, childName(name, k), keepEmpty);
      if (v !== undefined) out[k] = v;
    }
    // A link whose parts were all emptied is no link.
    if (NULLABLE_OBJECTS[keyOf(name)] && Object.values(out).every((v) => v === '' || v === null)) return null;
    return out;
  }
  const key = keyOf(name);
  if (shape === null && NULLABLE_OBJECTS[key]) {
    const obj = readFields(NULLABLE_OBJECTS[key]!, form, name, keepEmpty) as { [key: string]: Json };
    return Object.values(obj).some((v) => v !== undefined && v !== '') ? obj : null;
  }
  if (typeof shape === 'boolean') return form.get(name) === 'on';
  const raw = text(form, name);
  if (raw === undefined) return shape === null ? null : undefined;
  // keepEmpty: the form drawn again after a refusal keeps every control, emptied ones empty.
  if (typeof shape === 'number') return raw.trim() === '' ? (keepEmpty ? raw : undefined) : Number(raw);
  if (shape === null) return raw.trim() === '' ? null : raw;
  return raw === '' && !keepEmpty ? undefined : raw;
}

/** Every control name the form draws for these fields (field errors elsewhere are shown above the form). */
export function fieldNames(value: Json, name = ''): string[] {
  if (Array.isArray(value))
    return isTextList(value, keyOf(name)) ? [name] : value.flatMap((v, i) => fieldNames(v, childName(name, i)));
  if (isObject(value))
    return Object.entries(value).flatMap(([k, v]) => (k === 'kind' ? [] : fieldNames(v, childName(name, k))));
  if (value === null && NULLABLE_OBJECTS[keyOf(name)]) return fieldNames(NULLABLE_OBJECTS[keyOf(name)]!, name);
  return [name];
}

/** "linkText" -> "Link text", "seo" -> "SEO". */
export function labelOf(key: string): string {
  if (key === 'seo') return 'SEO';
  if (key === 'ogImage') return 'Open Graph image';
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Drawn after an item's own fields, whatever their stored order: its blocks, then its search-engine fields. */
const LAST_FIELDS: Record<string, number> = { sections: 1, seo: 2 };

const idOf = (name: string) => `f-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;

function Control(props: {
  name: string;
  label: string;
  value: Json;
  errors: FieldErrorMap;
  hint?: string;
  files?: PickerFile[];
}) {
  const { name, value } = props;
  const id = idOf(name);
  const errors = props.errors[name];
  const key = keyOf(name);
  const described =
    [errors?.length ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': described,
  };
  let control: ReactNode;
  if (props.files && FILE_FIELDS.has(key) && (value === null || typeof value === 'string')) {
    return (
      <ImagePicker
        id={id}
        name={name}
        label={props.label}
        hint={props.hint}
        value={value ?? ''}
        nullable
        files={props.files}
        described={described}
        invalid={!!errors?.length}
      >
        <FieldErrors id={`${id}-error`} errors={errors} />
      </ImagePicker>
    );
  }
  if (typeof value === 'boolean') {
    return (
      <div className="mb-1">
        <label className="flex min-h-[44px] items-center gap-0.5">
          <input type="checkbox" {...common} defaultChecked={value} className="size-[20px]" />
          <span className="font-semibold">{props.label}</span>
        </label>
        <FieldErrors id={`${id}-error`} errors={errors} />
      </div>
    );
  }
  if (Array.isArray(value)) {
    control = (
      <textarea
        {...common}
        rows={Math.min(12, Math.max(3, value.length + 1))}
        defaultValue={value.join('\n')}
        className={inputClass}
      />
    );
  } else if (typeof value === 'string' && CHOICES[key]) {
    control = (
      <select {...common} defaultValue={value} className={inputClass}>
        {CHOICES[key]!.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  } else if (typeof value === 'number') {
    control = <input type="number" {...common} defaultValue={value} className={inputClass} />;
  } else {
    const s = value === null ? '' : String(value);
    control =
      LONG_TEXT.has(key) || s.length > 100 ? (
        <textarea
          {...common}
          rows={Math.min(14, Math.max(3, Math.ceil(s.length / 70)))}
          defaultValue={s}
          className={inputClass}
        />
      ) : (
        <input type="text" {...common} defaultValue={s} className={inputClass} />
      );
  }
  return (
    <div className="mb-1">
      <label htmlFor={id} className="mb-[4px] block font-semibold">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="mb-[4px] text-sm text-[#4a4a4a]">
          {props.hint}
        </p>
      ) : null}
      {control}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

function hintFor(key: string, value: Json): string | undefined {
  if (Array.isArray(value)) return 'One a line.';
  if (FILE_FIELDS.has(key)) return 'One of the uploaded images (Files), or none.';
  if (key === 'markdown') return 'Markdown; any HTML in it is cleaned when the page is shown.';
  if (key === 'html') return 'Cleaned when saved: no scripts, styles, frames or event handlers.';
  if (value === null) return 'Empty for none.';
  return undefined;
}

/** The fields of one object (an item, a block, a link), each drawn by its type. */
export function ObjectFields(props: {
  value: { [key: string]: Json };
  name: string;
  errors: FieldErrorMap;
  /** Beside each block of a list of blocks: its controls (remove). */
  blockActions?: (index: number) => ReactNode;
  /** The uploaded images an image field offers (the image picker); without them it is a text box of the id. */
  files?: PickerFile[];
}) {
  const { files } = props;
  return (
    <>
      {Object.entries(props.value)
        .sort(([a], [b]) => (LAST_FIELDS[a] ?? 0) - (LAST_FIELDS[b] ?? 0))
        .map(([key, v]) => {
          if (key === 'kind') return null;
          const name = childName(props.name, key);
          if (v === null && NULLABLE_OBJECTS[key]) {
            return (
              <fieldset key={key} className="mb-1 rounded-theme border border-[#9aa5b1] p-0.5">
                <legend className="px-0.5 font-semibold">{labelOf(key)} (empty for none)</legend>
                <ObjectFields value={NULLABLE_OBJECTS[key]!} name={name} errors={props.errors} files={files} />
              </fieldset>
            );
          }
          if (isObject(v)) {
            return (
              <fieldset key={key} className="mb-1 rounded-theme border border-[#9aa5b1] p-0.5">
                <legend className="px-0.5 font-semibold">
                  {labelOf(key)}
                  {NULLABLE_OBJECTS[key] ? ' (empty for none)' : ''}
                </legend>
                <ObjectFields value={v} name={name} errors={props.errors} files={files} />
              </fieldset>
            );
          }
          if (Array.isArray(v) && !isTextList(v, key)) {
            return <ListFields key={key} listKey={key} items={v} name={name} errors={props.errors} files={files} />;
          }
          return (
            <Control
              key={key}
              name={name}
              label={labelOf(key)}
              value={v}
              errors={props.errors}
              hint={hintFor(key, v)}
              files={files}
            />
          );
        })}
    </>
  );
}

function ListFields(props: {
  listKey: string;
  items: Json[];
  name: string;
  errors: FieldErrorMap;
  files?: PickerFile[];
}) {
  const blocks = props.listKey === 'sections';
  return (
    <fieldset className="mb-1 rounded-theme border border-[#52606d] p-0.5">
      <legend className="px-0.5 text-lg font-bold">{labelOf(props.listKey)}</legend>
      {props.items.length === 0 ? <p className="mb-0.5">None yet.</p> : null}
      {props.items.map((item, i) => {
        const name = childName(props.name, i);
        const kind = isObject(item) && typeof item.kind === 'string' ? (item.kind as BlockKind) : null;
        const title = kind ? `Block ${i + 1}: ${BLOCK_LABELS[kind] ?? kind}` : `${labelOf(props.listKey)} ${i + 1}`;
        return (
          <fieldset
            key={name}
            className="mb-1 rounded-theme border border-[#9aa5b1] bg-[#f8fafc] p-0.5"
            data-testid={blocks ? 'content-block' : undefined}
          >
            <legend className="px-0.5 font-semibold">{title}</legend>
            {isObject(item) ? (
              <ObjectFields value={item} name={name} errors={props.errors} files={props.files} />
            ) : null}
            {blocks ? (
              <button
                type="submit"
                name="intent"
                value={`remove-block:${i}`}
                formNoValidate
                className="btn btn-secondary"
              >
                Remove block {i + 1}
              </button>
            ) : null}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
