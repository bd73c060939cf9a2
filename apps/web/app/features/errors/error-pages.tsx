// Error pages of spec features §2 "Error pages", texts exactly as the spec gives them.
import { ERROR_PAGE_TEXTS } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ErrorPageStatus } from '../../lib/api-errors.ts';

export const ERROR_TEXT = {
  notFound: {
    heading: 'Something went wrong.',
    body: "Looks like you've taken a wrong turn. The page you're looking for doesn't exist or has moved.",
    link: 'Go to the homepage',
  },
  problemTitle: ERROR_PAGE_TEXTS.problemTitle,
  itsNotYou: ERROR_PAGE_TEXTS.itsNotYou,
  noProducts: 'There are currently no products available, please check back later. Thank you for being patient.',
  serverBusy: ERROR_PAGE_TEXTS.serverBusy,
  maintenanceTitle: 'Site currently under maintenance',
  maintenanceHeading: "There's a spanner in the works!",
  maintenanceBody: "We'll be up and running again soon after this scheduled maintenance.",
  renderFailure: {
    heading: "It's not you, it's us!",
    body: 'Looks like something went wrong on our end.',
    hint: 'Please try reloading or go back to the Homepage.',
    home: 'Homepage',
    reload: 'Reload',
  },
} as const;

function ErrorLayout({ code, children }: { code: number; children: ReactNode }) {
  return (
    <section className="page-container flex flex-col items-start gap-1 py-3" data-error-code={code}>
      {children}
    </section>
  );
}

export function NotFoundPage({ siteName }: { siteName: string }) {
  return (
    <ErrorLayout code={404}>
      <title>{`Page not found | ${siteName}`}</title>
      <h1 className="text-3xl font-bold">{ERROR_TEXT.notFound.heading}</h1>
      <p className="text-lg">{ERROR_TEXT.notFound.body}</p>
      <Link to="/" className="btn btn-primary">
        {ERROR_TEXT.notFound.link}
      </Link>
    </ErrorLayout>
  );
}

export function NoProductsPage({ siteName }: { siteName: string }) {
  return (
    <ErrorLayout code={418}>
      <title>{ERROR_TEXT.problemTitle(siteName)}</title>
      <h1 className="text-3xl font-bold">{ERROR_TEXT.itsNotYou}</h1>
      <p className="text-lg">{ERROR_TEXT.noProducts}</p>
    </ErrorLayout>
  );
}

export function ServerBusyPage({ siteName }: { siteName: string }) {
  return (
    <ErrorLayout code={500}>
      <title>{ERROR_TEXT.problemTitle(siteName)}</title>
      <h1 className="text-3xl font-bold">{ERROR_TEXT.itsNotYou}</h1>
      <p className="text-lg">{ERROR_TEXT.serverBusy}</p>
    </ErrorLayout>
  );
}

export function MaintenancePage() {
  return (
    <ErrorLayout code={503}>
      <title>{ERROR_TEXT.maintenanceTitle}</title>
      <h1 className="text-3xl font-bold">{ERROR_TEXT.maintenanceHeading}</h1>
      <p className="text-lg">{ERROR_TEXT.maintenanceBody}</p>
    </ErrorLayout>
  );
}

/** The page for an error code: 418 no products, 503 maintenance, 404 not found, anything else server busy. */
export function ErrorPage({ status, siteName }: { status: ErrorPageStatus; siteName: string }) {
  switch (status) {
    case 404:
      return <NotFoundPage siteName={siteName} />;
    case 418:
      return <NoProductsPage siteName={siteName} />;
    case 503:
      return <MaintenancePage />;
    default:
      return <ServerBusyPage siteName={siteName} />;
  }
}

export function RenderFailureFallback({ onReload }: { onReload?: () => void }) {
  const t = ERROR_TEXT.renderFailure;
  return (
    <ErrorLayout code={500}>
      <h1 className="text-3xl font-bold">{t.heading}</h1>
      <p className="text-lg">{t.body}</p>
      <p>{t.hint}</p>
      <div className="flex flex-wrap gap-0.5">
        <a href="/" className="btn btn-primary">
          {t.home}
        </a>
        <button type="button" className="btn btn-secondary" onClick={onReload ?? (() => window.location.reload())}>
          {t.reload}
        </button>
      </div>
    </ErrorLayout>
  );
}
