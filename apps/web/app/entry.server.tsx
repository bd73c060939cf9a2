// Streaming SSR (React Router's Node entry) with the per-request CSP nonce from the load context.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import './lib/load-context.ts';
import { finishSharedHeaders } from './lib/http-caching.ts';
import { NonceContext } from './lib/nonce.tsx';
import { serverPartsReady } from './ui/deferred-part.tsx';
import { useShopErrorMessages } from '@shop/contracts';

// The actions check forms with the contracts' schemas: with the house messages of spec features §5 (also when the
// storefront runs without the API in its process).
useShopErrorMessages();

export const streamTimeout = 5_000;

/** Client navigations' data (`.data`): a shared answer carries no cookies either (lib/http-caching.ts). */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  finishSharedHeaders(request, response.headers);
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // React Router adds every loader's Set-Cookie whatever the routes' `headers` say: a shared page drops them here.
  finishSharedHeaders(request, responseHeaders);
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = typeof loadContext?.cspNonce === 'string' && loadContext.cspNonce ? loadContext.cspNonce : undefined;
  // The parts the browser loads on demand render in place here (ui/deferred-part.tsx): their modules, loaded once.
  await serverPartsReady();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and SPA mode wait for everything; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A finished Suspense boundary is written in place however big it is. By default React moves one past 12.8 KB
        // (or past that much inline boundary content) to the end of the response, hidden, for a script to put back:
        // the page would show the part late (a layout shift) and never without JavaScript. Deferred parts render in
        // Suspense boundaries (ui/deferred-part.tsx), the raffle screen among them (ADR 107).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router; later ones only we can see.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
