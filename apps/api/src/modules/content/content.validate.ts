// What makes an item valid before it is saved: its collection's schema (the block kinds included), HTML reduced to
// the allow-list, the page-path rule (core §2 path overrides), unique paths and slugs, and references (files,
// categories) that exist. Every failure is a 422 whose field errors name the field (e.g. `sections.2.heading`).
import { pagePathProblem, type StoredBlock } from '@shop/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/index.ts';
import { unprocessable, type FieldErrors } from '../../lib/errors.ts';
import type { ContentRepository } from './content.repository.ts';
import { sanitizeContentHtml } from './content.render.ts';
import { STORED_SHAPES, type ContentCollection, type StoredOf } from './content.store.ts';

/** A theme value ends up inside a <style> element: nothing that could close the declaration or the element. */
const SAFE_CSS_VALUE = /^[^<>{};\\]{1,200}$/;

function invalid(fieldErrors: FieldErrors, code = 'invalid_item') {
  const [field, messages] = Object.entries(fieldErrors)[0]!;
  return unprocessable(`${field}: ${messages[0]}`, code, fieldErrors);
}

function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'this';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/** The file ids an item refers to, each with the field that holds it. */
function fileRefs(sections: StoredBlock[], prefix = 'sections'): [string, string][] {
  const refs: [string, string][] = [];
  sections.forEach((b, i) => {
    const at = `${prefix}.${i}`;
    if ((b.kind === 'page_header' || b.kind === 'image_beside_text') && b.image) refs.push([`${at}.image`, b.image]);
    if (b.kind === 'content_grid')
      b.items.forEach((item, j) => item.image && refs.push([`${at}.items.${j}.image`, item.image]));
    if (b.kind === 'logo_grid') b.logos.forEach((l, j) => refs.push([`${at}.logos.${j}.image`, l.image]));
  });
  return refs;
}

function sanitizeBlocks(sections: StoredBlock[]): StoredBlock[] {
  return sections.map((b) => (b.kind === 'html_content' ? { ...b, html: sanitizeContentHtml(b.html) } : b));
}

export function createContentValidator(repo: ContentRepository) {
  async function checkFiles(tx: Executor, refs: [string, string][]) {
    if (refs.length === 0) return;
    const ids = [...new Set(refs.map(([, id]) => id))];
    const found = new Set(
      (await repo.findMany('files', ids, tx)).filter((f) => f.status !== 'archived').map((f) => f.itemKey),
    );
    const missing = refs.filter(([, id]) => !found.has(id));
    if (missing.length)
      throw invalid(
        Object.fromEntries(missing.map(([field, id]) => [field, [`There is no file "${id}".`]])),
        'unknown_file',
      );
  }

  async function checkUnique(
    tx: Executor,
    collection: ContentCollection,
    field: 'path' | 'slug',
    value: string,
    itemKey: string,
    archived: boolean,
  ) {
    if (archived) return;
    const holder = await repo.holderOf(tx, collection, field, value, itemKey);
    if (holder)
      throw invalid(
        { [field]: [`"${value}" is already used by ${holder}.`] },
        field === 'path' ? 'path_taken' : 'slug_taken',
      );
  }

  return {
    /** Each [field, file id] must name a file that is not archived (422 `unknown_file` naming the field). */
    checkFiles,

    async validate<C extends ContentCollection>(
      tx: Executor,
      collection: C,
      data: unknown,
      itemKey: string,
      /** `archived`: the item gives its path and slug up, so they need not be free. */
      options: { archived?: boolean } = {},
    ): Promise<StoredOf<C>> {
      const archived = options.archived ?? false;
      const parsed = STORED_SHAPES[collection].safeParse(data);
      if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));
      const value = parsed.data as StoredOf<C> & Record<string, unknown>;
      const sections = 'sections' in value ? sanitizeBlocks(value.sections as StoredBlock[]) : undefined;
      const item = (sections ? { ...value, sections } : value) as StoredOf<C>;

      const refs = sections ? fileRefs(sections) : [];
      const seo = (item as { seo?: { ogImage: string | null } | null }).seo;
      if (seo?.ogImage) refs.push(['seo.ogImage', seo.ogImage]);
      if (collection === 'blog_posts') {
        const post = item as StoredOf<'blog_posts'>;
        if (post.heroImage) refs.push(['heroImage', post.heroImage]);
        const categories = await repo.listAll('blog_categories', tx);
        const slugs = new Set(
          categories.filter((c) => c.status !== 'archived').map((c) => (c.data as { slug: string }).slug),
        );
        const missing = post.categories.filter((slug) => !slugs.has(slug));
        if (missing.length)
          throw invalid({ categories: [`There is no category "${missing[0]}".`] }, 'unknown_category');
        await checkUnique(tx, collection, 'slug', post.slug, itemKey, archived);
      }
      if (collection === 'blog_categories')
        await checkUnique(tx, collection, 'slug', (item as StoredOf<'blog_categories'>).slug, itemKey, archived);
      if (collection === 'pages') {
        const path = (item as StoredOf<'pages'>).path;
        const problem = pagePathProblem(path);
        if (problem) throw invalid({ path: [problem] }, 'path_protected');
        await checkUnique(tx, collection, 'path', path, itemKey, archived);
      }
      if (collection === 'theme') {
        const theme = item as StoredOf<'theme'>;
        const values = {
          ...theme.colours,
          borderRadius: theme.attributes.borderRadius,
          boxShadow: theme.attributes.boxShadow,
        };
        const bad = Object.entries(values).find(([, v]) => !SAFE_CSS_VALUE.test(v));
        if (bad)
          throw invalid({
            [bad[0] in theme.colours ? `colours.${bad[0]}` : `attributes.${bad[0]}`]: [
              'Not a CSS value the theme can use.',
            ],
          });
      }
      await checkFiles(tx, refs);
      return item;
    },
  };
}
