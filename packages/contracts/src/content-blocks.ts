import { z } from 'zod';
import { Identifier } from './common.ts';

// Content blocks (spec features §3 Content management: "sections of blocks"), the 14 kinds of the spec. Each kind has
// two shapes: what an editor writes (BlockInput: strict, images by file id, rich text as Markdown or HTML source) and
// what a reader gets (PageSection: images resolved to their URL, size and alternative text, rich text also rendered
// to sanitised HTML by the content service). Plain text fields are plain text: the storefront escapes them.

/** A link an editor may place: a site path ("/about"), an http(s) URL, mailto: or tel:. Never javascript: & co. */
export const SafeUrl = z
  .string()
  .max(2048)
  .regex(
    /^(\/(?!\/)[^\s\\]*|https?:\/\/[^\s\\]+|mailto:[^\s\\]+|tel:[+0-9 ()-]+)$/i,
    'A link is a site path starting with "/", an http(s) URL, a mailto: or a tel: link.',
  );

export const BlockLink = z.object({ text: z.string().min(1).max(120), url: SafeUrl });
export type BlockLink = z.infer<typeof BlockLink>;

/** An image as a reader gets it: the file's address, its intrinsic size and its alternative text. */
export const ImageRef = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ImageRef = z.infer<typeof ImageRef>;

export const BLOCK_KINDS = [
  'page_header',
  'content_grid',
  'single_column',
  'two_column_grid',
  'divider',
  'image_beside_text',
  'call_to_action',
  'logo_grid',
  'blog_posts',
  'banners',
  'blog_categories',
  'full_page_content',
  'html_content',
  'featured_tickets',
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

const title = z.string().trim().min(1).max(200);
const heading = z.string().trim().min(1).max(200).nullable().default(null);
const paragraph = z.string().trim().min(1).max(4000);
const markdown = z.string().min(1).max(100_000);

type ObjectFactory = typeof z.object | typeof z.strictObject;

/**
 * The block union for one side: `obj` builds each object (strict on input), `image` is a file id (input) or an
 * ImageRef (output), `rendered` is added beside Markdown and HTML sources ({} on input, { html } on output).
 */
function blockUnion<I extends z.ZodType, R extends z.ZodRawShape>(obj: ObjectFactory, image: I, rendered: R) {
  const link = BlockLink.nullable().default(null);
  return z.discriminatedUnion('kind', [
    obj({
      kind: z.literal('page_header'),
      title,
      subtitle: z.string().trim().min(1).max(400).nullable().default(null),
      image: image.nullable().default(null),
    }),
    obj({
      kind: z.literal('content_grid'),
      heading,
      items: z
        .array(
          obj({
            title,
            text: z.string().trim().max(1000).default(''),
            image: image.nullable().default(null),
            link,
          }),
        )
        .min(1)
        .max(12),
    }),
    obj({ kind: z.literal('single_column'), heading, paragraphs: z.array(paragraph).min(1).max(50) }),
    obj({
      kind: z.literal('two_column_grid'),
      columns: z
        .array(obj({ heading: title, paragraphs: z.array(paragraph).min(1).max(50) }))
        .min(1)
        .max(2),
    }),
    obj({ kind: z.literal('divider') }),
    obj({
      kind: z.literal('image_beside_text'),
      image,
      heading,
      markdown,
      imagePosition: z.enum(['left', 'right']).default('left'),
      link,
      ...rendered,
    }),
    obj({
      kind: z.literal('call_to_action'),
      heading: title,
      text: z.string().trim().min(1).max(1000),
      linkText: z.string().trim().min(1).max(120),
      linkUrl: SafeUrl,
    }),
    obj({
      kind: z.literal('logo_grid'),
      heading,
      logos: z
        .array(obj({ image, name: z.string().trim().min(1).max(120), url: SafeUrl.nullable().default(null) }))
        .min(1)
        .max(24),
    }),
    obj({
      kind: z.literal('blog_posts'),
      heading,
      /** Only posts of this category (its slug); null: every category. */
      category: Identifier.nullable().default(null),
      /** Spec core §9: 4 for the latest or category widget. */
      limit: z.number().int().min(1).max(12).default(4),
    }),
    obj({
      kind: z.literal('banners'),
      banners: z
        .array(
          obj({
            text: z.string().trim().min(1).max(300),
            link,
            tone: z.enum(['info', 'promo', 'warning']).default('promo'),
          }),
        )
        .min(1)
        .max(6),
    }),
    obj({ kind: z.literal('blog_categories'), heading }),
    obj({ kind: z.literal('full_page_content'), markdown, ...rendered }),
    obj({ kind: z.literal('html_content'), html: z.string().min(1).max(100_000) }),
    obj({
      kind: z.literal('featured_tickets'),
      heading,
      /** Product offer keys in the order to show; empty: the site's offers in their usual order. */
      offerKeys: z.array(Identifier).max(8).default([]),
    }),
  ]);
}

/** A block as an editor writes it (POST /items/{collection}, the CLI import). */
export const BlockInput = blockUnion(z.strictObject, Identifier, {});
export type BlockInput = z.input<typeof BlockInput>;
export type StoredBlock = z.output<typeof BlockInput>;

/** A block as the storefront reads it. */
export const PageSection = blockUnion(z.object, ImageRef, { html: z.string() });
export type PageSection = z.infer<typeof PageSection>;
export type PageSectionOf<K extends BlockKind> = Extract<PageSection, { kind: K }>;
