// The toasts on screen (features §2 Notifications, §4, §8, §9): one small store any component may add to. Toasts are
// shown by ui/toaster.tsx at the bottom of the screen; an auto-dismissed one goes after 10 seconds, the others stay
// until dismissed; all are cleared when the authentication state changes. A server action that redirects flashes
// its toast through a cookie instead (lib/toast.server.ts) and the next page shows it.
import { useSyncExternalStore } from 'react';

/** Features §4 and §9: auto-dismissed notifications disappear after 10 seconds. */
export const TOAST_AUTO_DISMISS_MS = 10_000;

export type ToastLevel = 'success' | 'info' | 'error';

export interface Toast {
  id: string;
  title: string;
  message?: string;
  level: ToastLevel;
  isAutoDismissed: boolean;
  /** A link the toast offers (a feed card's first action). */
  action?: { text: string; href: string };
}

export type ToastInput = Omit<Toast, 'id' | 'isAutoDismissed'> & { id?: string; isAutoDismissed?: boolean };

const MAX_ON_SCREEN = 3;
let toasts: Toast[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit() {
  for (const l of listeners) l();
}

/** Shows a toast (the same id twice shows it once). Auto-dismissed unless told otherwise. Returns its id. */
export function showToast(input: ToastInput): string {
  const id = input.id ?? `toast-${++counter}`;
  if (toasts.some((t) => t.id === id)) return id;
  toasts = [...toasts, { ...input, id, isAutoDismissed: input.isAutoDismissed ?? true }].slice(-MAX_ON_SCREEN);
  emit();
  return id;
}

export function dismissToast(id: string): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/** Features §4: notifications are cleared when the authentication state changes. */
export function clearToasts(): void {
  if (!toasts.length) return;
  toasts = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const snapshot = () => toasts;
const empty: Toast[] = [];

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, snapshot, () => empty);
}

/**
 * Features §8 API-message notification: code deposit_pending is titled "Action Required", code success "Success";
 * the icon follows the level (error, info, other).
 */
export function apiMessageToast(message: { code: string; text: string; level: string }): ToastInput {
  const title =
    message.code === 'deposit_pending'
      ? 'Action Required'
      : message.code === 'success'
        ? 'Success'
        : message.level === 'error'
          ? 'Something went wrong'
          : 'Notice';
  const level: ToastLevel = message.level === 'error' ? 'error' : message.level === 'info' ? 'info' : 'success';
  return { id: `api-${message.code}`, title, message: message.text, level };
}
