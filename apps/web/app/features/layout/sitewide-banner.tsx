// Sitewide banner (spec features §2, §4): server-rendered; hidden once dismissed while its text is unchanged.
import type { SitewideBanner as Banner } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { bannerDismissalScript, dismissBanner, isBannerDismissed } from '../../lib/banner-dismissal.ts';

export const SITEWIDE_BANNER_ID = 'sitewide-banner';

export function SitewideBanner({ banner, nonce }: { banner: Banner; nonce: string | undefined }) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    setDismissed(isBannerDismissed(window.localStorage, banner.text));
  }, [banner.text]);

  const onDismiss = () => {
    dismissBanner(window.localStorage, banner.text, new Date());
    setDismissed(true);
  };

  const external = banner.linkUrl ? /^https?:\/\//i.test(banner.linkUrl) : false;
  return (
    <>
      <div
        id={SITEWIDE_BANNER_ID}
        data-text={banner.text}
        hidden={dismissed}
        // The inline script may have hidden it before hydration; React must not undo that.
        suppressHydrationWarning
        className="bg-brand-secondary text-black"
      >
        <div className="page-container flex items-center gap-1 py-0.5" role="region" aria-label="Announcement">
          <p className="flex-1 text-sm font-semibold">
            {banner.text}
            {banner.linkUrl && banner.linkText ? (
              <>
                {' '}
                {external ? (
                  <a href={banner.linkUrl} className="underline" target="_blank" rel="noopener noreferrer">
                    {banner.linkText}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <Link to={banner.linkUrl} className="underline">
                    {banner.linkText}
                  </Link>
                )}
              </>
            ) : null}
          </p>
          <button
            type="button"
            onClick={onDismiss}
            className="min-h-[44px] rounded-theme px-0.5 text-sm font-bold underline"
          >
            Dismiss
          </button>
        </div>
      </div>
      {nonce ? (
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: bannerDismissalScript(SITEWIDE_BANNER_ID) }}
        />
      ) : null}
    </>
  );
}
