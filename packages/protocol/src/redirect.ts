// The one guard for redirect targets that come from input (?redirect=, a form field, a provider's return URL):
// issue 14 found `/login?redirect=/%09/evil.example` leaving the site because browsers drop tabs and newlines from a
// Location and then read `//evil.example` as another host. The value is cleaned, parsed as a URL against our origin
// the way a browser would, and kept only when it stays on that origin.

/** C0 and C1 controls, every Unicode space (incl. U+2028/2029), zero-width characters and the BOM. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are removed.
const CONTROL_OR_SPACE = /[\u0000-\u001F\u007F-\u009F\s\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * A same-origin path (path, query and fragment) for a Location header, or `fallback` when `value` is missing or
 * would leave `origin`. Control and whitespace characters are removed first; the result is the URL serializer's
 * output, so it holds no character that is invalid in a header, and it never starts with `//`.
 */
export function safeRedirect(value: string | null | undefined, origin: string, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  const cleaned = value.replace(CONTROL_OR_SPACE, '');
  if (cleaned === '') return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  // `/.//evil.example` parses to the path `//evil.example` on our origin; sent as is, a browser reads another host.
  const path = url.pathname.replace(/^\/+/, '/');
  return `${path}${url.search}${url.hash}`;
}
