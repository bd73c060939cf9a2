import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { ErrorPage, RenderFailureFallback } from './error-pages.tsx';
import { RenderErrorBoundary } from './render-error-boundary.tsx';

const SITE = 'Lucky Koala Lotteries';

describe('error pages (spec features §2, exact texts)', () => {
  it('404: "Something went wrong.", a wrong-turn message and a link home', () => {
    const html = renderHtml(<ErrorPage status={404} siteName={SITE} />);
    expect(textOf(html)).toContain('Something went wrong.');
    expect(textOf(html)).toContain("Looks like you've taken a wrong turn.");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Go to the homepage<\/a>/);
  });

  it('418: problem title, "It\'s not you, it\'s us!" and the no-products text', () => {
    const html = renderHtml(<ErrorPage status={418} siteName={SITE} />);
    expect(html).toContain(`<title>We have encountered a problem | ${SITE}</title>`);
    expect(textOf(html)).toContain("It's not you, it's us!");
    expect(textOf(html)).toContain(
      'There are currently no products available, please check back later. Thank you for being patient.',
    );
  });

  it('500: same title and the server-busy text', () => {
    const html = renderHtml(<ErrorPage status={500} siteName={SITE} />);
    expect(html).toContain(`<title>We have encountered a problem | ${SITE}</title>`);
    expect(textOf(html)).toContain('We are experiencing large load times on our server. Thank you for being patient.');
  });

  it('503: maintenance title and texts', () => {
    const html = renderHtml(<ErrorPage status={503} siteName={SITE} />);
    expect(html).toContain('<title>Site currently under maintenance</title>');
    expect(textOf(html)).toContain("There's a spanner in the works!");
    expect(textOf(html)).toContain("We'll be up and running again soon after this scheduled maintenance.");
  });

  it('render-failure fallback: texts, homepage link and reload button', () => {
    const html = renderToString(<RenderFailureFallback />);
    const text = textOf(html);
    expect(text).toContain("It's not you, it's us!");
    expect(text).toContain('Looks like something went wrong on our end.');
    expect(text).toContain('Please try reloading or go back to the Homepage.');
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Homepage<\/a>/);
    expect(html).toMatch(/<button[^>]*>Reload<\/button>/);
  });
});

describe('RenderErrorBoundary', () => {
  it('holds the fallback for the location that failed and resets when the location changes', () => {
    const failed = { error: new Error('boom'), failedAt: null };
    const atFailure = RenderErrorBoundary.getDerivedStateFromProps(
      { locationKey: '/a', children: null, fallback: null },
      failed,
    );
    expect(atFailure).toEqual({ failedAt: '/a' });
    const stillThere = RenderErrorBoundary.getDerivedStateFromProps(
      { locationKey: '/a', children: null, fallback: null },
      { error: failed.error, failedAt: '/a' },
    );
    expect(stillThere).toBeNull();
    const moved = RenderErrorBoundary.getDerivedStateFromProps(
      { locationKey: '/b', children: null, fallback: null },
      { error: failed.error, failedAt: '/a' },
    );
    expect(moved).toEqual({ error: null, failedAt: null });
    expect(RenderErrorBoundary.getDerivedStateFromError(failed.error)).toEqual({ error: failed.error });
  });
});
