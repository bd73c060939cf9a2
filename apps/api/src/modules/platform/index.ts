// Platform domain: the site's web configuration and the segments whose capability flags gate pages and features.
// Other code imports only from here.
export { platformRoutes, type PlatformRoutesOptions } from './platform.routes.ts';
export { createPlatformService, StoredWebConfig, type PlatformDeps, type PlatformService } from './platform.service.ts';
export { createCspReportService, type CspReportService } from './platform.csp-reports.ts';
export {
  createServerErrorLog,
  scrubMessage,
  type ServerErrorLog,
  type ServerFailure,
} from './platform.server-errors.ts';
