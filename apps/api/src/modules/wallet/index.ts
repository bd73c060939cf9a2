// Wallet domain: the double-entry ledger (DESIGN.md §6) and the customer's funds. Other code imports only from here.
export { walletRoutes, type WalletRoutesOptions } from './wallet.routes.ts';
export {
  createLedger,
  insufficientFunds,
  DEFAULT_SPEND_ORDER,
  type EntryKind,
  type EntryView,
  type FundsSummary,
  type Ledger,
  type LedgerDeps,
  type Movement,
  type PostResult,
  type RefundMovement,
} from './wallet.ledger.ts';
export {
  CUSTOMER_ACCOUNT_KINDS,
  HOUSE_ACCOUNT_KINDS,
  PARTNER_COMMISSION_PREFIX,
  type CustomerAccountKind,
  type HouseAccountKind,
} from './wallet.schema.ts';
