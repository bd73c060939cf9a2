// /blog/:blogSlug: a post with the latest posts and the categories beside it; its blocks drawn as on any page.
import { BlogPostView } from '../../features/content/blog-views.tsx';
import { loadBlogPost } from '../../features/content/cms-page.server.ts';
import { pageBlockSlots } from './page-blocks.tsx';
import { loadPageBlocks } from './page-blocks.server.ts';
import type { Route } from './+types/blog-post';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const found = await loadBlogPost(context, request, params.blogSlug);
  return { ...found, blocks: await loadPageBlocks(context, request, found.post.sections) };
}

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  const { blocks, ...post } = loaderData;
  return <BlogPostView {...post} data={blocks.data} slots={pageBlockSlots(blocks)} />;
}
