// /3ds/notify (spec core §7): where a 3-D Secure challenge returns. The API settles the deposit from the gateway's
// record and sends the customer to the deposit's success or failure page (a failed check is a deposit failure at
// error level, features §8), so this page only hands the deposit id over.
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from 'react-router';
import { z } from 'zod';
import { checkId } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/three-ds-notify';

function settleAt(depositId: unknown): Response {
  const id = checkId(typeof depositId === 'string' ? depositId : undefined);
  return redirect(`/api/v2/3ds/notify?deposit_id=${encodeURIComponent(id)}`, 303);
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw settleAt(url.searchParams.get('deposit_id') ?? url.searchParams.get('depositId'));
}

/** The challenge server's post back: the deposit id, under either name. */
const NotifyForm = z.object({ deposit_id: z.string().optional(), depositId: z.string().optional() });

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: NotifyForm });
  const posted = submission.status === 'success' ? submission.value : {};
  const url = new URL(request.url);
  throw settleAt(
    posted.deposit_id ?? posted.depositId ?? url.searchParams.get('deposit_id') ?? url.searchParams.get('depositId'),
  );
}

export default function ThreeDsNotify() {
  return null;
}
