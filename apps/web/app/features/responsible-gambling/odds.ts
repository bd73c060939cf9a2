// The odds of each game for the responsible-gaming page (issue 8 §6), from the lottery engine's published division
// odds (packages/lottery games): "1 in N" per division and, where every division is published, of any prize.
import { listGames, type GameDefinition } from '@shop/lottery';

export interface OddsRow {
  key: string;
  name: string;
  divisions: { division: number; label: string; odds: number | null }[];
  /** 1 in N of winning any prize with one game; null when a division's odds are not published. */
  anyPrize: number | null;
}

export function oddsOf(game: GameDefinition): OddsRow {
  const divisions = game.divisions.map((d) => ({ division: d.division, label: d.label, odds: d.odds ?? null }));
  const all = divisions.every((d) => d.odds !== null && d.odds > 0);
  const anyPrize = all ? 1 / divisions.reduce((sum, d) => sum + 1 / d.odds!, 0) : null;
  return { key: game.key, name: game.name, divisions, anyPrize };
}

/** The games of the site's region (AUD sites sell the Australian games, GBP sites the UK ones). */
export function gameOdds(currency: 'AUD' | 'GBP'): OddsRow[] {
  return listGames(currency === 'GBP' ? 'GB' : 'AU').map(oddsOf);
}

/** "1 in 8,145,060"; small published odds keep their decimal ("1 in 96.2"). */
export function oddsLabel(odds: number | null, locale: string): string {
  if (odds === null) return 'Not published';
  const n = odds >= 100 ? Math.round(odds) : Math.round(odds * 10) / 10;
  return `1 in ${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n)}`;
}
