// Restriction kinds licensing and migration (features §4) on top of responsible gambling's purchase guard: the cart
// shows each as a blocked reason and a purchase is refused (422, the kind as code) while one applies. Each check
// reads its own module's state through a port (identity's location terms, migration's legacy account).
import type { Executor } from './db/index.ts';
import type { PurchaseGuard } from './modules/cart/index.ts';
import { AppError } from './lib/errors.ts';

export type Restriction = (customerId: string, exec?: Executor) => Promise<{ code: string; message: string } | null>;

export function withRestrictions(guard: PurchaseGuard, restrictions: Restriction[]): PurchaseGuard {
  const found = async (customerId: string, exec?: Executor) =>
    (await Promise.all(restrictions.map((r) => r(customerId, exec)))).filter((r) => r !== null);
  return {
    async blockedReasons(customerId, amountCents, currency) {
      const [own, rg] = await Promise.all([found(customerId), guard.blockedReasons(customerId, amountCents, currency)]);
      return { ...Object.fromEntries(own.map((r) => [r.code, r.message])), ...rg };
    },
    async assertPurchase(tx, p) {
      const [first] = await found(p.customerId, tx);
      if (first) throw new AppError(422, first.message, { code: first.code, fieldErrors: { this: [first.message] } });
      await guard.assertPurchase(tx, p);
    },
  };
}
