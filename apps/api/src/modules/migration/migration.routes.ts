// POST /migration/migrate (features §7 "Migration"): 202 while the migration job runs, 200 once migrated, 409 for a
// customer with nothing to migrate. The storefront posts once, then polls the same call every 3 seconds.
import { MigrationResult, successEnvelope } from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { MigrationService } from './migration.service.ts';

export interface MigrationRoutesOptions {
  migration: MigrationService;
}

export const migrationRoutes: FastifyPluginAsync<MigrationRoutesOptions> = async (app, { migration }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/migration/migrate',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['migration'],
        summary: 'Migrate the legacy account: 202 while in progress, 200 when migrated, 409 when not eligible',
        response: { 200: successEnvelope(MigrationResult), 202: successEnvelope(MigrationResult) },
      },
    },
    async (request, reply) => {
      const status = await migration.migrate(request.auth!.customerId);
      reply.code(status === 'migrated' ? 200 : 202);
      return ok({ migrationStatus: status });
    },
  );
};
