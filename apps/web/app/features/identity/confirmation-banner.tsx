// The address or email confirmation banner (features §2, §4 Confirm banner): the address variant first, otherwise the
// email variant. Confirm sends the PATCH through the confirm screen's action without leaving the page (a plain post
// to that screen without JavaScript); the root loader then refetches the customer, and the answer shows as a toast.
// The button is busy while the request runs. Update goes to the details screen (there is no details modal).
import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { showToast } from '../../lib/toasts.ts';
import type { ConfirmationVariant } from './confirmation-variant.ts';

export { confirmationVariant, type ConfirmationVariant } from './confirmation-variant.ts';

export const ADDRESS_CONFIRMED = 'Thanks, your address is confirmed.';
export const EMAIL_CONFIRMED = 'Thanks, your email address is confirmed.';
export const CONFIRM_PATH = '/my-account/confirm-address';

interface ConfirmAnswer {
  ok: boolean;
  message: string;
}

const BANNER_TEXT: Record<ConfirmationVariant, string> = {
  address: 'Is your address still correct? Please confirm it or update your details.',
  email: 'Please confirm your email address is correct or update it.',
};

/** The confirmation notification (features §8 success notifications) as a toast, once per answer. */
function useConfirmNotice(answer: ConfirmAnswer | undefined) {
  useEffect(() => {
    if (answer) showToast({ title: answer.message, level: answer.ok ? 'success' : 'error' });
  }, [answer]);
}

/** Rendered while a customer is signed in: the banner when a confirmation is due; the answer is a toast. */
export function ConfirmationBanner({ variant }: { variant: ConfirmationVariant | null }) {
  const fetcher = useFetcher<ConfirmAnswer>();
  const busy = fetcher.state !== 'idle';
  useConfirmNotice(fetcher.state === 'idle' ? fetcher.data : undefined);
  if (!variant) return null;
  return (
    <section
      aria-label={variant === 'address' ? 'Confirm your address' : 'Confirm your email address'}
      className="bg-surface"
    >
      <div className="page-container flex flex-wrap items-center gap-0.5 py-0.5">
        <p className="mr-auto">{BANNER_TEXT[variant]}</p>
        <fetcher.Form method="post" action={CONFIRM_PATH}>
          <input type="hidden" name="kind" value={variant} />
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            Confirm
          </button>
        </fetcher.Form>
        <Link to="/my-account/my-details" className="btn btn-secondary">
          Update
        </Link>
      </div>
    </section>
  );
}
