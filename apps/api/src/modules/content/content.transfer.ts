// Content as one JSON document (backups and seeding: `npm run ops -- content:export / content:import`) and file
// uploads. An import writes its files, each item (as an `import` version) and its translations in one transaction:
// all of it or none of it.
import { createHash } from 'node:crypto';
import { FILE_TYPES, MAX_FILE_BYTES, TranslationLocale, TranslationValueInput } from '@shop/contracts';
import { imageSize as readImageSize } from 'image-size';
import { z } from 'zod';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import {
  createContentRepository,
  uniqueViolation,
  type ContentRepository,
  type ContentRow,
  type ContentStatus,
} from './content.repository.ts';
import { assetUrl, STORED_SHAPES, type ContentCollection } from './content.store.ts';
import { createContentValidator } from './content.validate.ts';

export const CONTENT_DOCUMENT_FORMAT = 'lottery-shop-content';

const ImportedItem = z.strictObject({
  collection: z.enum(Object.keys(STORED_SHAPES) as [ContentCollection, ...ContentCollection[]]),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(128),
  status: z.enum(['published', 'draft', 'archived']),
  datePublished: z.string().datetime({ offset: true }).nullable(),
  data: z.unknown(),
});
const ImportedFile = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(128),
  type: z.enum(FILE_TYPES),
  base64: z.string().max(Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4),
});
const ImportedTranslation = z.strictObject({
  locale: TranslationLocale,
  category: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(64),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(128),
  item: TranslationValueInput,
});
export const ContentDocument = z.strictObject({
  format: z.literal(CONTENT_DOCUMENT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string().optional(),
  items: z.array(ImportedItem),
  files: z.array(ImportedFile).default([]),
  translations: z.array(ImportedTranslation).default([]),
});
export type ContentDocument = z.input<typeof ContentDocument>;

/** Files and categories first: other items refer to them. */
const ORDER: ContentCollection[] = ['files', 'blog_categories'];
const rank = (c: ContentCollection) => (ORDER.includes(c) ? ORDER.indexOf(c) : ORDER.length);

type FileType = (typeof FILE_TYPES)[number];

/** The file name extensions of the accepted types (`content:upload` reads the type from the name). */
export const FILE_EXTENSIONS: Record<string, FileType> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/**
 * The type of an uploaded file: the one its sender declared when it is accepted, else the one its name's extension
 * stands for; null when neither is an accepted image type. The bytes are checked against it on upload either way.
 */
export function uploadType(filename: string, declared?: string): FileType | null {
  if (declared && (FILE_TYPES as readonly string[]).includes(declared)) return declared as FileType;
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? null : (FILE_EXTENSIONS[filename.slice(dot).toLowerCase()] ?? null);
}

export interface UploadInput {
  id?: string;
  filename: string;
  type: string;
  bytes: Buffer;
  title?: string;
  description?: string;
  width?: number | null;
  height?: number | null;
}

/** What image-size calls the bytes of each accepted type, and how a refusal names the type. */
const READ_AS: Record<FileType, { detected: string; name: string }> = {
  'image/png': { detected: 'png', name: 'a PNG' },
  'image/jpeg': { detected: 'jpg', name: 'a JPEG' },
  'image/webp': { detected: 'webp', name: 'a WebP' },
  'image/gif': { detected: 'gif', name: 'a GIF' },
  'image/avif': { detected: 'avif', name: 'an AVIF' },
  'image/svg+xml': { detected: 'svg', name: 'an SVG' },
};

/** A size StoredFile accepts (1 to 10,000 pixels), else null: the image then renders without intrinsic size. */
const pixels = (n: number | undefined) => {
  const whole = n === undefined ? NaN : Math.round(n);
  return whole >= 1 && whole <= 10_000 ? whole : null;
};

/**
 * Width and height as the image is shown, read from the file's header by image-size (a JPEG turned by its EXIF
 * orientation 5 to 8 has them swapped). A PNG, JPEG, WebP, GIF or AVIF whose bytes are not of that type is refused
 * (422), and so is an SVG whose bytes are another image type; an SVG that states no size (no width and height or
 * viewBox) has none.
 */
export function imageSize(type: string, bytes: Buffer): { width: number | null; height: number | null } {
  const expected = READ_AS[type as keyof typeof READ_AS];
  let size: ReturnType<typeof readImageSize> | null = null;
  try {
    size = readImageSize(bytes);
  } catch {
    // Not an image image-size can read: answered below.
  }
  if (!expected || size?.type !== expected.detected) {
    // An SVG that states no size has none; bytes image-size reads as another image type are not an SVG.
    if (type === 'image/svg+xml' && !size) return { width: null, height: null };
    const message = `The file is not ${expected?.name ?? 'an accepted'} image${size?.type ? ` (its bytes are ${size.type})` : ''}.`;
    throw unprocessable(message, 'invalid_file', { bytes: [message] });
  }
  const turned = (size.orientation ?? 1) >= 5;
  return { width: pixels(turned ? size.height : size.width), height: pixels(turned ? size.width : size.height) };
}

/** Writes one item of an upload or an import, validated, with its version. */
function createItemWriter(repo: ContentRepository, clock: Clock) {
  const validator = createContentValidator(repo);

  /** Insert or overwrite one item with the given state, as an `import` version. */
  async function put(
    tx: Executor,
    item: {
      collection: ContentCollection;
      id: string;
      status: ContentStatus;
      datePublished: Date | null;
      data: unknown;
    },
    actor: string,
    onlyMissing: boolean,
  ): Promise<false | { version: number; before: ContentRow | undefined }> {
    const now = clock.now();
    const existing = await repo.lock(tx, item.collection, item.id);
    if (existing && onlyMissing) return false;
    const data = await validator.validate(tx, item.collection, item.data, item.id, {
      archived: item.status === 'archived',
    });
    const latest = existing ? await repo.latestVersion(item.collection, item.id, tx) : undefined;
    const version = existing ? Math.max(latest?.version ?? 0, existing.version) + 1 : 1;
    const state = { status: item.status, datePublished: item.datePublished, data };
    if (existing)
      await repo.updateItem(
        tx,
        { collection: item.collection, itemKey: item.id },
        { ...state, version, author: actor, now },
      );
    else
      await repo.insertItem(tx, {
        collection: item.collection,
        itemKey: item.id,
        ...state,
        version,
        author: actor,
        now,
      });
    await repo.insertVersion(tx, {
      collection: item.collection,
      itemKey: item.id,
      version,
      action: existing ? 'import' : 'create',
      ...state,
      author: actor,
      createdAt: now,
    });
    return { version, before: existing };
  }

  return { put };
}

/** The `content:export` side: reads the content tables into one document. */
function createDocumentExport(repo: ContentRepository, clock: Clock) {
  return {
    /** Every item in every status, every file's bytes and every translation item. */
    async exportDocument(): Promise<ContentDocument> {
      const items = [];
      for (const collection of Object.keys(STORED_SHAPES) as ContentCollection[]) {
        for (const row of await repo.listAll(collection)) {
          items.push({
            collection,
            id: row.itemKey,
            status: row.status,
            datePublished: row.datePublished ? row.datePublished.toISOString() : null,
            data: row.data,
          });
        }
      }
      const files = [];
      for (const f of items.filter((i) => i.collection === 'files')) {
        const asset = await repo.asset(f.id);
        if (asset)
          files.push({
            id: f.id,
            type: asset.type as (typeof FILE_TYPES)[number],
            base64: asset.bytes.toString('base64'),
          });
      }
      const translations = (await repo.allTranslations()).map((t) => ({
        locale: t.locale as TranslationLocale,
        category: t.category,
        id: t.itemKey,
        item: { type: t.type, value: t.value } as z.input<typeof TranslationValueInput>,
      }));
      return {
        format: CONTENT_DOCUMENT_FORMAT,
        version: 1,
        exportedAt: clock.now().toISOString(),
        items,
        files,
        translations,
      };
    },
  };
}

export function createContentTransfer(deps: { db: Db; clock: Clock; onWrite: () => void; newId: () => string }) {
  const repo = createContentRepository(deps.db);
  const { put } = createItemWriter(repo, deps.clock);

  function checkBytes(type: string, bytes: Buffer) {
    if (!(FILE_TYPES as readonly string[]).includes(type))
      throw unprocessable(`Files of type ${type} are not accepted.`, 'invalid_file', {
        type: [`Accepted: ${FILE_TYPES.join(', ')}.`],
      });
    if (bytes.length === 0 || bytes.length > MAX_FILE_BYTES)
      throw unprocessable(`A file holds 1 byte to ${MAX_FILE_BYTES / 1024} KiB.`, 'invalid_file', {
        bytes: ['Wrong size.'],
      });
  }

  async function withGuard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) !== null)
        throw unprocessable('Two items of the document collide on a path or slug.', 'import_conflict');
      throw error;
    }
  }

  return {
    /**
     * Add a file (published now): its bytes and its item, in one transaction. An existing file with the id gets the
     * new bytes and fields as a new version (`before` is its state until then).
     */
    async upload(input: UploadInput, actor: string) {
      checkBytes(input.type, input.bytes);
      const id = input.id ?? deps.newId();
      const size = imageSize(input.type, input.bytes);
      const data = {
        filename: input.filename,
        title: input.title ?? '',
        description: input.description ?? '',
        type: input.type,
        width: input.width ?? size.width,
        height: input.height ?? size.height,
        filesize: input.bytes.length,
      };
      const written = await withGuard(() =>
        repo.transaction(async (tx) => {
          await repo.putAsset(tx, {
            itemKey: id,
            type: input.type,
            bytes: input.bytes,
            sha256: sha256(input.bytes),
            now: deps.clock.now(),
          });
          const saved = await put(
            tx,
            { collection: 'files', id, status: 'published', datePublished: deps.clock.now(), data },
            actor,
            false,
          );
          if (saved === false) throw new Error('An upload always writes its item.');
          return saved;
        }),
      );
      deps.onWrite();
      return { id, ...data, url: assetUrl(id), version: written.version, before: written.before };
    },

    /** Write a whole document. `onlyMissing` (the seed) leaves items that already exist alone. */
    async importDocument(input: unknown, actor: string, options: { onlyMissing?: boolean } = {}) {
      const parsed = ContentDocument.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.map(String).join('.') || 'this';
        throw unprocessable(`${field}: ${issue.message}`, 'invalid_document', { [field]: [issue.message] });
      }
      const doc = parsed.data;
      const onlyMissing = options.onlyMissing ?? false;
      let written = 0;
      await withGuard(() =>
        repo.transaction(async (tx) => {
          for (const f of doc.files) {
            const bytes = Buffer.from(f.base64, 'base64');
            checkBytes(f.type, bytes);
            await repo.putAsset(tx, {
              itemKey: f.id,
              type: f.type,
              bytes,
              sha256: sha256(bytes),
              now: deps.clock.now(),
            });
          }
          const items = [...doc.items].sort((a, b) => rank(a.collection) - rank(b.collection));
          for (const [i, item] of items.entries()) {
            try {
              const at = item.datePublished === null ? null : new Date(item.datePublished);
              if (await put(tx, { ...item, datePublished: at }, actor, onlyMissing)) written++;
            } catch (error) {
              if (error instanceof Error && 'statusCode' in error)
                throw unprocessable(
                  `items[${i}] (${item.collection}/${item.id}): ${error.message}`,
                  'invalid_document',
                );
              throw error;
            }
          }
          for (const t of doc.translations) {
            const row = {
              locale: t.locale,
              category: t.category,
              itemKey: t.id,
              type: t.item.type,
              value: t.item.value,
            };
            if (onlyMissing) {
              if (await repo.insertTranslationIfMissing({ ...row, now: deps.clock.now() }, tx)) written++;
            } else {
              await repo.putTranslation({ ...row, author: actor, now: deps.clock.now() }, tx);
              written++;
            }
          }
        }),
      );
      deps.onWrite();
      return { written };
    },

    ...createDocumentExport(repo, deps.clock),
  };
}
export type ContentTransfer = ReturnType<typeof createContentTransfer>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
