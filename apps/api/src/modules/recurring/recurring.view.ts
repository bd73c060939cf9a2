// The customer's view of a recurring purchase (core §3 Autoplay), with the next draw it would buy.
import type { Autoplay, CurrencyCode, RecurringItemInput, RecurringPeriod, RecurringStatus } from '@shop/contracts';
import type { RecurringRow } from './recurring.repository.ts';
import type { DrawCalendar } from './recurring.service.ts';

const money = (cents: number, currency: string) => ({ amount: cents / 100, currency: currency as CurrencyCode });

export function autoplayView(calendar: DrawCalendar) {
  return async function view(row: RecurringRow): Promise<Autoplay> {
    const template = row.template as RecurringItemInput;
    const lottery = template.productType === 'lottery_ticket' ? template : null;
    // The next draw it will buy: the first on sale after the last one it bought or skipped.
    const next =
      row.status === 'cancelled' || row.type !== 'autoplay'
        ? null
        : ((await calendar.drawsOnSale(row.offerKey)).find(
            (d) => row.lastDrawNo === null || d.drawNo > row.lastDrawNo,
          ) ?? null);
    return {
      autoplayId: row.publicId,
      combinedId: row.combinedId,
      type: row.type as Autoplay['type'],
      productType: row.productType,
      lotteryKey: row.offerKey,
      productOfferKey: row.offerKey,
      lotteryId: row.gameKey ?? row.offerKey,
      gameOffer: lottery?.gameOffer ?? null,
      gameOfferName: lottery?.gameOffer ?? null,
      numGames: lottery?.games.length ?? 0,
      numberOfGames: lottery?.games.length ?? 0,
      numberOfTickets: template.productType === 'raffle_ticket' ? template.numTickets : null,
      numberOfShares: null,
      causeKey: template.causeKey ?? null,
      description: row.description,
      games: (lottery?.games ?? []).map((g) => ({ sets: g.sets, quickpick: g.quickpick === true })),
      quickpick: row.quickpickEachDraw,
      price: money(row.priceCents, row.currency),
      minimumJackpotAmount: row.minimumJackpotCents === null ? null : money(row.minimumJackpotCents, row.currency),
      status: row.status as RecurringStatus,
      pausedUntil: row.pausedUntil?.toISOString() ?? null,
      period: row.period as RecurringPeriod | null,
      nextDueAt: row.nextDueAt?.toISOString() ?? null,
      nextDraw: next && {
        drawId: next.drawId,
        drawNo: next.drawNo,
        drawDate: next.drawAt.toISOString(),
        stop: next.stopAt.toISOString(),
        jackpot: next.jackpotCents === null ? null : money(next.jackpotCents, row.currency),
      },
      lastAttemptStatus: row.lastAttemptStatus as Autoplay['lastAttemptStatus'],
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      lastFailureReason: row.lastFailureReason,
      lastCheckoutId: row.lastCheckoutId,
      defaultFund: { kind: row.fundKind as Autoplay['defaultFund']['kind'], id: row.fundId },
      recurringPurchase: {
        type: row.type as Autoplay['recurringPurchase']['type'],
        availability: 'optional',
        enabled: row.status !== 'cancelled',
      },
      createdAt: row.createdAt.toISOString(),
    };
  };
}
