// Raffles domain: charity raffle offers, draws with capped ticket supply and verifiable winners, causes.
// Other code imports only from here.
export { rafflesRoutes, type RafflesRoutesOptions } from './raffles.routes.ts';
export { createRafflesService, type RafflesService } from './raffles.service.ts';
export {
  maskName,
  rafflePurchaseStatus,
  soldOutMessage,
  type NewRaffleDraw,
  type RaffleCustomerOutcome,
  type RaffleUpcomingDraw,
  type RafflesDeps,
} from './raffles.rules.ts';
export { createCausesService, type CausesService } from './raffles.causes.ts';
export { createRaffleSupplyService, type RaffleSupplyService } from './raffles.supply.ts';
export { createRaffleDrawsService, type RaffleDrawsService } from './raffles.lifecycle.ts';
export { createRaffleHandler, regionRestrictedMessage, type RaffleHandlerDeps } from './raffles.handler.ts';
export * from './raffles.draw.ts';
export {
  seedRaffles,
  type RaffleSeedDeps,
  raffleCatalogueOffers,
  raffleCataloguePrices,
  RAFFLE_OFFERS,
  RAFFLE_SEED,
} from './raffles.seed.ts';
