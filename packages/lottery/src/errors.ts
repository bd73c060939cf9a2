// Typed errors so callers (API, CLI, importer) can map engine refusals to their own envelopes by class, not by text.
import type { GameKey, GameType } from './types.ts';

export class LotteryError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export class UnknownGameError extends LotteryError {
  constructor(readonly key: string) {
    super('unknown_game', `Unknown game "${key}"`);
  }
}

/** A game type the spec names but this shop does not sell (yet), or one the game does not have. */
export class GameTypeNotOfferedError extends LotteryError {
  constructor(
    readonly gameKey: GameKey,
    readonly gameType: GameType | string,
    gameName: string,
  ) {
    super('game_type_not_offered', `${gameName} ${String(gameType).replace(/_/g, ' ')} games are not offered`);
  }
}

/** An entry or line that breaks the game's rules (wrong count, out of range, duplicates, unsupported system size). */
export class InvalidEntryError extends LotteryError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super('invalid_entry', message);
  }
}
