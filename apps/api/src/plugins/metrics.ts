// Prometheus metrics: one registry per app instance (tests build many apps in one process), default process
// metrics plus a request duration histogram by route pattern, method and status. In a cluster worker (ADR 032) a
// scrape answers for the whole server: the worker asks the primary, which sums every worker's registry.
import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { AggregatorRegistry, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
  interface FastifyContextConfig {
    /** A server-rendered page: answered on the raw response, past Fastify's onResponse (see plugins/storefront.ts). */
    storefrontPage?: boolean;
  }
}

/** Every page shares one label: page paths would make a series per URL. */
const STOREFRONT_ROUTE = 'storefront';

const CLUSTER_METRICS = 'shop:cluster-metrics';
const CLUSTER_METRICS_TIMEOUT_MS = 10_000;
type MetricsMessage = { type: typeof CLUSTER_METRICS; id: string; text?: string; error?: string };
const isMetricsMessage = (m: unknown): m is MetricsMessage => (m as MetricsMessage | null)?.type === CLUSTER_METRICS;

/** The primary's side: answers a worker's request with every worker's metrics summed (prom-client's aggregator). */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMetricsMessage(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: CLUSTER_METRICS, id: message.id, text }),
      (err: Error) =>
        worker.isConnected() && worker.send({ type: CLUSTER_METRICS, id: message.id, error: err.message }),
    );
  });
}

/** A worker's view: its registry is offered to the primary's aggregator, and `metrics()` returns the sum. */
class ClusterMetrics extends Registry {
  private pending = new Map<string, { resolve: (text: string) => void; reject: (err: Error) => void }>();

  constructor(own: Registry) {
    super();
    // Constructed for its side effect: answering the primary's requests for this worker's registry.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([own]);
    process.on('message', (message: unknown) => {
      if (!isMetricsMessage(message)) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.text ?? '');
    });
  }

  override metrics(): Promise<string> {
    const id = randomUUID();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('The primary process did not answer with the metrics.'));
      }, CLUSTER_METRICS_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      });
      process.send!({ type: CLUSTER_METRICS, id });
    });
  }
}

const metricsPlugin: FastifyPluginAsync = async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests, by route pattern (storefront pages as "storefront"), method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.decorate('metrics', cluster.isWorker ? new ClusterMetrics(registry) : registry);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config?.storefrontPage) return;
    const started = process.hrtime.bigint();
    reply.raw.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      duration.observe(
        { route: STOREFRONT_ROUTE, method: request.method, status_code: String(reply.raw.statusCode) },
        seconds,
      );
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
};

export default fp(metricsPlugin, { name: 'metrics' });
