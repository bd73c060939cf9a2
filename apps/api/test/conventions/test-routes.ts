// Routes that exist only in convention tests: they exercise the plugins the way real modules will.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationQuery, successEnvelope } from '@shop/contracts';
import { ok } from '../../src/lib/http.ts';
import { AppError, unprocessable } from '../../src/lib/errors.ts';
import { pageOf, paginatedEnvelope } from '../../src/lib/pagination.ts';

export const EchoBody = z
  .object({
    addressLine2: z.string().max(100),
    atvCommercial: z.boolean(),
    nested: z.object({ innerKey: z.array(z.object({ deepValue1: z.number().int() })) }).strict(),
    tags: z.array(z.string()),
  })
  .strict();

export const FormBody = z.object({ refreshToken: z.string().min(1), addressLine2: z.string() }).strict();

export const NUMBERS = Array.from({ length: 23 }, (_, i) => ({ numberId: `n_${i + 1}` }));

export function registerTestRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v2/test/echo',
    { schema: { body: EchoBody, response: { 200: successEnvelope(EchoBody) } } },
    async (request) => ok(request.body),
  );

  app.post(
    '/api/v2/test/form',
    { schema: { body: FormBody, response: { 200: successEnvelope(FormBody) } } },
    async (request) => ok(request.body),
  );

  app.get(
    '/api/v2/test/query',
    { schema: { querystring: z.object({ drawDate: z.string(), numDraws: z.coerce.number().int().min(1) }).strict() } },
    async (request) => ok({ seen: request.query, version: request.apiVersion, ctx: request.ctx }),
  );

  app.get('/api/v2/test/versions', { config: { apiVersions: ['3.3', '3.4'] } }, async (request) =>
    ok({ version: request.apiVersion }),
  );

  app.get(
    '/api/v2/test/numbers',
    {
      schema: {
        querystring: paginationQuery(5).extend({ sortHint: z.string().optional() }),
        response: { 200: paginatedEnvelope(z.object({ numberId: z.string() })) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return pageOf(NUMBERS.slice(offset, offset + limit), NUMBERS.length, { limit, offset }, request.url);
    },
  );

  app.get('/api/v2/test/boom', async () => {
    throw new Error('relation "secret_table" does not exist at Query.run (/srv/app/db.ts:42)');
  });

  app.get('/api/v2/test/business', async () => {
    throw unprocessable('This draw has closed.', 'draw_closed', {
      drawId: ['Pick another draw.'],
      'address.addressLine2': ['Required.'],
    });
  });

  app.get('/api/v2/test/teapot', async () => {
    throw new AppError(409, 'Already in progress.', { code: 'idempotency_in_flight', headers: { 'retry-after': '2' } });
  });

  app.get('/api/v2/test/empty', async (_request, reply) => reply.code(204).send());

  app.get('/api/v2/test/cookie/set', async (_request, reply) => {
    void reply.setCookie('customer_segment_name', 'charity', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: 3600,
    });
    return ok({ set: true });
  });

  app.get('/api/v2/test/cookie/read', async (request) =>
    ok({ segment: request.cookies.customer_segment_name ?? null }),
  );
}
