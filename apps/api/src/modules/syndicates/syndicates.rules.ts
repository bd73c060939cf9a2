// Rules of syndicates that the service, the cart handler and the storefront's texts share: the closing rule (ADR
// 086), the messages of bad input, and the shape of the tickets an operator asks for.
import { formatCurrency, type CurrencyCode } from '@shop/contracts';

/** What happens to unsold shares when the draw closes, in the words the offer page shows. */
export const CLOSING_RULE =
  'If some shares are still unsold when the draw closes, the shop keeps them: the syndicate plays all its tickets and the shop takes the prize of its unsold shares. Your shares are never cancelled.';

export const sharesWord = (n: number) => `${n} ${n === 1 ? 'share' : 'shares'}`;

/** 422 when more shares are asked for than are left: names how many are left. */
export const sharesLeftMessage = (left: number) =>
  left === 0 ? 'This syndicate is sold out.' : `Only ${sharesWord(left)} left in this syndicate.`;

export const syndicateClosedMessage = 'This syndicate has closed: its draw is no longer on sale.';
export const autoplayNotSoldMessage = 'Syndicate shares are bought one draw at a time: autoplay is not available.';

export const priceDoesNotDivideMessage = (totalCents: number, shares: number, currency: CurrencyCode) =>
  `${formatCurrency(totalCents, currency)} does not divide into ${sharesWord(shares)} to the cent. Change the number of shares or the fee.`;

export interface TicketSpec {
  gameType: 'system' | 'standard';
  /** System: numbers picked (e.g. 10); standard: games on the ticket. */
  size: number;
}
