// Translation items (features §3 "translation items (image, markdown, plain, seo, json)", §7 GET /en-AU/items with
// c, id and t lists). en-GB has only what differs: any item it lacks comes from en-AU ("Missing translation with
// default used logs no error"). Kept in memory until content_translations changes; SEO items for 24 h on the web.
import {
  SeoInput,
  TranslationValueInput,
  type ImageRef,
  type TranslationItem,
  type TranslationLocale,
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

export const BASE_LOCALE: TranslationLocale = 'en-AU';

export interface TranslationsDeps {
  db: Db;
  clock: Clock;
  changes?: ChangeSource;
  /** A visible file as an image (image items hold a file id). */
  image: (fileId: string) => Promise<ImageRef | null>;
  onWrite?: () => void;
}

export interface TranslationFilter {
  categories?: string[];
  ids?: string[];
  types?: string[];
}

export function createTranslationsService(deps: TranslationsDeps) {
  const repo = createContentRepository(deps.db);
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

    /** Save one item (validated by type; an SEO value by the SEO schema). */
    async put(
      locale: TranslationLocale,
      category: string,
      id: string,
      input: TranslationValue,
      actor: string,
    ): Promise<void> {
      const parsed = TranslationValueInput.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = ['value', ...issue.path.slice(1).map(String)].join('.');
        throw unprocessable(`${field}: ${issue.message}`, 'invalid_translation', { [field]: [issue.message] });
      }
      const value = parsed.data.type === 'seo' ? SeoInput.parse(parsed.data.value) : parsed.data.value;
      await repo.putTranslation({
        locale,
        category,
        itemKey: id,
        type: parsed.data.type,
        value,
        author: actor,
        now: deps.clock.now(),
      });
      cache.invalidate();
      deps.onWrite?.();
    },

    forget: () => cache.invalidate(),
  };
}
export type TranslationsService = ReturnType<typeof createTranslationsService>;
