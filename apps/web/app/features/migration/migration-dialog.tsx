// The migrate-account modal (features §2: medium size, closable with Escape or a backdrop click; views prompt, in
// progress, failure and success). Migrating posts once, then polls every 3 seconds up to 5 times (features §7):
// 202 keeps polling, 200 is success, any failure shows the failure view. Dismissing or starting sets the 7-day
// dismissed cookie; closing resets to the prompt; after success the customer and offers are loaded again.
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Modal } from '../../ui/modal.tsx';
import {
  dismissedCookie,
  MIGRATION_MAX_POLLS,
  MIGRATION_POLL_DELAY_MS,
  type MigrationView,
} from './migration-rules.ts';

async function postMigrate(): Promise<'in_progress' | 'migrated' | 'failed'> {
  try {
    const res = await fetch('/migration/migrate', { method: 'POST', headers: { accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as { state?: string } | null;
    if (!res.ok || !body) return 'failed';
    return body.state === 'migrated' ? 'migrated' : body.state === 'in_progress' ? 'in_progress' : 'failed';
  } catch {
    return 'failed';
  }
}

export default function MigrationDialog({ onClose }: { onClose(): void }) {
  const [view, setView] = useState<MigrationView>('prompt');
  const [terms, setTerms] = useState(false);
  const [loading, setLoading] = useState(false);
  const alive = useRef(true);
  const revalidator = useRevalidator();
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const dismiss = () => {
    document.cookie = dismissedCookie(location.protocol === 'https:');
  };

  async function migrate() {
    dismiss();
    setLoading(true);
    setView('in_progress');
    let state = await postMigrate();
    for (let poll = 0; state === 'in_progress' && poll < MIGRATION_MAX_POLLS && alive.current; poll++) {
      await new Promise((r) => setTimeout(r, MIGRATION_POLL_DELAY_MS));
      state = await postMigrate();
    }
    if (!alive.current) return;
    setLoading(false);
    if (state === 'migrated') {
      setView('success');
      void revalidator.revalidate();
    } else setView('failure');
  }

  const close = () => {
    if (view === 'prompt') dismiss();
    setView('prompt');
    onClose();
  };

  return (
    <Modal
      onClose={close}
      describedBy="migration-text"
      testId="migration-modal"
      data={{ 'data-view': view }}
      bar={
        <span aria-hidden="true" className="text-2xl">
          ⇪
        </span>
      }
    >
      {view === 'prompt' ? (
        <>
          <Dialog.Title className="text-xl font-bold">Move your account to our new site</Dialog.Title>
          <p id="migration-text">
            Your account from our previous site is ready to move here. Migrating brings your balance into your wallet.
            It takes a few seconds.
          </p>
          <label className="flex items-start gap-0.5">
            <input
              type="checkbox"
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              className="mt-[4px] size-[20px]"
            />
            <span>
              I have read and accept the{' '}
              <Link to="/about/terms-and-conditions" className="underline" target="_blank">
                terms and conditions
              </Link>{' '}
              of this site.
            </span>
          </label>
          <div className="flex flex-wrap gap-0.5">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!terms || loading}
              onClick={() => void migrate()}
            >
              Migrate my account
            </button>
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </>
      ) : view === 'in_progress' ? (
        <>
          <Dialog.Title className="text-xl font-bold">Migrating your account</Dialog.Title>
          <p id="migration-text" role="status">
            Please wait while we move your account and balance.
          </p>
        </>
      ) : view === 'failure' ? (
        <>
          <Dialog.Title className="text-xl font-bold">We could not migrate your account</Dialog.Title>
          <p id="migration-text" role="alert">
            Something went wrong while moving your account. Nothing was lost: please try again, or contact support.
          </p>
          <div className="flex flex-wrap gap-0.5">
            <button type="button" className="btn btn-primary" onClick={() => void migrate()}>
              Try again
            </button>
            <Link to="/about/contact-us" className="btn btn-secondary" onClick={close}>
              Contact support
            </Link>
          </div>
        </>
      ) : (
        <>
          <Dialog.Title className="text-xl font-bold">Your account has moved</Dialog.Title>
          <p id="migration-text" role="status">
            Your balance from your previous account is now in your wallet.
          </p>
          <div>
            <button type="button" className="btn btn-primary" onClick={close}>
              Continue
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
