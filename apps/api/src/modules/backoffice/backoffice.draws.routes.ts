// Draws in the back office (/api/admin/draws, /api/admin/raffles; draws.manage; docs/operators.md): the schedule, a
// result entered by one operator and confirmed by a second before it is official, settlement once it is (refused
// before; idempotent), the winners and prize totals, and raffle draws with their commitment, seed and verification
// link. Every write is audited. (Syndicate and giveaway draws: backoffice.group-draws.routes.ts.)
import {
  AdminDraw,
  AdminDrawParams,
  AdminDrawsQuery,
  AdminList,
  AdminRaffleDraw,
  AdminRaffleParams,
  AdminResultBody,
  AdminResultProposal,
  AdminResultsImport,
  AdminResultsImportBody,
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

  routes.get(
    '/draws/:drawId',
    {
      onRequest: officer,
      schema: { tags, summary: 'One draw of the schedule', params, response: { 200: successEnvelope(AdminDraw) } },
    },
    async (request) => ok(await draws.get(request.params.drawId)),
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
    '/draws/results/import',
    {
      onRequest: officer,
      schema: {
        tags,
        summary:
          'Import an official results file: each draw gets a result waiting for a second operator (422 with every reason, nothing imported)',
        body: AdminResultsImportBody,
        response: { 200: successEnvelope(AdminResultsImport) },
      },
    },
    async (request) =>
      ok(
        await audited(
          access,
          request,
          { action: 'draw.result.import', target: 'results-file', input: { file: request.body.feed } },
          () => draws.importResults(request.body.feed, actorOf(request)),
        ),
      ),
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
};
