// The blog's screens (core §2: /blog, /blog/category/:slug/:page?, /blog/:blogSlug; core §9: 12 per page, 4 in the
// latest and category widgets, newest first, categories by name).
import { PAGE_SIZES, type Blog, type BlogCategory, type BlogPost, type BlogPostSummary } from '@shop/contracts';
import { Link } from 'react-router';
import { Blocks, CategoryLinks, ContentImage, PostCard, type BlockData, type BlockSlots } from './blocks.tsx';
import { SeoTags } from './seo-tags.tsx';

export const BLOG_PAGE_SIZE = PAGE_SIZES.blog;
/** Spec core §9: the latest and category widgets show 4, newest first. */
export const BLOG_WIDGET_SIZE = 4;

function Pager({ page, pages, pathFor }: { page: number; pages: number; pathFor: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Blog pages" className="flex items-center gap-1 py-1">
      {page > 1 ? (
        <Link to={pathFor(page - 1)} className="btn btn-secondary" rel="prev">
          Newer posts
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pathFor(page + 1)} className="btn btn-secondary" rel="next">
          Older posts
        </Link>
      ) : null}
    </nav>
  );
}

export function BlogListView({
  blog,
  posts,
  total,
  pageSize,
  page,
  categories,
  category,
  pathFor,
}: {
  blog: Blog;
  posts: BlogPostSummary[];
  total: number;
  pageSize: number;
  page: number;
  categories: BlogCategory[];
  category: BlogCategory | null;
  pathFor: (page: number) => string;
}) {
  const title = category ? category.name : blog.title;
  const seo = category
    ? (category.seo ?? { ...blog.seo, title: `${category.name} | ${blog.title}`, description: category.description })
    : blog.seo;
  return (
    <div className="page-container flex flex-col gap-1 py-2">
      <SeoTags seo={seo} path={pathFor(page)} fallbackTitle={title} />
      <link rel="alternate" type="application/rss+xml" title={blog.title} href="/blog/rss.xml" />
      <header className="flex flex-col gap-0.5">
        <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{title}</h1>
        <p className="max-w-[60ch] text-lg">{category ? category.description : blog.intro}</p>
      </header>
      <nav aria-label="Blog categories">
        <CategoryLinks categories={categories} current={category?.slug} />
      </nav>
      {posts.length === 0 ? (
        <p>No posts yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3" data-testid="blog-list">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={Math.max(1, Math.ceil(total / pageSize))} pathFor={pathFor} />
    </div>
  );
}

export function BlogPostView({
  post,
  latest,
  categories,
  data,
  slots,
  preview = false,
}: {
  post: BlogPost;
  latest: BlogPostSummary[];
  categories: BlogCategory[];
  /** What the post's blocks show (loaded like a page's). */
  data?: BlockData;
  slots?: BlockSlots;
  preview?: boolean;
}) {
  return (
    <div className="page-container grid grid-cols-12 gap-2 py-2">
      <SeoTags seo={post.seo} path={`/blog/${post.slug}`} fallbackTitle={post.title} type="article" noIndex={preview} />
      <article className="col-span-12 flex flex-col gap-1 lg:col-span-8" data-testid="blog-post">
        <header className="flex flex-col gap-0.5">
          <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{post.title}</h1>
          <p className="text-sm">
            {post.author ? <>{post.author} · </> : null}
            {post.datePublished ? (
              <time dateTime={post.datePublished}>
                {new Date(post.datePublished).toLocaleDateString('en-AU', {
                  dateStyle: 'long',
                  timeZone: 'Australia/Sydney',
                })}
              </time>
            ) : (
              'Not published'
            )}
            {post.categories.length ? (
              <>
                {' · '}
                {post.categories.map((c, i) => (
                  <span key={c.slug}>
                    {i ? ', ' : ''}
                    <Link to={`/blog/category/${c.slug}`} className="underline">
                      {c.name}
                    </Link>
                  </span>
                ))}
              </>
            ) : null}
          </p>
          {post.heroImage ? (
            <ContentImage image={post.heroImage} eager className="h-auto w-full rounded-theme" />
          ) : null}
        </header>
        <div className="-mx-1.5 lg:-mx-2">
          <Blocks sections={post.sections} data={data} slots={slots} />
        </div>
      </article>
      <aside className="col-span-12 flex flex-col gap-1 lg:col-span-4" aria-label="More from the blog">
        {latest.length ? (
          <section data-testid="latest-posts">
            <h2 className="mb-0.5 text-xl font-bold">Latest posts</h2>
            <ul className="flex flex-col gap-0.5">
              {latest.map((p) => (
                <li key={p.id}>
                  <Link to={`/blog/${p.slug}`} className="font-semibold text-action-secondary underline">
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {categories.length ? (
          <section>
            <h2 className="mb-0.5 text-xl font-bold">Categories</h2>
            <CategoryLinks categories={categories} />
          </section>
        ) : null}
      </aside>
    </div>
  );
}
