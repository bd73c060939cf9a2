// A part of the page that only some visits show (a signed-in customer's banners and account drawer, the precart
// drawer, the error pages): its code is a chunk of its own, which the browser loads when the part first renders, so
// the first page of an anonymous visit does not carry it (docs/storefront.md "Performance", ADR 098).
// The server renders the part in place like any component: every part's module is loaded before the first render
// (entry.server.tsx awaits serverPartsReady), so the HTML holds the part itself, never a placeholder streamed in
// later, and the page reads the same without JavaScript. In the browser, hydration leaves the server's HTML of the
// part in place until its chunk has arrived.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

const serverLoads: Promise<unknown>[] = [];

/** Resolves once every deferred part's module is loaded on the server (the first render waits for it). */
export function serverPartsReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * `placeholder` shows while the chunk loads in the browser after a client navigation (e.g. a drawer's own trigger, so
 * the header's button does not pop in); by default nothing.
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  let onServer: ComponentType<P> | null = null;
  if (import.meta.env.SSR)
    serverLoads.push(
      load().then((component) => {
        onServer = component;
      }),
    );
  const InBrowser = lazy(async () => ({ default: await load() }));
  return function DeferredPart(props: P) {
    const Part = onServer ?? InBrowser;
    return (
      <Suspense fallback={placeholder(props)}>
        <Part {...props} />
      </Suspense>
    );
  };
}
