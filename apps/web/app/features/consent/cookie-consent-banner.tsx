// Cookie consent banner (spec core §9): shown with the cookie_consent capability while no choice is stored.
// A plain form, so it works before hydration and without JavaScript; the choice is a cookie set by the server.
import { useFetcher, useLocation } from 'react-router';

export const CONSENT_ACTION_PATH = '/cookie-consent';

export function CookieConsentBanner() {
  const fetcher = useFetcher();
  const location = useLocation();
  // Once submitted, the banner goes away at once; the cookie arrives with the answer.
  if (fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <section
      aria-labelledby="cookie-consent-title"
      // First on the page and sticky at the top: always in view once scrolled, yet on arrival it takes its own
      // space and covers nothing (at the bottom it sat over the page's own buttons: Lighthouse's target-size check).
      className="sticky inset-x-0 top-0 z-30 border-b border-black/10 bg-white shadow-theme"
      data-testid="cookie-consent"
    >
      <fetcher.Form
        method="post"
        action={CONSENT_ACTION_PATH}
        className="page-container flex flex-col gap-1 py-1 md:flex-row md:items-center"
      >
        <div className="flex-1">
          <h2 id="cookie-consent-title" className="text-base font-bold">
            Cookies on this site
          </h2>
          <p className="text-sm">
            We use essential cookies to run the shop. With your permission we also use non-essential cookies for
            analytics and campaign tracking.
          </p>
        </div>
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <div className="flex gap-0.5">
          <button type="submit" name="choice" value="essential" className="btn btn-secondary">
            Essential only
          </button>
          <button type="submit" name="choice" value="all" className="btn btn-primary">
            Accept all
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
