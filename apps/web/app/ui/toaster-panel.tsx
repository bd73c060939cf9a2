// The toasts on Radix Toast: a labelled region at the bottom of the screen (F8 moves focus to it), each toast
// announced to screen readers when it opens (an error assertively, the others politely), dismissable by its close
// button, Escape or a swipe down; an auto-dismissed toast closes after 10 seconds (paused while hovered or focused).
import { Toast } from 'radix-ui';
import { Link } from 'react-router';
import { dismissToast, TOAST_AUTO_DISMISS_MS, type Toast as ToastData } from '../lib/toasts.ts';
import { CloseIcon } from './icons.tsx';

const LEVEL_STYLE: Record<ToastData['level'], { border: string; label: string }> = {
  success: { border: 'border-l-success', label: 'Success' },
  info: { border: 'border-l-brand', label: 'Information' },
  error: { border: 'border-l-error', label: 'Error' },
};

function LevelIcon({ level }: { level: ToastData['level'] }) {
  const path =
    level === 'success' ? (
      <path d="M20 6L9 17l-5-5" />
    ) : level === 'error' ? (
      <>
        <circle cx="12" cy="12" r="10" />
        <path d="M12 8v4M12 16h.01" />
      </>
    ) : (
      <>
        <circle cx="12" cy="12" r="10" />
        <path d="M12 16v-4M12 8h.01" />
      </>
    );
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="mt-[2px] shrink-0"
    >
      {path}
    </svg>
  );
}

export default function ToasterPanel({ toasts }: { toasts: ToastData[] }) {
  return (
    <Toast.Provider swipeDirection="down" label="Notifications">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          data-testid="toast"
          type={t.level === 'error' ? 'foreground' : 'background'}
          duration={t.isAutoDismissed ? TOAST_AUTO_DISMISS_MS : Infinity}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={`toast flex items-start gap-0.5 rounded-theme border border-l-4 border-black/10 bg-white p-1 text-mono shadow-theme ${LEVEL_STYLE[t.level].border}`}
        >
          <LevelIcon level={t.level} />
          <div className="flex min-w-0 flex-1 flex-col gap-[4px]">
            <Toast.Title className="font-bold">
              <span className="sr-only">{`${LEVEL_STYLE[t.level].label}: `}</span>
              {t.title}
            </Toast.Title>
            {t.message ? <Toast.Description className="text-sm">{t.message}</Toast.Description> : null}
            {t.action ? (
              <Toast.Action altText={`${t.action.text}: ${t.action.href}`} asChild>
                <Link
                  to={t.action.href}
                  className="inline-flex min-h-[44px] items-center self-start font-semibold underline"
                  onClick={() => dismissToast(t.id)}
                >
                  {t.action.text}
                </Link>
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            className="inline-flex size-[44px] shrink-0 items-center justify-center rounded-theme"
            aria-label="Dismiss notification"
          >
            <CloseIcon />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        data-testid="toast-viewport"
        className="fixed inset-x-0 bottom-0 z-[60] mx-auto flex w-full max-w-modal-md list-none flex-col gap-0.5 p-1 outline-none"
      />
    </Toast.Provider>
  );
}
