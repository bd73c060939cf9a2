// Order of the offer tiles (spec features §9: "Syndicate tile goes at position 3 in the product list; the powerhit
// offer moves to position 2"). Positions count from 1; a list too short for a position puts the tile last.
import type { OfferView } from './lotteries.wire.ts';

type Tile = Pick<OfferView, 'key' | 'type' | 'gameTypes'>;

/** The syndicate tile is the first syndicate-share offer. */
function isSyndicate(o: Tile): boolean {
  return o.type === 'syndicate_share';
}

/** The powerhit offer: a lottery offer sold as PowerHit (its first game type), or keyed so. */
function isPowerhit(o: Tile): boolean {
  return o.type === 'lottery_ticket' && (o.gameTypes[0]?.type === 'powerhit' || /(^|-)powerhit(-|$)/.test(o.key));
}

function moveTo<T>(list: T[], pick: (t: T) => boolean, position: number): T[] {
  const index = list.findIndex(pick);
  if (index < 0) return list;
  const [item] = list.splice(index, 1);
  list.splice(Math.min(position - 1, list.length), 0, item!);
  return list;
}

/** Ranking order, then the powerhit offer at position 2 and the syndicate tile at position 3. */
export function orderTiles<T extends Tile>(offers: readonly T[]): T[] {
  const list = [...offers];
  moveTo(list, isPowerhit, 2);
  moveTo(list, isSyndicate, 3);
  return list;
}
