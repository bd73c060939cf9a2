// Restriction kinds licensing and migration (features §4) on top of responsible gambling's purchase guard: the cart
// shows each as a blocked reason and a purchase is refused (422, the kind as code) while one applies. Each check
// reads its own module's state through a port (identity's location terms, migration's legacy account).
import { prefetch, type BatchedRead, type Executor } from './db/index.ts';
import type { PurchaseGuard } from './modules/cart/index.ts';
import { AppError } from './lib/errors.ts';

export type Restriction = (customerId: string, exec?: Executor) => Promise<{ code: string; message: string } | null>;

/**
 * `reads`: what the restrictions and the guard read in a purchase's transaction, as one statement (ADR 108); each
 * module's read then takes its part instead of sending its own statement.
 */
export function withRestrictions(
  guard: PurchaseGuard,
  restrictions: Restriction[],
  reads?: (customerId: string) => BatchedRead[],
): PurchaseGuard {
  const found = async (customerId: string, exec?: Executor) =>
    (await Promise.all(restrictions.map((r) => r(customerId, exec)))).filter((r) => r !== null);
  return {
    async blockedReasons(customerId, amountCents, currency, exec) {
      const [own, rg] = await Promise.all([
        found(customerId, exec),
        guard.blockedReasons(customerId, amountCents, currency, exec),
      ]);
      return { ...Object.fromEntries(own.map((r) => [r.code, r.message])), ...rg };
    },
    checksRead: reads,
    async assertPurchase(tx, p) {
      if (reads) await prefetch(tx, 'purchase_checks', reads(p.customerId));
      const [first] = await found(p.customerId, tx);
      if (first) throw new AppError(422, first.message, { code: first.code, fieldErrors: { this: [first.message] } });
      await guard.assertPurchase(tx, p);
    },
  };
}
