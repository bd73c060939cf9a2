// Every table, for drizzle-kit and for code that needs the whole schema (tests, resets). Modules own their tables.
export * from '../modules/platform/platform.schema.ts';
export * from '../modules/content/content.schema.ts';
export * from '../modules/draws/draws.schema.ts';
export * from '../modules/catalogue/catalogue.schema.ts';
export * from '../modules/orders/orders.schema.ts';
export * from '../modules/wallet/wallet.schema.ts';
export * from '../modules/payments/payments.schema.ts';
export * from '../modules/identity/identity.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/responsible-gambling/responsible-gambling.schema.ts';
export * from '../modules/raffles/raffles.schema.ts';
export * from '../modules/cart/cart.schema.ts';
export * from '../modules/promotions/promotions.schema.ts';
export * from '../modules/membership/membership.schema.ts';
export * from '../modules/recurring/recurring.schema.ts';
export * from '../modules/operators/operators.schema.ts';
export * from '../modules/partners/partners.schema.ts';
