// `npm start`: one Node process serving the API and the server-rendered storefront on one port (DESIGN.md §1).
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestListener } from '@react-router/node';
import type { ServerBuild } from 'react-router';
import { buildApp, buildWebApp } from './app.ts';
import { migrate, openDatabase } from './db/index.ts';
import { EmbeddedDatabaseError } from './db/embedded.ts';
import { loadConfig, productionProblems, type AppConfig } from './env.ts';
import { systemClock } from './lib/clock.ts';
import { seedIfEmpty } from './seed/index.ts';
import { startJobs, type JobRunner } from './jobs/runner.ts';
import { shopTasks } from './jobs/shop-tasks.ts';
import { createServices } from './services.ts';

const WEB_SERVER_BUILD = fileURLToPath(new URL('../../web/build/server/index.js', import.meta.url));
const WEB_ASSETS_DIR = fileURLToPath(new URL('../../web/build/client', import.meta.url));

class StartupError extends Error {}

/** The origin the SSR loaders use to reach this same process. */
function loopbackOrigin(host: string, port: number) {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost';
  if (wildcard) return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

async function webHandlerFor(config: AppConfig, port: () => number) {
  const appSecret = config.appKeys.web;
  if (!appSecret)
    throw new StartupError(
      'APP_KEYS has no "web" key; the storefront signs its API calls with it (e.g. APP_KEYS=web:<secret>).',
    );
  // Imported once: a build *function* is called on every request, and each dynamic import() then goes through the
  // module loader again (a round trip to tsx's loader thread), which cost whole milliseconds per page under load.
  const build = (await import(pathToFileURL(WEB_SERVER_BUILD).href)) as ServerBuild;
  // getLoadContext receives a Fetch Request, not the Node request that carries this response's CSP nonce; the
  // request is passed through AsyncLocalStorage instead.
  const current = new AsyncLocalStorage<IncomingMessage>();
  const listener = createRequestListener({
    build,
    getLoadContext: () => ({
      apiOrigin: config.apiOrigin ?? loopbackOrigin(config.host, port()),
      appKey: 'web',
      appSecret,
      cspNonce: current.getStore()?.cspNonce,
      clientIp: current.getStore()?.clientIp,
    }),
    // Always a production build (react-router build), so always production mode: render errors reach visitors
    // sanitised, whatever NODE_ENV says.
    mode: 'production',
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    current.run(req, () => {
      void listener(req, res);
    });
  };
}

/** SIGINT/SIGTERM run `close` once and exit; a second signal exits at once. */
function exitOnSignals(close: () => Promise<void>) {
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    if (closing) {
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    closing = close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`Shutdown failed: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

const OPTIONS = ['--api-only', '--web-only'];

async function main(argv: string[]) {
  const unknown = argv.filter((a) => !OPTIONS.includes(a));
  if (unknown.length)
    throw new StartupError(`Unknown option ${unknown.join(' ')}; the options are ${OPTIONS.join(' and ')}.`);
  const apiOnly = argv.includes('--api-only');
  const webOnly = argv.includes('--web-only');
  if (apiOnly && webOnly)
    throw new StartupError('Choose one of --api-only and --web-only (neither runs both in one process).');
  const config = loadConfig();
  const problems = productionProblems(config, webOnly ? 'web' : 'api');
  if (problems.length) throw new StartupError(problems.join('\n'));
  if (!apiOnly && !fs.existsSync(WEB_SERVER_BUILD)) {
    throw new StartupError(
      'The storefront is not built (apps/web/build is missing): run `npm run build`, or start the API alone with --api-only.',
    );
  }
  if (webOnly) return startWebOnly(config);

  const database = await openDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: JobRunner | undefined;
  exitOnSignals(async () => {
    try {
      await jobs?.stop();
      await app?.close();
    } finally {
      await database.close();
    }
  });

  try {
    await migrate(database);
    // The composition root: the app and the jobs share every service (and its in-memory caches).
    const services = createServices({ database, clock: systemClock, config, liveCaches: true });
    await seedIfEmpty(services);
    let port = config.port;
    app = await buildApp({
      services,
      ...(apiOnly ? {} : { webHandler: await webHandlerFor(config, () => port), webAssetsDir: WEB_ASSETS_DIR }),
    });
    await app.listen({ host: config.host, port: config.port });
    port = (app.server.address() as AddressInfo).port;
    if (config.jobsEnabled)
      jobs = await startJobs({
        database,
        log: app.log,
        tasks: shopTasks({ services, log: app.log }),
      });
    const { siteName } = await services.platform.getWebConfig();
    process.stdout.write(`${siteName} is ready at ${config.publicUrl}\n`);
  } catch (err) {
    await jobs?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
}

/** The storefront alone, rendering against API_ORIGIN; behind a load balancer that sends /api to the API processes. */
async function startWebOnly(config: AppConfig) {
  if (!config.apiOrigin) {
    throw new StartupError(
      'A web-only process renders pages from an API process: set API_ORIGIN (e.g. API_ORIGIN=http://127.0.0.1:3001 with PORT=3001 npm run start:api).',
    );
  }
  const app = await buildWebApp({
    config,
    webHandler: await webHandlerFor(config, () => config.port),
    webAssetsDir: WEB_ASSETS_DIR,
  });
  exitOnSignals(() => app.close());
  await app.listen({ host: config.host, port: config.port });
  process.stdout.write(`The storefront is ready at ${config.publicUrl} (API at ${config.apiOrigin})\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  if (err instanceof StartupError || err instanceof EmbeddedDatabaseError) process.stderr.write(`${e.message}\n`);
  else if (e.code === 'EADDRINUSE')
    process.stderr.write(`Port ${process.env.PORT ?? 3000} is already in use: stop the other server or set PORT.\n`);
  else process.stderr.write(`Could not start: ${e.stack ?? String(err)}\n`);
  process.exit(1);
});
