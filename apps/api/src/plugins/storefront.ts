// The storefront shares the API's process (DESIGN.md §1): built files come from the web build, every other non-/api
// path goes to React Router's request handler untouched (the body stream is left unread for its actions).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import compression from 'compression';

export type WebHandler = (req: IncomingMessage, res: ServerResponse) => void;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';
const BLANK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ok</title></head><body></body></html>';
const WEB_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const storefrontPlugin: FastifyPluginAsync<{ webHandler?: WebHandler; webAssetsDir?: string }> = async (
  app,
  { webHandler, webAssetsDir },
) => {
  // The heartbeat target (spec core §7): tiny, never cached, so each call reaches the server.
  app.get('/blank.html', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(BLANK_HTML),
  );

  if (webAssetsDir && existsSync(webAssetsDir)) {
    await app.register(async (assets) => {
      assets.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), staticAsset: true };
      });
      await assets.register(fastifyStatic, {
        root: webAssetsDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The web build writes .br/.gz beside each bundle (apps/web/scripts/precompress.mjs): served as they are.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // Fingerprinted bundles never change; anything else (favicon, robots.txt) may.
          const relative = path.relative(webAssetsDir, filePath).split(path.sep);
          void res.header('cache-control', relative[0] === 'assets' ? IMMUTABLE : SHORT);
        },
      });
    });
  }

  if (!webHandler) return;
  // The web handler writes the raw response itself, past @fastify/compress: pages are compressed here instead
  // (a home page is ~34 KB of HTML and ~8 KB gzipped, which matters on a phone on a slow network).
  const compress = compression({ threshold: 1024 });
  await app.register(async (web) => {
    // No body parsing: the web handler reads the raw stream itself.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      reply.hijack();
      compress(request.raw as Parameters<typeof compress>[0], reply.raw as Parameters<typeof compress>[1], () =>
        webHandler(request.raw, reply.raw),
      );
    };
    const config = { storefrontPage: true };
    web.route({ method: [...WEB_METHODS], url: '/', exposeHeadRoute: false, schema: { hide: true }, config, handler });
    web.route({ method: [...WEB_METHODS], url: '/*', exposeHeadRoute: false, schema: { hide: true }, config, handler });
  });
};

export default fp(storefrontPlugin, { name: 'storefront' });
