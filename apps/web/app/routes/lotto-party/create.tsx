// /lotto-party/create (resource route): the group creation modal's calls. GET answers the session configuration
// (GET /config); POST creates the group (POST /group) or the session (POST /session) and answers a CreationResult.
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { CreationForm } from '../../features/lotto-party/lotto-party-forms.ts';
import { LOTTO_PARTY_TEXTS } from '@shop/contracts';
import { creationRefusal, type CreationResult } from '../../features/lotto-party/lotto-party-rules.ts';
import { createGroup, createSession, loadCreationConfig } from '../../features/lotto-party/lotto-party.server.ts';
import { requireCustomer } from '../../lib/auth.server.ts';
import type { Route } from './+types/create';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { config, headers } = await loadCreationConfig(request, context);
    return data({ config }, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ error: LOTTO_PARTY_TEXTS.createFailed }, { status: 500 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: CreationForm });
  if (submission.status !== 'success') {
    const intent = submission.payload.intent === 'session' ? 'session' : 'group';
    return data<CreationResult>(
      { ok: false, step: intent, ...creationRefusal(intent, 500, undefined) },
      { status: 422 },
    );
  }
  const { auth } = await requireCustomer(request, context);
  const form = submission.value;
  const result =
    form.intent === 'group'
      ? await createGroup(auth, form.groupName)
      : await createSession(auth, {
          groupId: form.groupId,
          drawId: form.drawId,
          productOfferKey: form.productOfferKey,
          gameOffer: form.gameOffer,
          numGames: form.numGames,
          sharePrice: form.sharePrice,
          autosessionStatus: form.autosessionStatus,
          inviteAllExistingMembers: form.inviteAllExistingMembers,
        });
  return data(result, { status: result.ok ? 200 : 422, headers: auth.headers() });
}
