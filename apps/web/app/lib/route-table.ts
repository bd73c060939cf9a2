// The storefront's screens (spec core §2) as plain data: app/routes.ts builds the React Router config from it and
// the root loader matches a URL against it to apply the route's capability gate (ROUTE_GATES in capabilities.ts).
import { matchRoutes } from 'react-router';

export interface RouteEntry {
  id: string;
  /** Path relative to the site root; '' is the home page. */
  path: string;
  file: string;
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { id: 'home', path: '', file: 'routes/home.tsx' },
  { id: 'about', path: 'about', file: 'routes/cms-page.tsx' },
  { id: 'about-responsible-gaming', path: 'about/responsible-gaming', file: 'routes/cms-page.tsx' },
  { id: 'about-privacy', path: 'about/privacy', file: 'routes/cms-page.tsx' },
  { id: 'about-cookie-policy', path: 'about/cookie-policy', file: 'routes/cms-page.tsx' },
  { id: 'about-faq', path: 'about/faq', file: 'routes/cms-page.tsx' },
  { id: 'about-terms-and-conditions', path: 'about/terms-and-conditions', file: 'routes/cms-page.tsx' },
  { id: 'about-terms-of-use', path: 'about/terms-of-use', file: 'routes/cms-page.tsx' },
  { id: 'about-contact-us', path: 'about/contact-us', file: 'routes/cms-page.tsx' },
  { id: 'cookie-consent', path: 'cookie-consent', file: 'routes/cookie-consent.tsx' },
  { id: 'not-found', path: '*', file: 'routes/not-found.tsx' },
];

const matchable = ROUTE_TABLE.map((r) => (r.path === '' ? { id: r.id, index: true as const } : { id: r.id, path: r.path }));

/** The id of the screen a pathname shows ('not-found' for anything unregistered). */
export function routeIdFor(pathname: string): string {
  const matches = matchRoutes(matchable, pathname);
  return matches?.[matches.length - 1]?.route.id ?? 'not-found';
}
