// /blog/:blogSlug: a post with the latest posts and the categories beside it.
import { BlogPostView } from '../../features/content/blog-views.tsx';
import { loadBlogPost } from '../../features/content/cms-page.server.ts';
import type { Route } from './+types/blog-post';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadBlogPost(context, request, params.blogSlug);
}

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  return <BlogPostView {...loaderData} />;
}
