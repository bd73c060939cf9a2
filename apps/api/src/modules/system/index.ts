// System module: discovery, health, readiness, metrics and the API reference; no domain data of its own.
// Everything here is open (no app signature) so probes and operators can reach it.
export { systemRoutes, discoverServices, type SystemRoutesOptions } from './system.routes.ts';
export { renderDocsPage } from './docs-page.ts';
