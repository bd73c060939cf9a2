// Migration domain: legacy accounts imported with their balance, and the job that moves a customer's legacy balance
// into their wallet once (docs/migration.md). Other code imports only from here.
export { migrationRoutes, type MigrationRoutesOptions } from './migration.routes.ts';
export {
  createMigrationService,
  MIGRATION_TEXTS,
  migrationReference,
  type LegacyAccount,
  type MigrationService,
} from './migration.service.ts';
export { MIGRATION_STATUSES, type MigrationStatus } from './migration.schema.ts';
