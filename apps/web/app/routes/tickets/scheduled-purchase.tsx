// One scheduled purchase or pre-order (/my-account/scheduled-purchases/:id, core §2; gated by viewing orders): what,
// when it is bought, price, status, last attempt, and cancel with a confirmation (?cancel=confirm, then a post).
// Another customer's or an unknown id is the 404 page. Scheduling one on the play screen lands here with ?notice=.
import { parseWithZod } from '@conform-to/zod/v4';
import { useLocation } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { CancelScheduledSchema } from '../../features/scheduled/scheduled-schemas.ts';
import { cancelScheduled, loadScheduled } from '../../features/scheduled/scheduled.server.ts';
import {
  kindLabel,
  SCHEDULED_NOTICE_PARAM,
  ScheduledDetail,
  scheduledNoticeOf,
} from '../../features/scheduled/scheduled-views.tsx';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { notFound } from '../../lib/route-errors.ts';
import type { Route } from './+types/scheduled-purchase';

export const headers = mergeSetCookieHeaders;

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadScheduled(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: CancelScheduledSchema });
  if (submission.status !== 'success') notFound();
  return cancelScheduled(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: kindLabel(data.scheduled) }] : []);

export default function ScheduledPurchaseScreen({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const query = new URLSearchParams(useLocation().search);
  const confirming = query.get('cancel') === 'confirm';
  // The cancel's answer is the scheduled purchase as it is now.
  const s = actionData?.ok ? actionData.scheduled : loaderData.scheduled;
  const message = actionData
    ? actionData.ok
      ? `${kindLabel(s)} cancelled. It will not be bought.`
      : actionData.message
    : scheduledNoticeOf(query.get(SCHEDULED_NOTICE_PARAM));
  return (
    <AccountPage title={kindLabel(s)}>
      <ScheduledDetail s={s} site={site} confirming={confirming && !actionData} message={message} />
    </AccountPage>
  );
}
