// The partner purchase layout (spec core §2 "Partner purchase, with its own layout"; features §2): the partner's
// name or logo in its colours instead of the shop's header, the page, and a short footer saying who sells the tickets.
// Without a partner (an unknown slug) it is the same frame, unbranded, around the partner 404 page.
import type { Partner } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The root's route handle for partner pages: the root renders no site header, footer or drawers around them. */
export const PARTNER_LAYOUT_HANDLE = { layout: 'partner' } as const;

/** Most tickets one partner checkout sells at once. */
export const MAX_PARTNER_TICKETS = 100;

const NEUTRAL = { primaryColour: '#1f2937', accentColour: '#ffffff' };

export function PartnerLayout({
  partner,
  siteName,
  footerNote,
  children,
}: {
  partner: Pick<Partner, 'name' | 'slug' | 'branding'> | null;
  siteName: string;
  /** The regulation line under who sells the tickets. */
  footerNote: string;
  children: ReactNode;
}) {
  const colours = partner?.branding ?? NEUTRAL;
  return (
    <div className="flex flex-1 flex-col" data-testid="partner-layout">
      <header style={{ backgroundColor: colours.primaryColour }} className="text-white">
        <div className="page-container flex flex-wrap items-center justify-between gap-0.5 py-1">
          {partner ? (
            <Link to={`/purchase/${partner.slug}`} className="text-2xl font-extrabold text-white no-underline">
              {partner.branding.logoUrl ? (
                <img src={partner.branding.logoUrl} alt={partner.name} className="h-[48px] w-auto" />
              ) : (
                <span data-testid="partner-name">{partner.name}</span>
              )}
            </Link>
          ) : (
            <span className="text-2xl font-extrabold">{siteName}</span>
          )}
          <span className="text-sm">Tickets sold by {siteName}</span>
        </div>
        <div style={{ backgroundColor: colours.accentColour }} className="h-[6px]" aria-hidden="true" />
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-black/10 bg-[#f5f5f5] py-1 text-sm">
        <div className="page-container flex flex-col gap-0.5">
          <p>
            {partner
              ? `${siteName} sells these tickets on behalf of ${partner.name}.`
              : `${siteName} sells tickets on behalf of its partners.`}{' '}
            {footerNote}
          </p>
          <nav aria-label="Legal" className="flex flex-wrap gap-1">
            <Link to="/about/terms-and-conditions" className="underline">
              Terms and conditions
            </Link>
            <Link to="/about/privacy" className="underline">
              Privacy
            </Link>
            <Link to="/about/responsible-gaming" className="underline">
              Responsible gaming
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
