// Ticket lines held in a draw and the prizes they won. Purchases (the cart issue) add lines through addTicketLines;
// settlement reads them in id order and records prizes inside its own transaction.
import { encodeLineWords, gamesInEntry, getGame, type GameKey, type GameType } from '@shop/lottery';
import type { BatchedWrite, Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomBase64url } from '../../lib/random-bytes.ts';
import { createOrdersRepository, type PrizeRow } from './orders.repository.ts';

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  /** Public id source for lines; tests may pass a deterministic one. */
  newLineId?: () => string;
}

/** Game types whose line is exactly one game, so the engine's bitmask scores it. */
const SINGLE_GAME_TYPES: ReadonlySet<string> = new Set(['standard', 'random', 'strike_standard']);

export interface NewTicketLine {
  customerId: string;
  drawId: string;
  gameKey: GameKey;
  /** The draw's number: the line is encoded with the rules in force at that draw. */
  drawNo?: number;
  gameType: GameType;
  sets: Record<string, number[]>;
}

export interface TicketLine {
  id: number;
  publicId: string;
  customerId: string;
  gameType: GameType;
  /** The picks; linesForDraw leaves them empty for a masked line (its mask is what settlement scores). */
  sets: Record<string, number[]>;
  /** The engine's three mask words (unsigned) of a single-game line, else null. */
  words: [number, number, number] | null;
}

export interface LinesCursor {
  afterId?: number;
  limit?: number;
}

export interface NewPrize {
  lineId: number;
  drawId: string;
  customerId: string;
  division: number;
  divisions: Record<string, number>;
  prizeCents: number;
  currency: string;
  ledgerEntryId: string | null;
}

const defaultLineId = () => `tkt_${randomBase64url(12)}`;
const DEFAULT_BATCH = 5_000;

// PostgreSQL's integer is signed; a mask word may use bit 31, so it is stored two's-complement.
const toInt4 = (word: number) => word | 0;
const fromInt4 = (stored: number) => stored >>> 0;

function wordsOf(r: {
  maskLo: number | null;
  maskHi: number | null;
  maskBonus: number | null;
}): [number, number, number] | null {
  return r.maskLo === null || r.maskHi === null || r.maskBonus === null
    ? null
    : [fromInt4(r.maskLo), fromInt4(r.maskHi), fromInt4(r.maskBonus)];
}

export function createOrdersService(deps: OrdersDeps) {
  const repo = createOrdersRepository();
  const newLineId = deps.newLineId ?? defaultLineId;

  /** The rows of new lines: each encoded by the rules of its draw, a single game's mask words where it has one. */
  function lineRows(lines: NewTicketLine[]) {
    const now = deps.clock.now();
    return lines.map((l) => {
      const game = getGame(l.gameKey, l.drawNo);
      const words = SINGLE_GAME_TYPES.has(l.gameType) ? encodeLineWords(game, { sets: l.sets }) : null;
      return {
        publicId: newLineId(),
        customerId: l.customerId,
        drawId: l.drawId,
        gameKey: l.gameKey,
        gameType: l.gameType,
        numbers: l.sets,
        maskLo: words ? toInt4(words[0]) : null,
        maskHi: words ? toInt4(words[1]) : null,
        maskBonus: words ? toInt4(words[2]) : null,
        games: gamesInEntry(game, { gameType: l.gameType, sets: l.sets }),
        createdAt: now,
      };
    });
  }

  return {
    /** Stores lines (inside the caller's transaction when given one); answers them with their ids. */
    async addTicketLines(ex: Executor, lines: NewTicketLine[]): Promise<TicketLine[]> {
      const rows = lineRows(lines);
      const stored = await repo.insertLines(ex, rows);
      return stored.map((r) => ({
        id: r.id,
        publicId: r.publicId,
        customerId: r.customerId,
        gameType: r.gameType as GameType,
        sets: r.numbers as Record<string, number[]>,
        words: wordsOf(r),
      }));
    },

    /**
     * addTicketLines as a CTE (`name`) of the purchase's one guarded write (ADR 109): the same rows, their public ids
     * given now (in the order of `lines`); the write's other parts decide whether they stand.
     */
    ticketLinesWrite(name: string, lines: NewTicketLine[]): { publicIds: string[]; cte: [string, BatchedWrite] } {
      const rows = lineRows(lines);
      return { publicIds: rows.map((r) => r.publicId), cte: [name, repo.insertLinesSql(rows)] };
    },

    /** One batch of a draw's lines after the cursor, in id order; nextAfterId is null after the last batch. */
    async linesForDraw(
      drawId: string,
      cursor: LinesCursor = {},
      ex: Executor = deps.db,
    ): Promise<{ lines: TicketLine[]; nextAfterId: number | null }> {
      const limit = cursor.limit ?? DEFAULT_BATCH;
      const rows = await repo.linesForDraw(ex, drawId, cursor.afterId ?? 0, limit);
      const lines = rows.map((r) => ({
        id: r.id,
        publicId: r.publicId,
        customerId: r.customerId,
        gameType: r.gameType as GameType,
        // Masked lines come without their picks (settlement scores the mask); others always carry them.
        sets: (r.numbers ?? {}) as Record<string, number[]>,
        words: wordsOf(r),
      }));
      return { lines, nextAfterId: rows.length === limit ? rows[rows.length - 1]!.id : null };
    },

    /** Line ids of the given lines that already have a prize in the draw. */
    prizedLineIds: (ex: Executor, drawId: string, lineIds: number[]) => repo.prizedLineIds(ex, drawId, lineIds),

    /** Records prizes, unique per line and draw: a prize already recorded is left alone. Answers the line ids recorded now. */
    recordPrizes(ex: Executor, prizes: NewPrize[]): Promise<number[]> {
      const now = deps.clock.now();
      return repo.insertPrizes(
        ex,
        prizes.map((p) => ({ ...p, createdAt: now })),
      );
    },

    prizesForDraw: (drawId: string): Promise<PrizeRow[]> => repo.prizesForDraw(deps.db, drawId),
    countLines: (drawId: string) => repo.countLines(deps.db, drawId),
    winnersByDivision: (drawId: string) => repo.winnersByDivision(deps.db, drawId),
    winnersByCustomer: (drawId: string) => repo.winnersByCustomer(deps.db, drawId),
    /** Every customer with a ticket in the draw, their orders in it and their total prize (the feed's result cards). */
    resultsByCustomer: (drawId: string) => repo.resultsByCustomer(deps.db, drawId),
    winningLines: (drawId: string) => repo.winningLines(deps.db, drawId),
    ticketHolders: (drawId: string) => repo.ticketHolders(deps.db, drawId),
    ticketsPerDraw: (drawIds: string[]) => repo.ticketsPerDraw(deps.db, drawIds),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
