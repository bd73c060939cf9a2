// Search and sharing tags of a content screen (issue 18 SEO): title, description, canonical URL and Open Graph, from
// the item's seo fields. Rendered in the page and hoisted into <head> by React 19, like every title of the shop
// (ADR 038: one way to set document metadata; loader data is at hand in the component).
import type { Seo } from '@shop/contracts';
import { useRouteLoaderData } from 'react-router';
import type { ShellData } from '../../lib/shell.ts';

/** "About us | Site"; a title that already names the site is used as written. */
export function pageTitle(title: string, siteName: string): string {
  if (!siteName || title.includes(siteName)) return title;
  return `${title} | ${siteName}`;
}

/** An absolute URL on the shop's public address (site paths) or the URL as given (absolute ones). */
export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${baseUrl.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function SeoTags({
  seo,
  path,
  fallbackTitle,
  type = 'website',
  noIndex = false,
}: {
  seo: Seo | null;
  /** The item's own site path (the canonical URL unless seo.canonicalUrl says otherwise). */
  path: string;
  fallbackTitle: string;
  type?: 'website' | 'article';
  noIndex?: boolean;
}) {
  const site = useRouteLoaderData<{ shell?: ShellData }>('root')?.shell?.site;
  const siteName = site?.siteName ?? '';
  const base = site?.baseUrl ?? '';
  const title = pageTitle(seo?.title || fallbackTitle, siteName);
  const canonical = base ? absoluteUrl(base, seo?.canonicalUrl ?? path) : null;
  const description = seo?.description ?? '';
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {noIndex || seo?.noIndex ? <meta name="robots" content="noindex, nofollow" /> : null}
      <meta property="og:title" content={title} />
      <meta property="og:type" content={type} />
      {siteName ? <meta property="og:site_name" content={siteName} /> : null}
      {description ? <meta property="og:description" content={description} /> : null}
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      {seo?.ogImage && base ? <meta property="og:image" content={absoluteUrl(base, seo.ogImage.url)} /> : null}
    </>
  );
}
