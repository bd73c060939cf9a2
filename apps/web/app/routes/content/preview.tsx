// /preview?token=…: an unpublished (draft, scheduled or edited) page or post as it will look, for whoever holds a
// signed preview link (ADR 036). Never cached, never indexed; a bad or expired link is a 403 page.
import { data } from 'react-router';
import { BlogPostView } from '../../features/content/blog-views.tsx';
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { loadPreview } from '../../features/content/cms-page.server.ts';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { pageBlockSlots } from './page-blocks.tsx';
import { loadPageBlocks } from './page-blocks.server.ts';
import type { Route } from './+types/preview';

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token || token.length > 2048) return data({ ok: false as const }, { status: 403, headers: PRIVATE });
  try {
    const preview = await loadPreview(context, request, token);
    // The blocks of a previewed page or post load as they will once published.
    const blocks = await loadPageBlocks(context, request, preview.item.sections);
    return data({ ok: true as const, preview, blocks }, { headers: PRIVATE });
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 422))
      return data({ ok: false as const }, { status: 403, headers: PRIVATE });
    throw toRouteError(error);
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function PreviewRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok)
    return (
      <section className="page-container flex flex-col gap-1 py-3" data-error-code={403}>
        <title>Preview unavailable</title>
        <meta name="robots" content="noindex, nofollow" />
        <h1 className="text-3xl font-bold">This preview link is not valid or has expired.</h1>
        <p>Ask for a new preview link.</p>
      </section>
    );
  const { preview, blocks } = loaderData;
  const slots = pageBlockSlots(blocks);
  return (
    <>
      <p role="status" className="bg-warning px-1.5 py-0.5 font-semibold text-white" data-testid="preview-banner">
        Preview:{' '}
        {preview.item.status === 'published'
          ? 'scheduled or edited, not yet live'
          : `${preview.item.status}, not published`}
      </p>
      {preview.collection === 'pages' ? (
        <CmsPageView page={preview.item} data={blocks.data} slots={slots} preview />
      ) : (
        <BlogPostView post={preview.item} latest={[]} categories={[]} data={blocks.data} slots={slots} preview />
      )}
    </>
  );
}
