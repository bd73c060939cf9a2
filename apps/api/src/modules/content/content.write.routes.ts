// The operators' content calls (features §7: operators only), through the same ContentEditor and transfer the
// operator CLI uses (validation, versions, ADR 035): POST /api/cms/items/{collection} creates an item, a draft unless
// published now or at a date; PATCH …/{id} saves new fields (and publishes them when asked); POST …/{id}/publish and
// …/{id}/archive; GET …/{id}/versions lists an item's versions; POST …/versions/{n}/restore brings one back as a new
// version, live at once; POST /api/cms/files uploads an image (multipart), published at once. The back office's gate
// lets in operators whose role may write content (401/403 otherwise, a refusal audited); every write is recorded in
// its audit log with the item's state before and after.
import {
  CmsEditorDraft,
  CmsEditorItem,
  CmsEditorListQuery,
  CmsItemByIdParams,
  CmsItemParams,
  CmsPreviewLink,
  CmsPreviewLinkBody,
  CmsStatus,
  CmsVersion,
  CmsVersionParams,
  CreateCmsItemBody,
  PREVIEWABLE_COLLECTIONS,
  PublishCmsItemBody,
  RestoredCmsItem,
  successEnvelope,
  UpdateCmsItemBody,
  UploadedCmsFile,
  WrittenCmsItem,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { ContentEditor } from './content.editor.ts';
import type { ContentTransfer } from './content.transfer.ts';
import { PREVIEW_TTL_SECONDS, type PreviewClaims } from './content.preview.ts';
import { readFileUpload } from './content.upload.ts';

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
  /** File uploads (the bytes and their item). */
  transfer: ContentTransfer;
  access: ContentWriteAccess;
  /** Signs a preview link (the content service's key, ADR 036). */
  mintPreview: (claims: PreviewClaims, ttlSeconds: number) => string;
  clock: Clock;
}

interface ItemState {
  status: CmsStatus;
  datePublished: Date | null;
  version: number;
}
const stateForAudit = (s: ItemState) => ({
  status: s.status,
  datePublished: s.datePublished?.toISOString() ?? null,
  version: s.version,
});

/** What an update, publish or archive answers, and what the audit log keeps of it (the live state before and after). */
function written(result: ItemState & { collection: string; id: string; pending: boolean; before: ItemState }) {
  const { before, ...after } = result;
  return {
    answer: { ...after, datePublished: after.datePublished?.toISOString() ?? null },
    audit: {
      target: `${after.collection}/${after.id}`,
      detail: { before: stateForAudit(before), after: { ...stateForAudit(after), pending: after.pending } },
    },
  };
}

const CreatedCmsItem = z.object({
  collection: z.string(),
  id: z.string(),
  version: z.number(),
  status: CmsStatus,
  datePublished: z.string().nullable(),
});

export const contentWriteRoutes: FastifyPluginAsync<ContentWriteRoutesOptions> = async (app, opts) => {
  const { editor, transfer, access } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Its own plugin, without this one's prefix (it inherits it).
  await app.register(editorReadRoutes, { editor, transfer, access, mintPreview: opts.mintPreview, clock: opts.clock });
  routes.post(
    '/items/:collection',
    {
      preHandler: access.gate,
      // Markdown, HTML and paragraphs are text of many lines (ADR 093).
      config: { multiLineText: true },
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

  routes.patch(
    '/items/:collection/:id',
    {
      preHandler: access.gate,
      // Markdown, HTML and paragraphs are text of many lines (ADR 093).
      config: { multiLineText: true },
      schema: {
        tags: ['content'],
        summary:
          'Save new fields of an item as a new version (operators only); a live item keeps its fields until published. status "published" publishes it too, now or at datePublished',
        params: CmsItemByIdParams,
        body: UpdateCmsItemBody,
        response: { 200: successEnvelope(WrittenCmsItem) },
      },
    },
    async (request) => {
      const { collection, id } = request.params;
      const { data, status, datePublished } = request.body;
      const publish = status === 'published';
      const at = datePublished ? new Date(datePublished) : undefined;
      const done = written(await editor.update(collection, id, data, access.actorOf(request), { publish, at }));
      await access.audit(request, { action: 'content.update', ...done.audit });
      return ok(done.answer);
    },
  );

  routes.post(
    '/items/:collection/:id/publish',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary: 'Publish the newest version of an item (or version), now or at a date (operators only)',
        params: CmsItemByIdParams,
        body: PublishCmsItemBody.nullish(),
        response: { 200: successEnvelope(WrittenCmsItem) },
      },
    },
    async (request) => {
      const { collection, id } = request.params;
      const { version, at } = request.body ?? {};
      const options = { version, at: at ? new Date(at) : undefined };
      const done = written(await editor.publish(collection, id, options, access.actorOf(request)));
      await access.audit(request, { action: 'content.publish', ...done.audit });
      return ok(done.answer);
    },
  );

  routes.post(
    '/items/:collection/:id/archive',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary: 'Take an item down: visitors no longer see it; a page gives its path up (operators only)',
        params: CmsItemByIdParams,
        response: { 200: successEnvelope(WrittenCmsItem) },
      },
    },
    async (request) => {
      const { collection, id } = request.params;
      const done = written(await editor.archive(collection, id, access.actorOf(request)));
      await access.audit(request, { action: 'content.archive', ...done.audit });
      return ok(done.answer);
    },
  );

  routes.post(
    '/files',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary:
          'Upload an image (multipart/form-data: a "file" part of at most 512 KiB, PNG, JPEG, WebP, GIF, AVIF or SVG, and optional id, title and alt), published at once (operators only)',
        response: { 200: successEnvelope(UploadedCmsFile) },
      },
    },
    async (request) => {
      const input = await readFileUpload(request);
      const { version, before, ...file } = await transfer.upload(input, access.actorOf(request));
      await access.audit(request, {
        action: 'content.upload',
        target: `files/${file.id}`,
        detail: {
          before: before ? stateForAudit(before) : null,
          after: { status: 'published', version, type: file.type, filesize: file.filesize },
        },
      });
      return ok(file);
    },
  );
};

/** The back office's reads: every item of a collection in any state, one item's newest fields, a preview link. */
const editorReadRoutes: FastifyPluginAsync<ContentWriteRoutesOptions> = async (app, opts) => {
  const { editor, access } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/editor/items/:collection',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary:
          'Every item of a collection whatever its state (draft, published, scheduled, archived), searched by q, the most recently changed first (operators only)',
        params: CmsItemParams,
        querystring: CmsEditorListQuery,
        response: { 200: paginatedEnvelope(CmsEditorItem) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const page = await editor.list(request.params.collection, request.query);
      return pageOf(page.items, page.total, request.query, request.url);
    },
  );

  routes.get(
    '/editor/items/:collection/:id',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary: "One item's live state and its newest version's fields as stored, to edit (operators only)",
        params: CmsItemByIdParams,
        response: { 200: successEnvelope(CmsEditorDraft) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await editor.draft(request.params.collection, request.params.id));
    },
  );

  routes.post(
    '/items/:collection/:id/preview',
    {
      preHandler: access.gate,
      schema: {
        tags: ['content'],
        summary:
          "A signed link (1 hour) to the storefront's preview of a page or post: its newest version, or version (operators only)",
        params: CmsItemByIdParams,
        body: CmsPreviewLinkBody.nullish(),
        response: { 200: successEnvelope(CmsPreviewLink) },
      },
    },
    async (request, reply) => {
      const { collection, id } = request.params;
      const version = request.body?.version;
      if (!(PREVIEWABLE_COLLECTIONS as readonly string[]).includes(collection))
        throw unprocessable(`Only ${PREVIEWABLE_COLLECTIONS.join(' and ')} have a preview.`, 'not_previewable', {
          collection: ['This collection has no preview screen.'],
        });
      // The item (and the version) must exist: a link to nothing helps nobody.
      const versions = await editor.versions(collection, id);
      if (version !== undefined && !versions.some((v) => v.version === version))
        throw notFound(`Item "${id}" has no version ${version}.`, 'version_not_found');
      const ttl = PREVIEW_TTL_SECONDS.default;
      const claims = { collection: collection as PreviewClaims['collection'], id, version: version ?? null };
      const token = opts.mintPreview(claims, ttl);
      reply.header('cache-control', 'private, no-store');
      return ok({
        path: `/preview?token=${encodeURIComponent(token)}`,
        token,
        expiresAt: new Date(opts.clock.now().getTime() + ttl * 1000).toISOString(),
      });
    },
  );
};
