// /back-office/*: the operators' area (issue 21, docs/back-office.md). Never linked from the customer site, never
// indexed, never cached; its errors stay inside its own frame.
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, type HeadersFunction } from 'react-router';
import { BackOfficeErrorPage } from '../../features/back-office/back-office-frame.tsx';
import { backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import type { Route } from './+types/frame';

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
});

export function meta() {
  return backOfficeMeta(null);
}

/** The same marker the storefront sets once React has taken over the page (journeys wait for it). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function Frame() {
  useHydratedMarker();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMarker();
  return <BackOfficeErrorPage status={isRouteErrorResponse(error) ? error.status : 500} operator={null} />;
}
