// /back-office/feedback (support, admin): what visitors sent with the feedback widget, newest first, by rating.
import { FeedbackEntry } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable, pageQuery, TableFilter } from '../../features/back-office/data-table.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import { backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import type { Route } from './+types/feedback';

const RATINGS = [
  { value: '1', label: 'Satisfied' },
  { value: '0', label: 'Neutral' },
  { value: '-1', label: 'Not satisfied' },
] as const;

const ratingLabel = (rating: number) => RATINGS.find((r) => r.value === String(rating))?.label ?? String(rating);

export function meta() {
  return backOfficeMeta('Feedback');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  const rating = RATINGS.find((r) => r.value === url.searchParams.get('rating'))?.value;
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/feedback', { limit, offset, rating }));
    return { page, rating: rating ?? '', total: answer.total, entries: FeedbackEntry.array().parse(answer.items) };
  } catch (error) {
    throw toRouteError(error);
  }
}

const COLUMNS: ColumnDef<FeedbackEntry, unknown>[] = [
  { accessorKey: 'createdAt', header: 'When', cell: (c) => formatWhen(c.row.original.createdAt) },
  { accessorKey: 'rating', header: 'Rating', cell: (c) => ratingLabel(c.row.original.rating) },
  { accessorKey: 'comment', header: 'Comment', cell: (c) => c.row.original.comment ?? '' },
  {
    id: 'from',
    header: 'From',
    accessorFn: (e) => e.customerId ?? e.email ?? 'guest',
  },
  { accessorKey: 'source', header: 'Page' },
];

export default function Feedback({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Feedback">What visitors told us with the feedback widget, newest first.</ScreenTitle>
      <TableFilter
        id="feedback-rating"
        label="Rating"
        name="rating"
        value={loaderData.rating}
        anyLabel="Any rating"
        options={RATINGS}
      />
      <DataTable
        caption="Feedback events"
        columns={COLUMNS}
        rows={loaderData.entries}
        rowId={(e) => e.eventId}
        paging={{ page: loaderData.page, total: loaderData.total }}
        empty="No feedback with this rating."
      />
    </>
  );
}
