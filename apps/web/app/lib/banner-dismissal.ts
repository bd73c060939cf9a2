// Sitewide banner dismissal (spec features §4): kept in localStorage with the banner text and the date; the banner
// stays dismissed only while its text is unchanged.

export const BANNER_DISMISSAL_KEY = 'sitewide_banner_dismissed';

export interface BannerDismissal {
  text: string;
  dismissedAt: string;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function readDismissal(storage: KeyValueStore): BannerDismissal | null {
  try {
    const raw = storage.getItem(BANNER_DISMISSAL_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<BannerDismissal>;
    return typeof value.text === 'string' && typeof value.dismissedAt === 'string'
      ? { text: value.text, dismissedAt: value.dismissedAt }
      : null;
  } catch {
    return null;
  }
}

export function isBannerDismissed(storage: KeyValueStore, text: string): boolean {
  return readDismissal(storage)?.text === text;
}

export function dismissBanner(storage: KeyValueStore, text: string, now: Date): void {
  try {
    storage.setItem(
      BANNER_DISMISSAL_KEY,
      JSON.stringify({ text, dismissedAt: now.toISOString() } satisfies BannerDismissal),
    );
  } catch {
    // Storage can be full or disabled (private mode): the banner then hides for this page view only.
  }
}

/**
 * The same check as isBannerDismissed, as a script the server inlines right after the banner (with the CSP nonce)
 * so a dismissed banner is hidden before first paint instead of flashing until hydration.
 */
export function bannerDismissalScript(elementId: string): string {
  return `try{var b=document.getElementById(${JSON.stringify(elementId)});var d=JSON.parse(localStorage.getItem(${JSON.stringify(BANNER_DISMISSAL_KEY)})||'null');if(b&&d&&d.text===b.getAttribute('data-text'))b.hidden=true}catch(e){}`;
}
