// Draw and results calls of spec features §7 ("Draw and offer calls"), under /api/v2. Public results are cacheable
// (Cache-Control public + ETag): they are hit hardest right after a draw.
import type { FastifyPluginAsync } from 'fastify';
import { drawDetailsRoutes } from './draws.details.routes.ts';
import { drawResultsRoutes } from './draws.results.routes.ts';
import { etagHook, type DrawRouteServices } from './draws.wire.ts';

export type { CustomerDrawOrder, RaffleResultsSource, DrawRouteServices as DrawsRoutesOptions } from './draws.wire.ts';
export { toWireDraw } from './draws.wire.ts';

export const drawsRoutes: FastifyPluginAsync<DrawRouteServices> = async (app, opts) => {
  app.addHook('preSerialization', etagHook);
  // The parent's prefix is already applied: the sub-plugins share its options, not a second prefix.
  const sub = { ...opts, prefix: '' };
  await app.register(drawResultsRoutes, sub);
  await app.register(drawDetailsRoutes, sub);
};
