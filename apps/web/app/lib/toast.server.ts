// Toasts across a redirect: a form post that succeeds flashes its success notification (features §8) in a short-lived
// cookie, and the next page's root loader reads it, clears it and hands it to the toaster.
import { z } from 'zod';
import { parseCookies, serializeCookie } from './cookies.ts';
import { COOKIE_NAMES } from './cookie-names.ts';
import type { ToastInput } from './toasts.ts';

const FlashToast = z.object({
  id: z.string().max(80).optional(),
  title: z.string().min(1).max(120),
  message: z.string().max(500).optional(),
  level: z.enum(['success', 'info', 'error']),
  isAutoDismissed: z.boolean().optional(),
  action: z.object({ text: z.string().max(80), href: z.string().startsWith('/').max(300) }).optional(),
});
const FlashToasts = z.array(FlashToast).max(3);

/** Adds a toast for the next page to the response's headers (a redirect's, usually). */
export function flashToast(headers: Headers, toast: ToastInput): void {
  const value = JSON.stringify(FlashToasts.parse([toast]));
  headers.append('Set-Cookie', serializeCookie(COOKIE_NAMES.toast, value, { maxAgeSeconds: 60, httpOnly: true }));
}

/** The flashed toasts of a request and the Set-Cookie that clears them (null when there were none). */
export function readFlashToasts(request: Request): { toasts: ToastInput[]; clear: string | null } {
  const raw = parseCookies(request.headers.get('Cookie'))[COOKIE_NAMES.toast];
  if (raw === undefined) return { toasts: [], clear: null };
  const clear = serializeCookie(COOKIE_NAMES.toast, '', { maxAgeSeconds: 0, httpOnly: true });
  try {
    const parsed = FlashToasts.safeParse(JSON.parse(raw));
    return { toasts: parsed.success ? parsed.data : [], clear };
  } catch {
    return { toasts: [], clear };
  }
}

/** A success notification of features §8 for the next page (or this page, reloaded after its action); returns `headers`. */
export function withSuccessToast(headers: Headers, text: string): Headers {
  flashToast(headers, { title: text, level: 'success' });
  return headers;
}
