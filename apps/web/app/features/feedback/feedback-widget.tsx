// The feedback widget (features §2, §4, §5, §8): a button opening a drawer with the steps comment → complete. The
// form takes a rating, an optional comment and, from guests only, an optional email; it posts to /feedback (POST
// /event). Back returns from complete to the form; closing resets step, fields and event state.
import type { WebConfig } from '@shop/contracts';
import { lazy, Suspense, useState } from 'react';
import { Drawer } from '../../ui/drawer.tsx';

/** The form's steps are fetched when the drawer first opens: the first page of a visit carries none of their code. */
const FeedbackSteps = lazy(() => import('./feedback-steps.tsx').then((m) => ({ default: m.FeedbackSteps })));

export interface FeedbackWidgetProps {
  signedIn: boolean;
  socialLinks: WebConfig['socialLinks'];
}

export function FeedbackWidget(props: FeedbackWidgetProps) {
  const [open, setOpen] = useState(false);
  // A new form (fields, step and its own fetcher) every time the drawer is closed.
  const [round, setRound] = useState(0);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setRound((r) => r + 1);
  };
  // In the page's flow above the footer, not floating: a fixed button covered the play screen's links on a phone.
  return (
    <div className="page-container flex justify-end py-1">
      <Drawer
        open={open}
        onOpenChange={onOpenChange}
        title="Feedback"
        side="right"
        closeLabel="Close feedback"
        trigger={
          <button
            type="button"
            data-testid="feedback-open"
            className="min-h-[44px] rounded-theme bg-brand px-1 text-sm font-bold text-white shadow-theme"
          >
            Feedback
          </button>
        }
      >
        <Suspense fallback={<p role="status">Loading…</p>}>
          <FeedbackSteps key={round} {...props} onClose={() => onOpenChange(false)} />
        </Suspense>
      </Drawer>
    </div>
  );
}
