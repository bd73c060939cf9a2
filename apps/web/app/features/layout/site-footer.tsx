// Footer (spec features §2): the full footer on most pages, the condensed one (links, payment logos, disclaimer)
// on checkout steps and login/register pages. The full footer also shows each product offer's play and results links,
// the regulation images, and the footer note, a Markdown translation item (footer/note) the content service renders
// and sanitises. The cookie policy link shows only while cookie consent is enabled.
import { Link } from 'react-router';
import { hasCapability } from '../../lib/capability-checks.ts';
import { cookieConsentOn, visibleFooterLinks, type FooterOffer, type ShellData } from '../../lib/shell.ts';
import { BrandLogo } from './brand-logo.tsx';
import { PaymentLogos } from './payment-logos.tsx';
import { SOCIAL_LABELS } from '../../lib/social-links.ts';

/** Offers split into two columns when there are more than 5 (multi-offer footers). */
export function offerColumns(offers: readonly FooterOffer[]): FooterOffer[][] {
  if (offers.length <= 5) return [offers.slice()];
  const half = Math.ceil(offers.length / 2);
  return [offers.slice(0, half), offers.slice(half)];
}

function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function FooterLink({ to, children }: { to: string; children: string }) {
  const className = 'inline-flex min-h-[44px] items-center hover:underline';
  if (isExternal(to)) {
    return (
      <a href={to} className={className} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

function FooterLinks({ shell }: { shell: ShellData }) {
  const links = visibleFooterLinks(
    shell.navigation.footer,
    shell.capabilities,
    cookieConsentOn(shell.site, shell.capabilities),
  );
  if (links.length === 0) return null;
  return (
    <nav aria-label="Footer">
      <ul className="flex flex-col md:flex-row md:flex-wrap md:gap-x-1.5">
        {links.map((l) => (
          <li key={l.id}>
            <FooterLink to={l.url}>{l.label}</FooterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Disclaimer({ text }: { text: string }) {
  if (!text) return null;
  return <p className="text-sm leading-relaxed">{text}</p>;
}

/** The footer note: HTML the content service rendered from Markdown and sanitised (content.render.ts). */
function FooterNote({ html }: { html: string | null }) {
  if (!html) return null;
  return (
    <div
      className="prose-cms text-sm leading-relaxed"
      data-testid="footer-note"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Regulation images (features §2 Footer): badges from the site configuration, each a link when it has one. */
function RegulationImages({ images }: { images: ShellData['site']['regulationImages'] }) {
  if (!images.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label="Regulation" data-testid="regulation-images">
      {images.map((image) => {
        const img = <img src={image.src} alt={image.alt} height={48} className="h-[48px] w-auto" loading="lazy" />;
        return (
          <li key={image.src}>
            {image.url ? (
              <a
                href={image.url}
                className="inline-flex"
                {...(isExternal(image.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {img}
                {isExternal(image.url) ? <span className="sr-only"> (opens in a new tab)</span> : null}
              </a>
            ) : (
              img
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function CondensedFooter({ shell }: { shell: ShellData }) {
  return (
    <footer className="border-t border-black/10 bg-surface text-mono" data-variant="condensed">
      <div className="page-container flex flex-col gap-1 py-1.5">
        <FooterLinks shell={shell} />
        <PaymentLogos methods={shell.site.supportedPaymentMethods} />
        <Disclaimer text={shell.site.disclaimer} />
      </div>
    </footer>
  );
}

export function SiteFooter({
  shell,
  offers = shell.productOffers,
}: {
  shell: ShellData;
  offers?: readonly FooterOffer[];
}) {
  const { site, capabilities, theme } = shell;
  const columns = offerColumns(offers);
  const appStore = hasCapability(capabilities, 'native_app') && (site.appStoreLinks.ios || site.appStoreLinks.android);
  return (
    <footer className="mt-2 bg-surface text-mono" data-variant="full">
      <div className="page-container grid grid-cols-12 gap-x-1 gap-y-2 py-2">
        {offers.length > 0 ? (
          <section aria-labelledby="footer-offers" className="col-span-12 lg:col-span-6">
            <h2 id="footer-offers" className="mb-0.5 text-base font-bold">
              Play and results
            </h2>
            <div
              className={`grid gap-x-1 ${columns.length === 2 ? 'grid-cols-1 min-[480px]:grid-cols-2' : 'grid-cols-1'}`}
              data-columns={columns.length}
            >
              {columns.map((col, i) => (
                <ul key={i}>
                  {col.map((offer) => (
                    <li key={offer.url} className="flex items-center gap-x-0.5">
                      <FooterLink to={offer.url}>{offer.name}</FooterLink>
                      {/* "Results" on screen; "{offer} results" for a screen reader's list of links. */}
                      <span className="inline-flex items-center gap-x-0.5 whitespace-nowrap">
                        <span aria-hidden="true">·</span>
                        <Link
                          to={`${offer.url.replace(/\/+$/, '')}/results`}
                          className="inline-flex min-h-[44px] items-center text-sm underline"
                          aria-label={`${offer.name} results`}
                        >
                          Results
                        </Link>
                      </span>
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          </section>
        ) : null}

        <section aria-labelledby="footer-support" className="col-span-12 md:col-span-6 lg:col-span-3">
          <h2 id="footer-support" className="mb-0.5 text-base font-bold">
            Customer support
          </h2>
          {site.supportNumber ? (
            <p>
              Call{' '}
              <a href={`tel:${site.supportNumber.replace(/\s+/g, '')}`} className="font-semibold underline">
                {site.supportNumber}
              </a>
            </p>
          ) : null}
          {site.supportOpeningHours.length ? (
            <ul className="text-sm">
              {site.supportOpeningHours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          ) : null}
        </section>

        {hasCapability(capabilities, 'responsible_gambling') ? (
          <section aria-labelledby="footer-responsible" className="col-span-12 md:col-span-6 lg:col-span-3">
            <h2 id="footer-responsible" className="mb-0.5 text-base font-bold">
              Gamble responsibly
            </h2>
            <p>
              <FooterLink to={site.supportPageUrls.responsibleGambling || '/about/responsible-gaming'}>
                Responsible gambling
              </FooterLink>
            </p>
            {site.gamblingHelpLine ? (
              <p className="text-sm">
                Gambling Help:{' '}
                <a href={`tel:${site.gamblingHelpLine.replace(/\s+/g, '')}`} className="font-semibold underline">
                  {site.gamblingHelpLine}
                </a>
              </p>
            ) : null}
          </section>
        ) : null}

        {appStore ? (
          <section aria-labelledby="footer-app" className="col-span-12 md:col-span-6">
            <h2 id="footer-app" className="mb-0.5 text-base font-bold">
              Get the app
            </h2>
            <ul className="flex flex-wrap gap-0.5">
              {site.appStoreLinks.ios ? (
                <li>
                  <a
                    href={site.appStoreLinks.ios}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-secondary"
                  >
                    Download on the App Store<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
              {site.appStoreLinks.android ? (
                <li>
                  <a
                    href={site.appStoreLinks.android}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-secondary"
                  >
                    Get it on Google Play<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}

        <div className="col-span-12">
          <FooterLinks shell={shell} />
        </div>

        {site.socialLinks.length ? (
          <div className="col-span-12">
            <ul className="flex flex-wrap gap-x-1" aria-label="Follow us">
              {site.socialLinks.map((s) => (
                <li key={s.network}>
                  <FooterLink to={s.url}>{SOCIAL_LABELS[s.network] ?? s.network}</FooterLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="col-span-12 flex flex-col gap-1 border-t border-black/10 pt-1">
          <PaymentLogos methods={site.supportedPaymentMethods} />
          <RegulationImages images={site.regulationImages} />
          <FooterNote html={shell.footerNoteHtml} />
          <Disclaimer text={site.disclaimer} />
          <div className="flex items-center gap-0.5">
            <BrandLogo siteName={site.siteName} logoUrl={theme?.logos.default || null} variant="default" />
          </div>
        </div>
      </div>
    </footer>
  );
}
