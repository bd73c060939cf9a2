// What every partner page shares (spec core §2 partner purchase routes): its layout handle, the partner 404 page
// (an unknown partner or /purchase/:partnerSlug/*) and the frame with the regulation line.
import type { Partner } from '@shop/contracts';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import { REGULATION_TEXT } from '../../features/cart/cart-rules.ts';
import { NotFoundPage, ServerBusyPage } from '../../features/errors/error-pages.tsx';
import { PARTNER_LAYOUT_HANDLE, PartnerLayout } from '../../features/partners/partner-layout.tsx';
import type { ShellData } from '../../lib/shell.ts';

export const partnerHandle = PARTNER_LAYOUT_HANDLE;

export function useSiteName(): string {
  return useRouteLoaderData<{ shell: ShellData }>('root')?.shell.site.siteName ?? '';
}

export function PartnerFrame({ partner, children }: { partner: Partner | null; children: ReactNode }) {
  return (
    <PartnerLayout partner={partner} siteName={useSiteName()} footerNote={REGULATION_TEXT}>
      {children}
    </PartnerLayout>
  );
}

/** The partner pages' error boundary: 404 is the partner 404 page (branded when the partner is known). */
export function PartnerErrorBoundary() {
  const error = useRouteError();
  const siteName = useSiteName();
  const partner = isRouteErrorResponse(error) ? ((error.data as { partner?: Partner } | null)?.partner ?? null) : null;
  return (
    <PartnerFrame partner={partner}>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage siteName={siteName} />
      ) : (
        <ServerBusyPage siteName={siteName} />
      )}
    </PartnerFrame>
  );
}
