// Money in the back office: integer cents of a currency, shown the Australian way (the shop's books are in AUD).
import type { CurrencyCode } from '@shop/contracts';
import { formatCents } from '../../lib/format.ts';

export function formCents(amountCents: number, currency: string): string {
  return formatCents(amountCents, currency as CurrencyCode);
}
