// `npm start`: the API and the server-rendered storefront on one port (DESIGN.md §1), in one process or, with
// SHOP_WORKERS > 1, in a primary (database, migrations, seed, jobs) and that many HTTP workers sharing the port
// (node:cluster, ADR 032).
import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestListener } from '@react-router/node';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { buildApp, buildWebApp } from './app.ts';
import { migrate, openDatabase, type Database } from './db/index.ts';
import { EmbeddedDatabaseError } from './db/embedded.ts';
import { loadConfig, productionProblems, type AppConfig } from './env.ts';
import { answerClusterMetrics } from './plugins/metrics.ts';
import { systemClock } from './lib/clock.ts';
import { seedIfEmpty } from './seed/index.ts';
import { startJobs, type JobRunner } from './jobs/runner.ts';
import { shopTasks } from './jobs/shop-tasks.ts';
import { createServices, type Services } from './services.ts';

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

/**
 * SHOP_WORKERS: how many processes serve HTTP (scripts/start.mjs sets it, by default one per core). Unset here means
 * one: the server started directly (tests, the e2e journeys) stays today's single process.
 */
function workerCount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new StartupError(`SHOP_WORKERS must be a whole number from 1 to 64 (it is "${value}").`);
  return n;
}

async function main(argv: string[]) {
  const unknown = argv.filter((a) => !OPTIONS.includes(a));
  if (unknown.length)
    throw new StartupError(`Unknown option ${unknown.join(' ')}; the options are ${OPTIONS.join(' and ')}.`);
  const apiOnly = argv.includes('--api-only');
  const webOnly = argv.includes('--web-only');
  if (apiOnly && webOnly)
    throw new StartupError('Choose one of --api-only and --web-only (neither runs both in one process).');
  const config = loadConfig();
  if (cluster.isWorker) return startWorker(config, apiOnly);
  const problems = productionProblems(config, webOnly ? 'web' : 'api');
  if (problems.length) throw new StartupError(problems.join('\n'));
  if (!apiOnly && !fs.existsSync(WEB_SERVER_BUILD)) {
    throw new StartupError(
      'The storefront is not built (apps/web/build is missing): run `npm run build`, or start the API alone with --api-only.',
    );
  }
  if (webOnly) return startWebOnly(config);
  const workers = workerCount(process.env.SHOP_WORKERS);
  return workers > 1 ? startPrimary(config, apiOnly, workers) : startSingle(config, apiOnly);
}

/** The database opened and brought up to date, with the services of the composition root over it. */
async function prepare(database: Database, config: AppConfig) {
  await migrate(database);
  // The composition root: the app and the jobs share every service (and its in-memory caches).
  const services = createServices({ database, clock: systemClock, config, liveCaches: true });
  await seedIfEmpty(services);
  return services;
}

/** The HTTP app of one process (the API, and the storefront unless --api-only), listening. */
async function serve(services: Services, config: AppConfig, apiOnly: boolean) {
  let port = config.port;
  const app = await buildApp({
    services,
    ...(apiOnly ? {} : { webHandler: await webHandlerFor(config, () => port), webAssetsDir: WEB_ASSETS_DIR }),
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  port = (app.server.address() as AddressInfo).port;
  return app;
}

async function announceReady(services: Services, config: AppConfig, workers: number) {
  const { siteName } = await services.platform.getWebConfig();
  const processes = workers > 1 ? ` (${workers} worker processes)` : '';
  process.stdout.write(`${siteName} is ready at ${config.publicUrl}${processes}\n`);
}

/** SHOP_WORKERS=1: one process runs the database, the jobs and the HTTP server, as before issue 22. */
async function startSingle(config: AppConfig, apiOnly: boolean) {
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
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
    const services = await prepare(database, config);
    app = await serve(services, config, apiOnly);
    if (config.jobsEnabled)
      jobs = await startJobs({ database, log: app.log, tasks: shopTasks({ services, log: app.log }) });
    await announceReady(services, config, 1);
  } catch (err) {
    await jobs?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
}

/** A worker that dies sooner than this after its start is replaced after a pause, so a crash loop does not spin. */
const QUICK_CRASH_MS = 10_000;
/** How long a shutdown waits for the workers to finish their requests before it stops them. */
const WORKER_STOP_MS = 15_000;

/**
 * SHOP_WORKERS > 1 (ADR 032): this primary process starts (or attaches to) PostgreSQL, migrates and seeds once, runs
 * the jobs (the one job runner, so no periodic task is offered twice), and forks the workers that serve HTTP on the
 * shared port (node:cluster). A worker that dies is replaced; a signal stops the workers first (each finishes its
 * requests), then the jobs, then the database, so the embedded server stops last.
 */
async function startPrimary(config: AppConfig, apiOnly: boolean, workers: number) {
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  let jobs: JobRunner | undefined;
  let stopping = false;
  const startedAt = new Map<number, number>();
  const ready = new Set<number>();
  let startupFailed: ((err: Error) => void) | undefined;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.on('message', (msg: unknown) => {
      if ((msg as { type?: string } | null)?.type === 'ready') ready.add(worker.id);
    });
  };
  const stopWorkers = async () => {
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    await Promise.all(
      alive.map(
        (w) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => w!.process.kill('SIGKILL'), WORKER_STOP_MS);
            w!.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            if (w!.isConnected()) w!.send({ type: 'shutdown' });
            else w!.process.kill('SIGKILL');
          }),
      ),
    );
  };
  const close = async () => {
    stopping = true;
    try {
      await stopWorkers();
      await jobs?.stop();
    } finally {
      await database.close();
    }
  };
  exitOnSignals(close);
  answerClusterMetrics();

  cluster.on('exit', (worker, code, signal) => {
    const wasReady = ready.delete(worker.id);
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) return;
    if (!wasReady && startupFailed) {
      startupFailed(new StartupError(`A worker process could not start (exit code ${code ?? signal}); see above.`));
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'worker process died: starting another');
    if (lived < QUICK_CRASH_MS) setTimeout(() => !stopping && fork(), 1000).unref();
    else fork();
  });

  try {
    const services = await prepare(database, config);
    if (config.jobsEnabled) jobs = await startJobs({ database, log, tasks: shopTasks({ services, log }) });
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (ready.size < workers) return;
        clearInterval(check);
        startupFailed = undefined;
        resolve();
      }, 20);
      startupFailed = (err) => {
        clearInterval(check);
        startupFailed = undefined;
        reject(err);
      };
      for (let i = 0; i < workers; i++) fork();
    });
    await announceReady(services, config, workers);
  } catch (err) {
    stopping = true;
    await stopWorkers().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
}

/**
 * One of the primary's workers: attaches to the database the primary prepared and serves HTTP. It runs no jobs and
 * never migrates or seeds. It stops when the primary asks or goes away; a terminal's Ctrl-C reaches the whole
 * process group, and the primary, not each worker, decides the order of the shutdown.
 */
async function startWorker(config: AppConfig, apiOnly: boolean) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      try {
        await app?.close();
      } finally {
        await database.close();
      }
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`Worker shutdown failed: ${(err as Error).message}\n`);
        process.exit(1);
      },
    ));
  process.on('message', (msg: unknown) => {
    if ((msg as { type?: string } | null)?.type === 'shutdown') void close();
  });
  process.on('disconnect', () => void close());
  try {
    const services = createServices({ database, clock: systemClock, config, liveCaches: true });
    app = await serve(services, config, apiOnly);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  process.send?.({ type: 'ready' });
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
