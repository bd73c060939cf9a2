// A part of the page that only some visits show (a signed-in customer's banners and account drawer, the precart
// drawer, the error pages): its code is a chunk of its own, which the browser loads when the part first renders, so
// the first page of an anonymous visit does not carry it (docs/storefront.md "Performance", ADR 098).
// The server renders the part in place like any component: every part's module is loaded before the first render
// (entry.server.tsx awaits serverPartsReady), so the HTML holds the part itself, never a placeholder streamed in
// later, and the page reads the same without JavaScript. In the browser, hydration leaves the server's HTML of the
// part in place until its chunk has arrived.
// A named part (ADR 107: the raffle screen on the shared offer route) is instead hydrated with the page when the page
// arrives with it: the server marks the page, and the browser loads the part's chunk before it hydrates.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

const serverLoads: Promise<unknown>[] = [];
const arrivalLoads: Promise<unknown>[] = [];
/** The `<meta name>` a page carries for each named part it arrived with (hoisted into the head by React). */
const ARRIVAL_META = 'deferred-part';

/** Resolves once every deferred part's module is loaded on the server (the first render waits for it). */
export function serverPartsReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * Resolves once the named parts this page arrived with have their code in the browser (entry.client.tsx hydrates
 * then). Call it after the route modules have run: they declare the parts.
 */
export function arrivalPartsReady(): Promise<unknown> {
  return Promise.all(arrivalLoads);
}

/**
 * `placeholder` shows while the chunk loads in the browser after a client navigation (e.g. a drawer's own trigger, so
 * the header's button does not pop in); by default nothing. `name` makes the part hydrate with the page it arrived
 * in (for a part that is most of a page, whose HTML should not wait for a chunk requested during hydration).
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: (props: P) => ReactNode = () => null,
  name?: string,
): ComponentType<P> {
  let ready: ComponentType<P> | null = null;
  const preload = () =>
    load().then(
      (component) => {
        ready = component;
      },
      // A chunk that fails to load is the lazy path's to report (the render-failure boundary).
      () => undefined,
    );
  if (import.meta.env.SSR) serverLoads.push(preload());
  else if (name && document.querySelector(`meta[name="${ARRIVAL_META}"][content="${name}"]`))
    arrivalLoads.push(preload());
  const InBrowser = lazy(async () => ({ default: await load() }));
  return function DeferredPart(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module's component would remount the part.
    const [Part] = useState<ComponentType<P>>(() => ready ?? InBrowser);
    return (
      <Suspense fallback={placeholder(props)}>
        {import.meta.env.SSR && name ? <meta name={ARRIVAL_META} content={name} /> : null}
        <Part {...props} />
      </Suspense>
    );
  };
}
