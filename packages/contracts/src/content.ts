import { z } from 'zod';
import { Identifier } from './common.ts';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from './constants.ts';
import { BlockInput, ImageRef, PageSection } from './content-blocks.ts';
import { Navigation } from './platform.ts';

export * from './content-blocks.ts';

/** Component variants (features §3 Site config, §5): only variant_a for every widget except the feedback banner. */
export const ComponentVariant = z.enum(['variant_a', 'variant_b', 'variant_c']);
export type ComponentVariant = z.infer<typeof ComponentVariant>;

/** A widget's setting: its variant, or null when it is switched off (not rendered anywhere). */
const onlyVariantA = z
  .literal('variant_a', { error: 'Only variant_a is allowed for this widget (features §5), or null to switch it off.' })
  .nullable();
const componentShape = {
  affiliateWidget: onlyVariantA,
  companyInformationWidget: onlyVariantA,
  charitySupportWidget: onlyVariantA,
  customerFeedbackBanner: ComponentVariant.nullable(),
  productSupportBanner: onlyVariantA,
  uniqueSellingPointWidget: onlyVariantA,
};
export const SiteComponents = z.object(componentShape);
export type SiteComponents = z.infer<typeof SiteComponents>;
export type SiteComponent = keyof SiteComponents;
/** What an editor writes: every widget named, no other key (a misspelt widget is a 422 naming it). */
export const SiteComponentsInput = z.strictObject(componentShape);

/** GET /api/cms/items/site_config: navigation plus component variants. */
export const SiteConfig = z.object({ navigation: Navigation, components: SiteComponents });
export type SiteConfig = z.infer<typeof SiteConfig>;

/**
 * Collections of the content service (features §3): the spec's pages, blog, blog_posts, blog_categories,
 * contact_page, theme, site_config and files, plus the shell's navigation and sitewide banner. Any other name is 404.
 */
export const CMS_COLLECTIONS = [
  'pages',
  'blog',
  'blog_posts',
  'blog_categories',
  'contact_page',
  'theme',
  'site_config',
  'files',
  'navigation',
  'sitewide_banner',
] as const;
export const CmsCollection = z.enum(CMS_COLLECTIONS);
export type CmsCollection = z.infer<typeof CmsCollection>;

/** Collections holding exactly one item, whose id is the collection's name. */
export const CMS_SINGLETONS = [
  'blog',
  'contact_page',
  'theme',
  'site_config',
  'navigation',
  'sitewide_banner',
] as const;
export type CmsSingleton = (typeof CMS_SINGLETONS)[number];

export const CmsStatus = z.enum(['published', 'draft', 'archived']);
export type CmsStatus = z.infer<typeof CmsStatus>;

/** Search-engine fields of an item (title, description, canonical address, Open Graph image, no-index). */
export const SeoInput = z.strictObject({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(400).default(''),
  /** Absolute URL or site path; null: the item's own address. */
  canonicalUrl: z
    .string()
    .max(2048)
    .regex(/^(\/(?!\/)\S*|https?:\/\/\S+)$/, 'A canonical address is a site path or an http(s) URL.')
    .nullable()
    .default(null),
  ogImage: Identifier.nullable().default(null),
  noIndex: z.boolean().default(false),
});
export const Seo = z.object({
  title: z.string(),
  description: z.string(),
  canonicalUrl: z.string().nullable(),
  ogImage: ImageRef.nullable(),
  noIndex: z.boolean(),
});
export type Seo = z.infer<typeof Seo>;

// ---- Paths of managed pages (core §2: "Site-managed content pages can override route paths") ----

/** A page path: "/" or lower-case segments of letters, digits, "-" and "_". */
export const PAGE_PATH_PATTERN = /^\/([a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*)?$/;
export const PagePath = z
  .string()
  .max(200)
  .regex(PAGE_PATH_PATTERN, 'A page path starts with "/" and holds lower-case letters, digits, "-", "_" and "/".');

/**
 * Where the storefront shows managed pages: the home page and the /about tree. A page there takes the place of the
 * built-in screen at that path (the FAQ and contact-us screens, or a new /about page). Every other path belongs to a
 * protected built-in screen (cart, checkout, account, login, blog, product pages...) that no page may replace.
 */
export const MANAGED_PAGE_ROOTS = ['/about'] as const;

/** Why a page may not have this path, or null when it may. */
export function pagePathProblem(path: string): string | null {
  if (!PAGE_PATH_PATTERN.test(path))
    return 'A page path starts with "/" and holds lower-case letters, digits, "-", "_" and "/".';
  if (path === '/' || MANAGED_PAGE_ROOTS.some((root) => path === root || path.startsWith(`${root}/`))) return null;
  return `${path} is a protected page of the shop; managed pages live at "/" or under ${MANAGED_PAGE_ROOTS.join(', ')}.`;
}

// ---- Stored item shapes (what an editor writes) ----

export const StoredPage = z.strictObject({
  path: PagePath,
  name: z.string().trim().min(1).max(200),
  template: z.enum(['content', 'landing', 'home']).default('content'),
  seo: SeoInput,
  sections: z.array(BlockInput).max(60),
});
export type StoredPageInput = z.input<typeof StoredPage>;
export type StoredPage = z.output<typeof StoredPage>;

export const StoredBlogPost = z.strictObject({
  slug: Identifier.max(120),
  title: z.string().trim().min(1).max(200),
  excerpt: z.string().trim().max(600).default(''),
  /** Slugs of the post's categories. */
  categories: z.array(Identifier).max(10).default([]),
  author: z.string().trim().min(1).max(120).nullable().default(null),
  heroImage: Identifier.nullable().default(null),
  seo: SeoInput,
  sections: z.array(BlockInput).max(60),
});
export type StoredBlogPost = z.output<typeof StoredBlogPost>;

export const StoredBlogCategory = z.strictObject({
  slug: Identifier.max(120),
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(600).default(''),
  seo: SeoInput.nullable().default(null),
});
export type StoredBlogCategory = z.output<typeof StoredBlogCategory>;

/** The blog's landing page (/blog): its heading, introduction and SEO. */
export const StoredBlog = z.strictObject({
  title: z.string().trim().min(1).max(200),
  intro: z.string().trim().max(1000).default(''),
  seo: SeoInput,
});

export const StoredContactPage = z.strictObject({
  heading: z.string().trim().min(1).max(200),
  intro: z.string().trim().max(1000).default(''),
  phone: z.string().trim().max(40),
  openingHours: z.array(z.string().trim().min(1).max(200)).max(14),
  email: z.string().email().nullable().default(null),
  postalAddress: z.string().trim().max(400).nullable().default(null),
  seo: SeoInput,
  sections: z.array(BlockInput).max(30).default([]),
});

/** Image files the content can show (uploaded bytes live beside the item; SVG is served sandboxed). */
export const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/svg+xml',
] as const;
export const MAX_FILE_BYTES = 512 * 1024;
export const StoredFile = z.strictObject({
  filename: z.string().trim().min(1).max(200),
  title: z.string().trim().max(200).default(''),
  /** The alternative text readers get. */
  description: z.string().trim().max(400).default(''),
  type: z.enum(FILE_TYPES),
  width: z.number().int().min(1).max(10_000).nullable().default(null),
  height: z.number().int().min(1).max(10_000).nullable().default(null),
  filesize: z.number().int().min(0).max(MAX_FILE_BYTES),
});
export type StoredFile = z.output<typeof StoredFile>;

// ---- Items as readers get them ----

const itemMeta = {
  id: z.string(),
  status: CmsStatus,
  datePublished: z.string().datetime().nullable(),
  dateCreated: z.string().datetime(),
  dateUpdated: z.string().datetime(),
  /** The version the item's live fields come from (every save writes one: see GET ?version=). */
  version: z.number().int(),
};

export const CmsPage = z.object({
  ...itemMeta,
  path: z.string(),
  name: z.string(),
  template: z.string(),
  seo: Seo,
  sections: z.array(PageSection),
});
export type CmsPage = z.infer<typeof CmsPage>;

export const BlogCategory = z.object({
  ...itemMeta,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  seo: Seo.nullable(),
});
export type BlogCategory = z.infer<typeof BlogCategory>;

export const BlogPostSummary = z.object({
  ...itemMeta,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  author: z.string().nullable(),
  heroImage: ImageRef.nullable(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

export const BlogPost = BlogPostSummary.extend({ seo: Seo, sections: z.array(PageSection) });
export type BlogPost = z.infer<typeof BlogPost>;

export const Blog = z.object({ ...itemMeta, title: z.string(), intro: z.string(), seo: Seo });
export type Blog = z.infer<typeof Blog>;

export const ContactPage = z.object({
  ...itemMeta,
  heading: z.string(),
  intro: z.string(),
  phone: z.string(),
  openingHours: z.array(z.string()),
  email: z.string().nullable(),
  postalAddress: z.string().nullable(),
  seo: Seo,
  sections: z.array(PageSection),
});
export type ContactPage = z.infer<typeof ContactPage>;

export const CmsFile = z.object({
  ...itemMeta,
  filename: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  filesize: z.number().int(),
  /** Where the bytes are served (GET /api/cms/assets/{id}). */
  url: z.string(),
});
export type CmsFile = z.infer<typeof CmsFile>;

/**
 * A version of an item (GET /items/{collection}/{id}/versions, operators with the content permission; the CLI's
 * content:versions): who saved what, when. POST …/versions/{version}/restore brings one back as a new version.
 */
export const CmsVersion = z.object({
  version: z.number().int(),
  action: z.enum(['create', 'update', 'publish', 'archive', 'restore', 'import']),
  status: CmsStatus,
  datePublished: z.string().datetime().nullable(),
  author: z.string(),
  dateCreated: z.string().datetime(),
});
export type CmsVersion = z.infer<typeof CmsVersion>;

// ---- Queries and parameters ----

/** A clear_cache query parameter exists (core §9): when present the answer is not cacheable. */
export const CmsItemQuery = z.object({ clearCache: z.string().max(16).optional() }).strict();
export type CmsItemQuery = z.infer<typeof CmsItemQuery>;

const limitOffset = (defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});

export const CmsPagesQuery = z
  .object({
    /** Site path of the page, e.g. "/about/privacy"; when given the list holds 0 or 1 page. */
    path: z
      .string()
      .max(512)
      .regex(/^\/[A-Za-z0-9\-_/]*$/, 'A path starts with "/" and holds letters, digits, "-", "_" and "/".')
      .optional(),
    ...limitOffset(PAGE_SIZES.default),
    clearCache: z.string().max(16).optional(),
  })
  .strict();
export type CmsPagesQuery = z.infer<typeof CmsPagesQuery>;

/** Blog lists (core §9): 12 per page, newest first by creation date; `category` narrows to one category's slug. */
export const BlogPostsQuery = z
  .object({
    category: Identifier.optional(),
    slug: Identifier.optional(),
    ...limitOffset(PAGE_SIZES.blog),
    clearCache: z.string().max(16).optional(),
  })
  .strict();
export type BlogPostsQuery = z.infer<typeof BlogPostsQuery>;

/** Categories by name (core §9). */
export const BlogCategoriesQuery = z
  .object({ slug: Identifier.optional(), ...limitOffset(MAX_PAGE_LIMIT), clearCache: z.string().max(16).optional() })
  .strict();

export const CmsItemParams = z.object({ collection: z.string().max(64) }).strict();
export const CmsItemByIdParams = z.object({ collection: z.string().max(64), id: z.string().max(128) }).strict();
/** POST /items/{collection}/{id}/versions/{version}/restore. */
export const CmsVersionParams = z
  .object({
    collection: z.string().max(64),
    id: z.string().max(128),
    version: z.coerce.number().int().min(1).max(1_000_000),
  })
  .strict();
export const CmsPageParams = z.object({ id: Identifier }).strict();

/** GET /items/{collection}/{id}: a version (or the newest draft) is shown only with a preview token for that item. */
export const CmsItemByIdQuery = z
  .object({
    version: z.coerce.number().int().min(1).max(1_000_000).optional(),
    previewToken: z.string().max(2048).optional(),
    clearCache: z.string().max(16).optional(),
  })
  .strict();

/** GET /preview?token=…: the item a preview token names (a draft, a scheduled item, a pending version). */
/** An item the sitemap lists: where it lives on the site, the URL it names as canonical (if any), its last change. */
const SitemapItem = {
  id: z.string(),
  canonicalUrl: z.string().nullable(),
  dateUpdated: z.string().datetime(),
};
/**
 * GET /api/cms/sitemap: the visible content a sitemap may list (noIndex items left out). The storefront lists each
 * at its canonicalUrl, else at its own path.
 */
export const CmsSitemap = z.object({
  pages: z.array(z.object({ ...SitemapItem, path: z.string() })),
  /** Paths of visible pages with noIndex: the screen at such a path is not listed either. */
  unlistedPagePaths: z.array(z.string()),
  blogPosts: z.array(z.object({ ...SitemapItem, slug: z.string() })),
  blogCategories: z.array(z.object({ ...SitemapItem, slug: z.string() })),
});
export type CmsSitemap = z.infer<typeof CmsSitemap>;

export const PreviewQuery = z.object({ token: z.string().min(1).max(2048) }).strict();
export const PreviewItem = z.discriminatedUnion('collection', [
  z.object({ collection: z.literal('pages'), item: CmsPage }),
  z.object({ collection: z.literal('blog_posts'), item: BlogPost }),
]);
export type PreviewItem = z.infer<typeof PreviewItem>;
export const PREVIEWABLE_COLLECTIONS = ['pages', 'blog_posts'] as const;

// ---- Writes (POST /items/{collection}, the CLI) ----

/** Body of a create: the item's fields, optionally its id, and whether to publish it (now or at a date). */
export const CreateCmsItemBody = z
  .object({
    id: Identifier.optional(),
    status: z.enum(['draft', 'published']).default('draft'),
    datePublished: z.string().datetime({ offset: true }).nullable().default(null),
    data: z.unknown(),
  })
  .strict();
export type CreateCmsItemBody = z.infer<typeof CreateCmsItemBody>;

/** The version a write made: which item, and its number. */
const WrittenVersion = { collection: z.string(), id: z.string(), version: z.number().int() };

/** The answer to a restore: the new version, which holds the fields of `restoredFrom`. */
export const RestoredCmsItem = z.object({ ...WrittenVersion, restoredFrom: z.number().int() });

/**
 * Body of PATCH /items/{collection}/{id}: the item's new fields, saved as a new version (an item visitors see keeps
 * its live fields until published). `status: published` publishes that version too, now or at `datePublished`
 * (the CLI's `content:update --publish [--at]`); a `datePublished` without it is refused.
 */
export const UpdateCmsItemBody = z
  .object({
    data: z.unknown(),
    status: z.enum(['draft', 'published']).optional(),
    datePublished: z.string().datetime({ offset: true }).optional(),
  })
  .strict();
export type UpdateCmsItemBody = z.infer<typeof UpdateCmsItemBody>;

/** Body of POST /items/{collection}/{id}/publish: the newest version (or `version`), now or at `at`. */
export const PublishCmsItemBody = z
  .object({
    version: z.number().int().min(1).max(1_000_000).optional(),
    at: z.string().datetime({ offset: true }).optional(),
  })
  .strict();
export type PublishCmsItemBody = z.infer<typeof PublishCmsItemBody>;

/**
 * The answer to an update, publish or archive: the version written and the item's live state after it. `pending`:
 * the version waits as a draft (the item visitors see keeps its fields until it is published).
 */
export const WrittenCmsItem = z.object({
  ...WrittenVersion,
  status: CmsStatus,
  datePublished: z.string().datetime().nullable(),
  pending: z.boolean(),
});
export type WrittenCmsItem = z.infer<typeof WrittenCmsItem>;

/** The text fields of POST /files (multipart, beside the `file` part): all optional. */
export const UploadCmsFileFields = z
  .object({
    id: Identifier.optional(),
    title: z.string().max(200).optional(),
    /** The alternative text readers get (stored as the file's description). */
    alt: z.string().max(400).optional(),
  })
  .strict();

/** The answer to an upload: the file as GET /files/{id} describes it. */
export const UploadedCmsFile = CmsFile.omit({
  status: true,
  datePublished: true,
  dateCreated: true,
  dateUpdated: true,
  version: true,
});

// ---- The editors' reads (the back office's content screens; operators only) ----

/**
 * What an editor sees of an item's state: `scheduled` is a published item whose date is still ahead (visitors do not
 * see it yet); the other three are the stored status.
 */
export const CMS_EDITOR_STATES = ['draft', 'published', 'scheduled', 'archived'] as const;
export const CmsEditorState = z.enum(CMS_EDITOR_STATES);
export type CmsEditorState = z.infer<typeof CmsEditorState>;

/** GET /api/cms/editor/items/{collection}: every item whatever its state, searched by id and title, newest edit first. */
export const CmsEditorListQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    state: CmsEditorState.optional(),
    ...limitOffset(PAGE_SIZES.default),
  })
  .strict();
export type CmsEditorListQuery = z.infer<typeof CmsEditorListQuery>;

const editorItemState = {
  collection: z.string(),
  id: z.string(),
  /** A name to show: the title, name, heading or path the item has (its id when it has none). */
  label: z.string(),
  /** The site path or slug the item is reached at, when it has one. */
  path: z.string().nullable(),
  state: CmsEditorState,
  datePublished: z.string().datetime().nullable(),
  /** The version visitors see (for a draft: the newest). */
  version: z.number().int(),
  /** The newest version; above `version` when an edit waits to be published. */
  latestVersion: z.number().int(),
  pending: z.boolean(),
  dateUpdated: z.string().datetime(),
  updatedBy: z.string(),
};
export const CmsEditorItem = z.object(editorItemState);
export type CmsEditorItem = z.infer<typeof CmsEditorItem>;

/** GET /api/cms/editor/items/{collection}/{id}: the item's state and its newest version's fields as stored. */
export const CmsEditorDraft = z.object({ ...editorItemState, data: z.unknown() });
export type CmsEditorDraft = z.infer<typeof CmsEditorDraft>;

/** Body of POST /api/cms/items/{pages|blog_posts}/{id}/preview: a link to the newest version (or `version`). */
export const CmsPreviewLinkBody = z.object({ version: z.number().int().min(1).max(1_000_000).optional() }).strict();
export const CmsPreviewLink = z.object({
  /** The storefront's preview screen with the signed token (relative to the site). */
  path: z.string(),
  token: z.string(),
  expiresAt: z.string().datetime(),
});
export type CmsPreviewLink = z.infer<typeof CmsPreviewLink>;

// ---- Translations (GET /api/translation/{locale}/items; features §3 "translation items") ----

export const TRANSLATION_LOCALES = ['en-AU', 'en-GB'] as const;
export const TranslationLocale = z.enum(TRANSLATION_LOCALES);
export type TranslationLocale = z.infer<typeof TranslationLocale>;
export const TRANSLATION_TYPES = ['image', 'markdown', 'plain', 'seo', 'json'] as const;
export const TranslationType = z.enum(TRANSLATION_TYPES);
export type TranslationType = z.infer<typeof TranslationType>;

/** The value of each type: plain text, Markdown (also rendered), an image file id, SEO fields, or any JSON. */
export const TranslationValueInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('plain'), value: z.string().max(4000) }),
  z.strictObject({ type: z.literal('markdown'), value: z.string().max(50_000) }),
  z.strictObject({ type: z.literal('image'), value: Identifier }),
  z.strictObject({ type: z.literal('seo'), value: SeoInput }),
  z.strictObject({ type: z.literal('json'), value: z.json() }),
]);
export type TranslationValueInput = z.input<typeof TranslationValueInput>;

export const TranslationItem = z.object({
  /** The item's category (its namespace), e.g. "seo", "faq", "footer". */
  category: z.string(),
  id: z.string(),
  type: TranslationType,
  /** The locale the value came from: en-GB falls back to en-AU where it has no value of its own. */
  locale: TranslationLocale,
  value: z.unknown(),
  /** Markdown items: the value rendered to sanitised HTML. */
  html: z.string().nullable(),
});
export type TranslationItem = z.infer<typeof TranslationItem>;

/** A list parameter: repeated (`c[]=a&c[]=b`) or comma-separated (`c[]=a,b`). */
function splitList(value: unknown): unknown {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).flatMap((x: unknown) => (typeof x === 'string' ? x.split(',') : [x]));
}
const listOf = <T extends z.ZodType>(item: T) => z.preprocess(splitList, z.array(item).max(50).optional());

/**
 * Features §7: GET /en-AU/items with bracketed query lists c (categories), id (item ids) and t (types):
 * `?c[]=faq&id[]=questions&t[]=json`; the plain names (`?c=faq`) are accepted too.
 */
export const TranslationItemsQuery = z
  .object({
    'c[]': listOf(Identifier),
    'id[]': listOf(Identifier),
    't[]': listOf(TranslationType),
    c: listOf(Identifier),
    id: listOf(Identifier),
    t: listOf(TranslationType),
    clearCache: z.string().max(16).optional(),
  })
  .strict();
export type TranslationItemsQuery = z.infer<typeof TranslationItemsQuery>;
export const TranslationParams = z.object({ locale: TranslationLocale }).strict();
/** PUT /{locale}/items/{category}/{id} (operators with the content permission): one item of one locale. */
export const TranslationItemParams = z
  .object({ locale: TranslationLocale, category: Identifier.max(64), id: Identifier })
  .strict();
