// Back office domain (issue 21; docs/operators.md): what operators do in the browser — customers, money, draws,
// identity documents, the dashboard, offers — under /api/admin, gated by operators.permissions.ts and audited. Its
// own tables are notes, adjustments and result proposals; everything else is reached through ports services.ts fills
// in. Other code imports only from here.
export {
  createBackofficeAdjustments,
  type AdjustmentPorts,
  type BackofficeAdjustments,
} from './backoffice.adjustments.ts';
export { createBackofficeDeposits, type BackofficeDeposits, type DepositPorts } from './backoffice.deposits.ts';
export { backofficeDepositsRoutes, type DepositsRoutesOptions } from './backoffice.deposits.routes.ts';
export { createBackofficeCustomers, type BackofficeCustomers, type CustomerPorts } from './backoffice.customers.ts';
export { createBackofficeDashboard, type BackofficeDashboard, type DashboardPorts } from './backoffice.dashboard.ts';
export { createBackofficeDraws, type BackofficeDraws, type DrawPorts } from './backoffice.draws.ts';
export { type AdminAccess } from './backoffice.http.ts';
export { backofficeCampaignsRoutes, type CampaignsRoutesOptions } from './backoffice.campaigns.routes.ts';
export { backofficeCustomersRoutes } from './backoffice.customers.routes.ts';
export { backofficeDeskRoutes, type DeskRoutesOptions } from './backoffice.desk.routes.ts';
export { backofficeDocumentsRoutes, type DocumentsRoutesOptions } from './backoffice.documents.routes.ts';
export { backofficeDrawsRoutes, type DrawsRoutesOptions } from './backoffice.draws.routes.ts';
export { backofficeGroupDrawsRoutes, type GroupDrawsRoutesOptions } from './backoffice.group-draws.routes.ts';
export { backofficeMoneyRoutes, type MoneyRoutesOptions } from './backoffice.money.routes.ts';
export { backofficePricesRoutes, type PricesRoutesOptions } from './backoffice.prices.routes.ts';
