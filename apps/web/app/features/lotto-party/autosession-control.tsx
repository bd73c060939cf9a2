// The organiser's autosession switch (features §4 "Session autoplay status: on, paused, off; toggled via session
// edit", §6 organiser rules, §8 session edit text): a plain post of the wanted status, answered in place.
import type { AutosessionStatus, LottoPartySession } from '@shop/contracts';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from '../../ui/form-field.tsx';
import { AUTOSESSION_LABELS, type EditOutcome } from './lotto-party-rules.ts';

const ACTIONS: Record<AutosessionStatus, string> = { on: 'Turn on', paused: 'Pause', off: 'Turn off' };

export function AutosessionControl({ session, outcome }: { session: LottoPartySession; outcome: EditOutcome | null }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get('intent') === 'autosession' ? navigation.formData.get('status') : null;
  const current = outcome?.ok ? outcome.status : session.autosessionStatus;
  return (
    <section aria-labelledby="autosession-title" className="rounded-theme bg-surface p-1" data-testid="autosession">
      <h2 id="autosession-title" className="mb-0.5 text-xl font-bold">
        Autosession
      </h2>
      <p className="mb-0.5" data-testid="autosession-status" data-status={current}>
        {AUTOSESSION_LABELS[current]}
      </p>
      {outcome && !outcome.ok ? <FormAlert title={outcome.title} messages={[outcome.error]} /> : null}
      <Form method="post" className="flex flex-wrap gap-0.5">
        <input type="hidden" name="intent" value="autosession" />
        <input type="hidden" name="sessionId" value={session.sessionId} />
        {(['on', 'paused', 'off'] as const)
          .filter((s) => s !== current)
          .map((s) => (
            <button
              key={s}
              type="submit"
              name="status"
              value={s}
              className="btn btn-secondary"
              disabled={pending !== null}
              aria-busy={pending === s || undefined}
            >
              {ACTIONS[s]}
            </button>
          ))}
      </Form>
    </section>
  );
}
