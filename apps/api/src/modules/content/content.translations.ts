// Translation items (features §3 "translation items (image, markdown, plain, seo, json)", §7 GET /en-AU/items with
// c, id and t lists). en-GB has only what differs: any item it lacks comes from en-AU ("Missing translation with
// default used logs no error"). Kept in memory until content_translations changes; SEO items for 24 h on the web.
import type { z } from 'zod';
import {
  TranslationItemParams,
  TranslationValueInput,
  type ImageRef,
  type TranslationItem,
  type TranslationLocale,
  type TranslationType,
  type TranslationValueInput as TranslationValue,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import { keyedCacheUntilChanged, type ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import {
  CONTENT_TABLE,
  createContentRepository,
  TRANSLATIONS_TABLE,
  type TranslationRow,
} from './content.repository.ts';
import { renderMarkdown } from './content.render.ts';
import { createContentValidator } from './content.validate.ts';

export const BASE_LOCALE: TranslationLocale = 'en-AU';

export interface TranslationsDeps {
  db: Db;
  clock: Clock;
  changes?: ChangeSource;
  /** A visible file as an image (image items hold a file id). */
  image: (fileId: string) => Promise<ImageRef | null>;
  onWrite?: () => void;
}

/** One translation write: the item's value in that locale before (null: it had none) and after. */
export interface TranslationChange {
  locale: TranslationLocale;
  category: string;
  id: string;
  before: { type: TranslationType; value: unknown } | null;
  after: { type: TranslationType; value: unknown };
}

/** The audit-log entry of a translation write (the API's operators and the CLI record the same). */
export function translationAuditEntry(change: TranslationChange) {
  return {
    action: 'translation.set',
    target: `${change.locale}/${change.category}/${change.id}`,
    detail: { before: change.before, after: change.after },
  };
}

function invalidTranslation(error: z.ZodError) {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'value';
  return unprocessable(`${field}: ${issue.message}`, 'invalid_translation', { [field]: [issue.message] });
}

export interface TranslationFilter {
  categories?: string[];
  ids?: string[];
  types?: string[];
}

export function createTranslationsService(deps: TranslationsDeps) {
  const repo = createContentRepository(deps.db);
  const validator = createContentValidator(repo);
  const cache = keyedCacheUntilChanged<TranslationItem[]>(deps.changes, [TRANSLATIONS_TABLE, CONTENT_TABLE], 500);

  async function toItem(row: TranslationRow): Promise<TranslationItem> {
    const base = {
      category: row.category,
      id: row.itemKey,
      type: row.type as TranslationItem['type'],
      locale: row.locale as TranslationLocale,
    };
    if (row.type === 'markdown') return { ...base, value: row.value, html: renderMarkdown(String(row.value)) };
    if (row.type === 'image') return { ...base, value: await deps.image(String(row.value)), html: null };
    return { ...base, value: row.value, html: null };
  }

  async function load(locale: TranslationLocale, filter: TranslationFilter): Promise<TranslationItem[]> {
    const locales = locale === BASE_LOCALE ? [BASE_LOCALE] : [locale, BASE_LOCALE];
    const rows = await repo.translations({ locales, ...filter });
    // The locale's own value wins; the base locale fills the gaps.
    const chosen = new Map<string, TranslationRow>();
    for (const row of rows) {
      const key = `${row.category}/${row.itemKey}`;
      const held = chosen.get(key);
      if (!held || (held.locale !== locale && row.locale === locale)) chosen.set(key, row);
    }
    return Promise.all([...chosen.values()].map(toItem));
  }

  return {
    items(locale: TranslationLocale, filter: TranslationFilter): Promise<TranslationItem[]> {
      const key = JSON.stringify([locale, filter.categories ?? [], filter.ids ?? [], filter.types ?? []]);
      return cache.get(key, () => load(locale, filter));
    },

    /**
     * Save one item (features §3 types): the value checked against its type (an SEO value by the SEO schema), an
     * image (or an SEO image) must be a file that is not archived, and an item keeps one type in every locale, since
     * the screens that read it expect that type. Returns the value before and after, for the audit log.
     */
    async put(
      locale: TranslationLocale,
      category: string,
      id: string,
      input: TranslationValue,
      actor: string,
    ): Promise<TranslationChange> {
      const key = TranslationItemParams.safeParse({ locale, category, id });
      if (!key.success) throw invalidTranslation(key.error);
      const parsed = TranslationValueInput.safeParse(input);
      if (!parsed.success) throw invalidTranslation(parsed.error);
      const item = parsed.data;
      const change = await repo.transaction(async (tx) => {
        const held = await repo.lockTranslation(tx, category, id);
        const other = held.find((row) => row.type !== item.type);
        if (other) {
          const message = `${category}/${id} is a ${other.type} item (${other.locale}); its type cannot change.`;
          throw unprocessable(`type: ${message}`, 'translation_type_mismatch', { type: [message] });
        }
        const files: [string, string][] =
          item.type === 'image'
            ? [['value', item.value]]
            : item.type === 'seo' && item.value.ogImage
              ? [['value.ogImage', item.value.ogImage]]
              : [];
        await validator.checkFiles(tx, files);
        const before = held.find((row) => row.locale === locale);
        await repo.putTranslation(
          { locale, category, itemKey: id, type: item.type, value: item.value, author: actor, now: deps.clock.now() },
          tx,
        );
        return {
          locale,
          category,
          id,
          before: before ? { type: before.type as TranslationType, value: before.value } : null,
          after: { type: item.type, value: item.value as unknown },
        };
      });
      cache.invalidate();
      deps.onWrite?.();
      return change;
    },

    forget: () => cache.invalidate(),
  };
}
export type TranslationsService = ReturnType<typeof createTranslationsService>;
