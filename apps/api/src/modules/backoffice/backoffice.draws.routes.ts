// Draws in the back office (/api/admin/draws, /api/admin/raffles; draws.manage; docs/operators.md): the schedule, a
// result entered by one operator and confirmed by a second before it is official, settlement once it is (refused
// before; idempotent), the winners and prize totals, and raffle draws with their commitment, seed and verification
// link, the syndicates riding on lottery draws, and Daily Winners giveaway draws (drawn now, as `ops membership:draw`).
// Every write is audited.
import {
  AdminDraw,
  AdminDrawParams,
  AdminDrawsQuery,
  AdminGiveaway,
  AdminGiveawayDraw,
  AdminGiveawayParams,
  AdminGiveawaysQuery,
  AdminList,
  AdminSyndicate,
  AdminRaffleDraw,
  AdminRaffleParams,
  AdminResultBody,
  AdminResultProposal,
  AdminSettleReport,
  AdminWinners,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import type { BackofficeDraws } from './backoffice.draws.ts';
import { actorOf, audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

export interface DrawsRoutesOptions {
  access: AdminAccess;
  draws: BackofficeDraws;
  /** Closes a raffle draw now and draws it (what `ops raffle:draw` does); idempotent. */
  drawRaffle(drawId: string): Promise<z.infer<typeof AdminRaffleDraw>>;
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

export const backofficeDrawsRoutes: FastifyPluginAsync<DrawsRoutesOptions> = async (app, options) => {
  const { access, draws } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const officer = access.requireOperator('draws.manage');
  const params = AdminDrawParams;

  routes.get(
    '/draws',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: 'Lottery draws of an offer and/or a state, by draw time',
        querystring: AdminDrawsQuery,
        response: { 200: successEnvelope(AdminList(AdminDraw)) },
      },
    },
    async (request) => {
      const { offer, status, limit, offset } = request.query;
      return ok(await draws.list({ gameKey: offer, status }, { limit, offset }));
    },
  );

  routes.post(
    '/draws/:drawId/close',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: "Close a draw's sales now (as ops draw:advance does first); the next draw goes on sale; audited",
        params,
        response: { 200: successEnvelope(z.object({ draw: AdminDraw, changed: z.boolean() })) },
      },
    },
    async (request) => {
      const { drawId } = request.params;
      return ok(
        await audited(
          access,
          request,
          { action: 'draw.close', target: drawId, detail: (r) => ({ status: r.draw.status, changed: r.changed }) },
          () => draws.close(drawId),
        ),
      );
    },
  );

  routes.get(
    '/draws/:drawId/results',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: 'The result waiting for a second operator’s confirmation, or null',
        params,
        response: { 200: successEnvelope(AdminResultProposal.nullable()) },
      },
    },
    async (request) => ok(await draws.waiting(request.params.drawId)),
  );

  routes.post(
    '/draws/:drawId/results',
    {
      onRequest: officer,
      schema: {
        tags,
        summary:
          "Enter a draw's result: checked against the game's rules (422 with the reason), official once confirmed",
        params,
        body: AdminResultBody,
        response: { 200: successEnvelope(AdminResultProposal) },
      },
    },
    async (request) => {
      const { drawId } = request.params;
      return ok(
        await audited(
          access,
          request,
          { action: 'draw.result.propose', target: drawId, input: { entered: request.body } },
          () => draws.propose(drawId, request.body, actorOf(request)),
        ),
      );
    },
  );

  routes.post(
    '/draws/:drawId/results/confirm',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: 'Confirm the result another operator entered: it becomes official (as ops draw:result); own: 403',
        params,
        response: { 200: successEnvelope(z.object({ proposal: AdminResultProposal, draw: AdminDraw })) },
      },
    },
    async (request) => {
      const { drawId } = request.params;
      return ok(
        await audited(access, request, { action: 'draw.result.confirm', target: drawId }, () =>
          draws.confirm(drawId, actorOf(request)),
        ),
      );
    },
  );

  routes.post(
    '/draws/:drawId/settle',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: 'Settle a draw with an official result: score, record and pay prizes (409 before; idempotent)',
        params,
        response: { 200: successEnvelope(AdminSettleReport) },
      },
    },
    async (request) => {
      const { drawId } = request.params;
      return ok(await audited(access, request, { action: 'draw.settle', target: drawId }, () => draws.settle(drawId)));
    },
  );

  routes.get(
    '/draws/:drawId/winners',
    {
      onRequest: officer,
      schema: {
        tags,
        summary: 'The winning tickets of a draw and the prize total',
        params,
        response: { 200: successEnvelope(AdminWinners) },
      },
    },
    async (request) => ok(await draws.winners(request.params.drawId)),
  );

  routes.post(
    '/raffles/:drawId/draw',
    {
      onRequest: officer,
      schema: {
        tags,
        summary:
          'Close a raffle draw now and draw its winners from the committed seed (as ops raffle:draw); idempotent',
        params: AdminRaffleParams,
        response: { 200: successEnvelope(AdminRaffleDraw) },
      },
    },
    async (request) => {
      const { drawId } = request.params;
      return ok(
        await audited(access, request, { action: 'raffle.draw', target: drawId }, () => options.drawRaffle(drawId)),
      );
    },
  );

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
