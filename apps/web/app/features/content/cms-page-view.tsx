// Renders a CMS page's sections (spec features §3 Content management). Text is plain: React escapes it.
import type { CmsPage, PageSection } from '@shop/contracts';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

function CallToActionLink({ url, children }: { url: string; children: string }) {
  if (/^https?:\/\//i.test(url)) {
    return (
      <a href={url} className="btn btn-primary" target="_blank" rel="noopener noreferrer">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={url} className="btn btn-primary">
      {children}
    </Link>
  );
}

function Section({ section, first }: { section: PageSection; first: boolean }) {
  switch (section.kind) {
    case 'page_header':
      return (
        <header className="bg-surface py-2">
          <div className="page-container">
            {first ? (
              <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{section.title}</h1>
            ) : (
              <h2 className="text-2xl font-bold text-brand">{section.title}</h2>
            )}
            {section.subtitle ? <p className="mt-0.5 max-w-[60ch] text-lg">{section.subtitle}</p> : null}
          </div>
        </header>
      );
    case 'single_column':
      return (
        <section className="page-container py-1">
          <div className="prose-cms max-w-[70ch]">
            {section.heading ? <h2 className="mb-0.5 text-2xl font-bold">{section.heading}</h2> : null}
            {section.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </section>
      );
    case 'two_column_grid':
      return (
        <section className="page-container grid grid-cols-12 gap-1 py-1">
          {section.columns.map((col, i) => (
            <div key={i} className="prose-cms col-span-12 rounded-theme border border-black/10 p-1 md:col-span-6">
              <h2 className="mb-0.5 text-xl font-bold">{col.heading}</h2>
              {col.paragraphs.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </div>
          ))}
        </section>
      );
    case 'call_to_action':
      return (
        <section className="page-container py-1">
          <div className="flex flex-col items-start gap-0.5 rounded-theme bg-surface p-1.5">
            <h2 className="text-2xl font-bold">{section.heading}</h2>
            <p className="max-w-[60ch]">{section.text}</p>
            <CallToActionLink url={section.linkUrl}>{section.linkText}</CallToActionLink>
          </div>
        </section>
      );
    case 'divider':
      return (
        <div className="page-container">
          <hr className="my-1 border-black/10" />
        </div>
      );
  }
}

/** "About us | Site"; a CMS title that already names the site is used as written. */
export function pageTitle(title: string, siteName: string): string {
  if (!siteName || title.includes(siteName)) return title;
  return `${title} | ${siteName}`;
}

/** `afterHeader`: content a route puts right under the page header (the home page's jackpots), above the rest. */
export function CmsPageView({
  page,
  siteName,
  afterHeader,
}: {
  page: CmsPage;
  siteName: string;
  afterHeader?: ReactNode;
}) {
  const hasHeading = page.sections[0]?.kind === 'page_header';
  return (
    <article>
      <title>{pageTitle(page.seo.title || page.name, siteName)}</title>
      {page.seo.description ? <meta name="description" content={page.seo.description} /> : null}
      {hasHeading ? null : (
        <div className="page-container pt-2">
          <h1 className="text-3xl font-extrabold text-brand">{page.name}</h1>
        </div>
      )}
      {page.sections.map((section, i) => (
        <Fragment key={i}>
          <Section section={section} first={i === 0} />
          {i === 0 ? afterHeader : null}
        </Fragment>
      ))}
      {page.sections.length === 0 ? afterHeader : null}
    </article>
  );
}
