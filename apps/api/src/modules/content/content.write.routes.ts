// POST /api/cms/items/{collection} (features §7: operators only): creates a content item, a draft unless published
// now or at a date, through the same ContentEditor the operator CLI uses (validation, versions). The back office's
// gate lets in operators whose role may write content (401/403 otherwise); every write is recorded in its audit log.
import { CmsItemParams, CmsStatus, CreateCmsItemBody, successEnvelope } from '@shop/contracts';
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
};
