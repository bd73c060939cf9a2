// /blog (?page=n) and /blog/category/:slug/:page?: 12 posts per page, newest first (core §9).
import { BLOG_PAGE_SIZE, BlogListView } from '../../features/content/blog-views.tsx';
import { loadBlogList } from '../../features/content/cms-page.server.ts';
import { notFound } from '../../lib/route-errors.ts';
import type { Route } from './+types/blog';

/** Page numbers parse to an integer of at least 1 (features §5); anything else is not a page. */
function pageNumber(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) notFound();
  return Number(raw);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const category = (params as { slug?: string }).slug;
  if (category !== undefined && !/^[A-Za-z0-9_-]{1,120}$/.test(category)) notFound();
  const page = pageNumber((params as { page?: string }).page ?? new URL(request.url).searchParams.get('page'));
  const list = await loadBlogList(context, request, { page, category });
  return { ...list, page };
}

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const pathFor = (page: number) =>
    category
      ? `/blog/category/${category.slug}${page > 1 ? `/${page}` : ''}`
      : `/blog${page > 1 ? `?page=${page}` : ''}`;
  return <BlogListView {...loaderData} pageSize={BLOG_PAGE_SIZE} pathFor={pathFor} />;
}
