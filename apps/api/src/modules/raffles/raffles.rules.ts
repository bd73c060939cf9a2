// What the raffle services share: their dependencies, the shapes other modules read, the ticket and sold-out
// wording, masked winner names and the purchase status of a draw.
import type { CurrencyCode, RafflePurchaseStatus } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RaffleDrawRow } from './raffles.repository.ts';
import type { PrizeTemplate } from './raffles.schema.ts';

export interface RafflesDeps {
  db: Db;
  clock: Clock;
}

/** What the catalogue needs of a raffle draw (its UpcomingDraw). */
export interface RaffleUpcomingDraw {
  id: string;
  drawNo: number;
  stopAt: Date;
  drawAt: Date;
  jackpotCents: number | null;
  purchaseStatus: 'standard' | 'pre_order';
}

/** One raffle draw as a customer's orders see it (customerOutcomes). */
export interface RaffleCustomerOutcome {
  drawn: boolean;
  drawAt: Date;
  tickets: { ticketNumber: number; orderId: string | null }[];
  /** Prizes that are not cash count at their value. */
  wins: { ticketNumber: number; prizeName: string; prizeCents: number }[];
}

export interface NewRaffleDraw {
  offerKey: string;
  drawNo?: number;
  preOrderFrom?: Date | null;
  salesOpenAt: Date;
  stopAt: Date;
  drawAt: Date;
  cap: number;
  prizes: (Omit<PrizeTemplate, 'closesDaysBeforeStop'> & { closesAt?: Date | null })[];
  /** Tests and the seed's past draw give a known seed; otherwise 32 random bytes. */
  seed?: string;
}

export interface AllocateRequest {
  drawId: number;
  customerId: string;
  numTickets: number;
  amountCents: number;
  currency: CurrencyCode;
  causeSlug: string | null;
  orderId: string | null;
  checkoutId: string | null;
  postal: boolean;
  region: string | null;
}

export const ticketsWord = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;
export const soldOutMessage = (left: number) =>
  left <= 0
    ? 'This draw is sold out.'
    : left === 1
      ? 'Only 1 ticket is left in this draw.'
      : `Only ${left} tickets are left in this draw.`;
export const drawClosedMessage = 'This raffle draw is no longer on sale.';

/** "Jane Smith" -> "J. S***" (winners lists never show a full name). */
export function maskName(firstname: string | null | undefined, lastname: string | null | undefined): string {
  const f = (firstname ?? '').trim();
  const l = (lastname ?? '').trim();
  if (!f && !l) return 'A. W***';
  return `${f ? `${f[0]!.toUpperCase()}. ` : ''}${l ? `${l[0]!.toUpperCase()}***` : '***'}`.trim();
}

export function rafflePurchaseStatus(
  d: Pick<RaffleDrawRow, 'status' | 'sold' | 'cap' | 'stopAt' | 'salesOpenAt'>,
  now: Date,
): RafflePurchaseStatus {
  if (d.status === 'pre_order') return 'pre_order';
  if (d.status === 'open' && d.stopAt.getTime() > now.getTime()) return d.sold >= d.cap ? 'sold_out' : 'open';
  if (d.status === 'sold_out' && d.stopAt.getTime() > now.getTime()) return 'sold_out';
  return 'past_draw';
}
