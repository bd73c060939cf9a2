// The 14 block kinds of the content service (spec features §3), one component each. Plain text is escaped by React;
// the only HTML rendered as such is what the content service rendered and sanitised (Markdown, html_content), and
// every image carries its width and height (no layout shift) and loads lazily below the first block.
import type { BlogCategory, BlogPostSummary, BlockLink, ImageRef, PageSection, PageSectionOf } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Data some blocks need, loaded by the page's loader (cms-page.server.ts: loadBlockData). */
export interface BlockData {
  /** The posts of each blog_posts block, by the block's index in the page. */
  blogPosts: Record<number, BlogPostSummary[]>;
  categories: BlogCategory[];
}
export const NO_BLOCK_DATA: BlockData = { blogPosts: {}, categories: [] };

/** Blocks whose data belongs to another part of the shop, drawn by the routes (routes/content/page-blocks.tsx). */
export interface BlockSlots {
  featuredTickets?: (block: PageSectionOf<'featured_tickets'>) => ReactNode;
}

const external = (url: string) => /^https?:\/\//i.test(url);

export function SmartLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  if (external(url) || /^(mailto|tel):/i.test(url))
    return (
      <a href={url} className={className} {...(external(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
        {external(url) ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
    );
  return (
    <Link to={url} className={className}>
      {children}
    </Link>
  );
}

export function ContentImage({ image, eager, className }: { image: ImageRef; eager?: boolean; className?: string }) {
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className ?? 'h-auto max-w-full'}
    />
  );
}

/** HTML the content service rendered from Markdown or sanitised from an editor's HTML (content.render.ts). */
function Rich({ html }: { html: string }) {
  return <div className="prose-cms" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Heading({ text, first }: { text: string; first: boolean }) {
  return first ? (
    <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{text}</h1>
  ) : (
    <h2 className="text-2xl font-bold text-brand">{text}</h2>
  );
}

function SectionHeading({ text }: { text: string | null }) {
  return text ? <h2 className="mb-0.5 text-2xl font-bold">{text}</h2> : null;
}

function LinkButton({ link, variant = 'primary' }: { link: BlockLink | null; variant?: 'primary' | 'secondary' }) {
  if (!link) return null;
  return (
    <SmartLink url={link.url} className={`btn btn-${variant}`}>
      {link.text}
    </SmartLink>
  );
}

export function PostCard({ post, headingLevel = 3 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="flex h-full flex-col gap-0.25 rounded-theme border border-black/10 bg-white p-1"
      data-testid="blog-card"
    >
      <H className="text-lg font-bold">
        <Link to={`/blog/${post.slug}`} className="text-brand underline-offset-2 hover:underline">
          {post.title}
        </Link>
      </H>
      {post.datePublished ? (
        <p className="text-sm">
          <time dateTime={post.datePublished}>
            {new Date(post.datePublished).toLocaleDateString('en-AU', {
              dateStyle: 'long',
              timeZone: 'Australia/Sydney',
            })}
          </time>
        </p>
      ) : null}
      {post.excerpt ? <p>{post.excerpt}</p> : null}
    </article>
  );
}

export function CategoryLinks({ categories, current }: { categories: BlogCategory[]; current?: string }) {
  if (categories.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-0.5" data-testid="blog-categories">
      {categories.map((c) => (
        <li key={c.slug}>
          <Link
            to={`/blog/category/${c.slug}`}
            aria-current={c.slug === current ? 'page' : undefined}
            className="inline-flex min-h-[44px] items-center rounded-theme border border-black/15 px-1 font-semibold text-action-secondary aria-[current=page]:bg-action-secondary aria-[current=page]:text-white"
          >
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const TONES = {
  info: 'bg-surface border-action-secondary',
  promo: 'bg-brand-tertiary/10 border-brand',
  warning: 'bg-warning/10 border-warning',
} as const;

function Block({
  block,
  index,
  data,
  slots,
}: {
  block: PageSection;
  index: number;
  data: BlockData;
  slots: BlockSlots;
}) {
  const first = index === 0;
  switch (block.kind) {
    case 'page_header':
      return (
        <header className="bg-surface py-2">
          <div className="page-container flex flex-col gap-1 md:flex-row md:items-center">
            <div className="flex-1">
              <Heading text={block.title} first={first} />
              {block.subtitle ? <p className="mt-0.5 max-w-[60ch] text-lg">{block.subtitle}</p> : null}
            </div>
            {block.image ? (
              <ContentImage image={block.image} eager={first} className="h-auto w-full max-w-[360px]" />
            ) : null}
          </div>
        </header>
      );
    case 'content_grid':
      return (
        <section className="page-container py-1">
          <SectionHeading text={block.heading} />
          <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3">
            {block.items.map((item, i) => (
              <li key={i} className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1">
                {item.image ? <ContentImage image={item.image} /> : null}
                <h3 className="text-lg font-bold">{item.title}</h3>
                {item.text ? <p>{item.text}</p> : null}
                <LinkButton link={item.link} variant="secondary" />
              </li>
            ))}
          </ul>
        </section>
      );
    case 'single_column':
      return (
        <section className="page-container py-1">
          <div className="prose-cms max-w-[70ch]">
            <SectionHeading text={block.heading} />
            {block.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </section>
      );
    case 'two_column_grid':
      return (
        <section className="page-container grid grid-cols-12 gap-1 py-1">
          {block.columns.map((col, i) => (
            <div key={i} className="prose-cms col-span-12 rounded-theme border border-black/10 p-1 md:col-span-6">
              <h2 className="mb-0.5 text-xl font-bold">{col.heading}</h2>
              {col.paragraphs.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </div>
          ))}
        </section>
      );
    case 'divider':
      return (
        <div className="page-container">
          <hr className="my-1 border-black/10" />
        </div>
      );
    case 'image_beside_text':
      return (
        <section className="page-container grid grid-cols-1 items-center gap-1 py-1 md:grid-cols-2">
          <div className={block.imagePosition === 'right' ? 'md:order-2' : undefined}>
            <ContentImage image={block.image} className="h-auto w-full rounded-theme" />
          </div>
          <div className="max-w-[60ch]">
            <SectionHeading text={block.heading} />
            <Rich html={block.html} />
            <div className="mt-1">
              <LinkButton link={block.link} />
            </div>
          </div>
        </section>
      );
    case 'call_to_action':
      return (
        <section className="page-container py-1">
          <div className="flex flex-col items-start gap-0.5 rounded-theme bg-surface p-1.5">
            <h2 className="text-2xl font-bold">{block.heading}</h2>
            <p className="max-w-[60ch]">{block.text}</p>
            <SmartLink url={block.linkUrl} className="btn btn-primary">
              {block.linkText}
            </SmartLink>
          </div>
        </section>
      );
    case 'logo_grid':
      return (
        <section className="page-container py-1">
          <SectionHeading text={block.heading} />
          <ul className="grid grid-cols-2 items-center gap-1 md:grid-cols-4">
            {block.logos.map((logo, i) => (
              <li key={i}>
                {logo.url ? (
                  <SmartLink url={logo.url} className="block">
                    <ContentImage image={{ ...logo.image, alt: logo.name }} className="h-auto w-full max-w-[240px]" />
                  </SmartLink>
                ) : (
                  <ContentImage image={{ ...logo.image, alt: logo.name }} className="h-auto w-full max-w-[240px]" />
                )}
              </li>
            ))}
          </ul>
        </section>
      );
    case 'blog_posts': {
      const posts = data.blogPosts[index] ?? [];
      // A widget whose posts could not be loaded renders nothing (features §4: UNSUCCESSFUL renders nothing).
      if (posts.length === 0) return null;
      return (
        <section className="page-container py-1" data-testid="blog-widget">
          <SectionHeading text={block.heading} />
          <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-4">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          <p className="mt-1">
            <Link
              to={block.category ? `/blog/category/${block.category}` : '/blog'}
              className="font-semibold text-action-secondary underline"
            >
              More news
            </Link>
          </p>
        </section>
      );
    }
    case 'banners':
      return (
        <section className="page-container flex flex-col gap-0.5 py-1">
          {block.banners.map((banner, i) => (
            <p
              key={i}
              className={`flex flex-wrap items-center gap-1 rounded-theme border-l-4 p-1 ${TONES[banner.tone]}`}
            >
              <span className="font-semibold">{banner.text}</span>
              {banner.link ? (
                <SmartLink url={banner.link.url} className="font-semibold text-action-secondary underline">
                  {banner.link.text}
                </SmartLink>
              ) : null}
            </p>
          ))}
        </section>
      );
    case 'blog_categories':
      return data.categories.length ? (
        <section className="page-container py-1">
          <SectionHeading text={block.heading} />
          <CategoryLinks categories={data.categories} />
        </section>
      ) : null;
    case 'full_page_content':
      return (
        <section className="page-container py-1">
          <div className="max-w-[70ch]">
            <Rich html={block.html} />
          </div>
        </section>
      );
    case 'html_content':
      return (
        <section className="page-container py-1">
          <Rich html={block.html} />
        </section>
      );
    case 'featured_tickets':
      return slots.featuredTickets ? <>{slots.featuredTickets(block)}</> : null;
  }
}

export function Blocks({
  sections,
  data = NO_BLOCK_DATA,
  slots = {},
}: {
  sections: PageSection[];
  data?: BlockData;
  slots?: BlockSlots;
}) {
  return (
    <>
      {sections.map((block, i) => (
        <Block key={i} block={block} index={i} data={data} slots={slots} />
      ))}
    </>
  );
}
