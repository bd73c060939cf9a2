// The operators' content calls (features §7: operators only), through the same ContentEditor the operator CLI uses
// (validation, versions, ADR 035): POST /api/cms/items/{collection} creates an item, a draft unless published now or
// at a date; GET …/{id}/versions lists an item's versions; POST …/versions/{n}/restore brings one back as a new
// version, live at once. The back office's gate lets in operators whose role may write content (401/403 otherwise,
// a refusal audited); every write is recorded in its audit log.
import {
  CmsItemByIdParams,
  CmsItemParams,
  CmsStatus,
  CmsVersion,
  CmsVersionParams,
  CreateCmsItemBody,
  RestoredCmsItem,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import type { ContentEditor } from './content.editor.ts';

/** How the content API reaches the back office's operators (wired in routes.ts; this module knows none of them). */
export interface ContentWriteAccess {
  /** preHandler: only an operator allowed to write content passes. */
  gate: (request: FastifyRequest) => Promise<void>;
  /** Who a request that passed the gate acts as (recorded as the version's author). */
  actorOf: (request: FastifyRequest) => string;
  /** Records a write in the audit log. */
  audit: (
    request: FastifyRequest,
    entry: { action: string; target: string; detail: Record<string, unknown> },
  ) => Promise<void>;
}

export interface ContentWriteRoutesOptions {
  editor: ContentEditor;
  access: ContentWriteAccess;
}

const CreatedCmsItem = z.object({
  collection: z.string(),
  id: z.string(),
  version: z.number(),
  status: CmsStatus,
  datePublished: z.string().nullable(),
});

export const contentWriteRoutes: FastifyPluginAsync<ContentWriteRoutesOptions> = async (app, { editor, access }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/items/:collection',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary: 'Create a content item (operators only): a draft unless published now or at datePublished',
        params: CmsItemParams,
        body: CreateCmsItemBody,
        response: { 200: successEnvelope(CreatedCmsItem) },
      },
    },
    async (request) => {
      const { id, status, datePublished, data } = request.body;
      const created = await editor.create(
        request.params.collection,
        {
          ...(id !== undefined ? { id } : {}),
          status,
          datePublished: datePublished ? new Date(datePublished) : null,
          data,
        },
        access.actorOf(request),
      );
      await access.audit(request, {
        action: 'content.create',
        target: `${created.collection}/${created.id}`,
        detail: {
          after: {
            status: created.status,
            datePublished: created.datePublished?.toISOString() ?? null,
            version: created.version,
          },
        },
      });
      return ok({ ...created, datePublished: created.datePublished?.toISOString() ?? null });
    },
  );

  routes.get(
    '/items/:collection/:id/versions',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary:
          "An item's versions, newest first: number, action, status, publish date, author and time (operators only)",
        params: CmsItemByIdParams,
        response: { 200: successEnvelope(z.array(CmsVersion)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await editor.versions(request.params.collection, request.params.id));
    },
  );

  routes.post(
    '/items/:collection/:id/versions/:version/restore',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary: "Bring back an earlier version's fields as a new version, live at once (operators only)",
        params: CmsVersionParams,
        response: { 200: successEnvelope(RestoredCmsItem) },
      },
    },
    async (request) => {
      const { collection, id, version } = request.params;
      const restored = await editor.restore(collection, id, version, access.actorOf(request));
      await access.audit(request, {
        action: 'content.restore',
        target: `${restored.collection}/${restored.id}`,
        detail: { after: { version: restored.version, restoredFrom: restored.restoredFrom } },
      });
      return ok(restored);
    },
  );
};
