// Syndicates domain: operator-made syndicates (system tickets for one draw split into shares), the shares customers
// buy through the cart, and the holders settlement splits a winning line's prize between. Other code imports only this.
export { createSyndicatesService, type SyndicatesDeps, type SyndicatesService } from './syndicates.service.ts';
export { createSyndicateHandler, type SyndicateHandlerDeps } from './syndicates.handler.ts';
export { syndicatesRoutes, type SyndicatesRoutesOptions } from './syndicates.routes.ts';
export { CLOSING_RULE, sharesLeftMessage, priceDoesNotDivideMessage, type TicketSpec } from './syndicates.rules.ts';
