// The content screens' words: each collection of the content API (docs/content.md) by name and what it holds, and
// an item's state as an editor reads it.
import { CMS_COLLECTIONS, CMS_SINGLETONS, type CmsEditorState } from '@shop/contracts';

export const CONTENT_COLLECTIONS: readonly { name: (typeof CMS_COLLECTIONS)[number]; label: string; about: string }[] =
  [
    { name: 'pages', label: 'Pages', about: 'The home page and the pages under /about, made of blocks.' },
    { name: 'blog_posts', label: 'Blog posts', about: 'Posts of the blog, with their categories and blocks.' },
    { name: 'blog_categories', label: 'Blog categories', about: 'The categories posts are filed under.' },
    { name: 'blog', label: 'Blog', about: 'The blog’s title and introduction.' },
    { name: 'sitewide_banner', label: 'Sitewide banner', about: 'The banner above every page (text and a link).' },
    { name: 'theme', label: 'Theme', about: 'Colours, corners, shadows, logos and type.' },
    { name: 'navigation', label: 'Navigation', about: 'The header’s and footer’s links.' },
    { name: 'site_config', label: 'Site configuration', about: 'Which widgets show, and their variants.' },
    { name: 'contact_page', label: 'Contact page', about: 'The contact screen’s details and blocks.' },
    { name: 'files', label: 'Files', about: 'Images the content shows; upload new ones here.' },
  ];

export const collectionLabel = (name: string): string =>
  CONTENT_COLLECTIONS.find((c) => c.name === name)?.label ?? name;

export const isSingletonCollection = (name: string): boolean => (CMS_SINGLETONS as readonly string[]).includes(name);

const STATE_LABELS: Record<CmsEditorState, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
  archived: 'Archived',
};
export const stateLabel = (state: CmsEditorState): string => STATE_LABELS[state];

/** Collections an editor adds items to here, and the two fields a new draft starts from (the rest in its editor). */
export const NEW_ITEM_FIELDS = {
  pages: [
    { name: 'path', label: 'Address', hint: 'Under /about, like /about/careers.' },
    { name: 'name', label: 'Name' },
  ],
  blog_posts: [
    { name: 'slug', label: 'Slug', hint: 'Letters, digits, - and _: the post’s address under /blog/.' },
    { name: 'title', label: 'Title' },
  ],
  blog_categories: [
    { name: 'slug', label: 'Slug', hint: 'Letters, digits, - and _.' },
    { name: 'name', label: 'Name' },
  ],
} as const;
export type NewItemCollection = keyof typeof NEW_ITEM_FIELDS;
export const isNewItemCollection = (c: string): c is NewItemCollection => Object.hasOwn(NEW_ITEM_FIELDS, c);
