// The raffle draw check of the verification page, in the visitor's browser. The derivation itself is
// @shop/protocol's: the very code the shop's draw ran (docs/raffle-verification.md), so the page checks the draw
// with what drew it, and anyone can still rerun the published procedure in a few lines of their own. This file only
// shapes the outcome for the page: one row per prize, with the published and the recomputed winner side by side.
import { soldListHash, verifyRaffleDraw as verifyPublishedDraw, deriveWinners } from '@shop/protocol';

export { soldListHash };

export interface VerifyPrize {
  rank: number;
  kind: string;
  name: string;
  /** Sub-draws: the highest ticket number that takes part (null: every ticket). */
  eligibleUpTo: number | null;
}

export interface PublishedWinner {
  rank: number;
  ticketNumber: number;
}

export interface VerifyInput {
  drawId: string;
  /** Hex of the secret seed, published once the draw is done. */
  seedHex: string;
  /** Hex SHA-256 of the seed, published before sales closed. */
  commitment: string;
  ticketNumbers: readonly number[];
  /** Hex SHA-256 of the sold list recorded when sales closed; null when the shop has not recorded one. */
  soldListHash: string | null;
  prizes: readonly VerifyPrize[];
  published: readonly PublishedWinner[];
}

export interface RecomputedWinner {
  rank: number;
  name: string;
  ticketNumber: number | null;
  publishedTicketNumber: number | null;
  matches: boolean;
}

export interface VerifyOutcome {
  commitmentOk: boolean;
  soldListOk: boolean | null;
  winners: RecomputedWinner[];
  winnersOk: boolean;
  /** Everything checks out: the seed matches the commitment, the list its hash, and every published winner. */
  ok: boolean;
}

/** The winners the seed gives, prize by prize (a prize with no ticket left to draw has no winner). */
export function recomputeWinners(
  input: Pick<VerifyInput, 'drawId' | 'seedHex' | 'ticketNumbers' | 'prizes'>,
): { rank: number; ticketNumber: number }[] {
  return deriveWinners(input.seedHex.trim().toLowerCase(), input.drawId, input.ticketNumbers, input.prizes).map(
    (w) => ({ rank: w.rank, ticketNumber: w.ticketNumber }),
  );
}

/** Checks a published draw: the seed against the commitment, the list against its hash, and every prize's winner. */
export function verifyRaffleDraw(input: VerifyInput): VerifyOutcome {
  const check = verifyPublishedDraw({
    seed: input.seedHex,
    commitment: input.commitment,
    drawId: input.drawId,
    ticketNumbers: input.ticketNumbers,
    prizes: input.prizes,
    soldListHash: input.soldListHash,
  });
  const recomputed = new Map(check.winners.map((w) => [w.rank, w.ticketNumber]));
  const published = new Map(input.published.map((w) => [w.rank, w.ticketNumber]));
  const winners = [...input.prizes]
    .sort((a, b) => a.rank - b.rank)
    .map((p) => {
      const ticketNumber = recomputed.get(p.rank) ?? null;
      const publishedTicketNumber = published.get(p.rank) ?? null;
      return {
        rank: p.rank,
        name: p.name,
        ticketNumber,
        publishedTicketNumber,
        matches: check.commitmentOk && ticketNumber === publishedTicketNumber,
      };
    });
  const unknownRanks = input.published.some((w) => !input.prizes.some((p) => p.rank === w.rank));
  const winnersOk = check.commitmentOk && winners.every((w) => w.matches) && !unknownRanks;
  return {
    commitmentOk: check.commitmentOk,
    soldListOk: check.soldListOk,
    winners,
    winnersOk,
    ok: check.commitmentOk && check.soldListOk !== false && winnersOk,
  };
}
