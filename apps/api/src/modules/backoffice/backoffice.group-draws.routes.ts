// The draw officer's group draws (/api/admin/syndicates, /api/admin/giveaways; draws.manage; docs/operators.md): the
// syndicates riding on lottery draws (settled with their draw), and Daily Winners giveaway draws, which the officer can
// draw now (close the entries, draw from the committed seed, pay), as `ops membership:draw` does. The draw is audited.
import {
  AdminGiveaway,
  AdminGiveawayDraw,
  AdminGiveawayParams,
  AdminGiveawaysQuery,
  AdminList,
  AdminSyndicate,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

export interface GroupDrawsRoutesOptions {
  access: AdminAccess;
  groupDraws: {
    /** The latest syndicates: each is settled with its lottery draw (no draw of its own). */
    syndicates(): Promise<AdminSyndicate[]>;
    giveaways(q: {
      status?: 'open' | 'closed';
      limit: number;
      offset: number;
    }): Promise<{ items: AdminGiveaway[]; total: number }>;
    /** Closes a giveaway's entries now, draws and pays (what `ops membership:draw` does); idempotent. */
    drawGiveaway(giveawayId: string): Promise<AdminGiveawayDraw>;
  };
}

export const backofficeGroupDrawsRoutes: FastifyPluginAsync<GroupDrawsRoutesOptions> = async (app, options) => {
  const { access } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const officer = access.requireOperator('draws.manage');

  routes.get(
    '/syndicates',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: 'The latest syndicates with their lottery draw (settled with that draw) and shares sold',
        response: { 200: successEnvelope(z.array(AdminSyndicate)) },
      },
    },
    async () => ok(await options.groupDraws.syndicates()),
  );

  routes.get(
    '/giveaways',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: 'Daily Winners giveaway draws (open or closed), with entries and prizes',
        querystring: AdminGiveawaysQuery,
        response: { 200: successEnvelope(AdminList(AdminGiveaway)) },
      },
    },
    async (request) => ok(await options.groupDraws.giveaways(request.query)),
  );

  routes.post(
    '/giveaways/:giveawayId/draw',
    {
      onRequest: officer,
      schema: {
        tags,
        summary:
          "Close a giveaway's entries now, draw its winners from the committed seed and pay (as ops membership:draw)",
        params: AdminGiveawayParams,
        response: { 200: successEnvelope(AdminGiveawayDraw) },
      },
    },
    async (request) => {
      const { giveawayId } = request.params;
      return ok(
        await audited(
          access,
          request,
          {
            action: 'giveaway.draw',
            target: giveawayId,
            detail: (r) => ({ drawn: r.drawn, winners: r.winners.length, status: r.giveaway.status }),
          },
          () => options.groupDraws.drawGiveaway(giveawayId),
        ),
      );
    },
  );
};
