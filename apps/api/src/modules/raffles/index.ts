// Raffles domain: charity raffle offers, draws with capped ticket supply and verifiable winners, causes.
// Other code imports only from here.
export { rafflesRoutes, type RafflesRoutesOptions } from './raffles.routes.ts';
export {
  createRafflesService,
  maskName,
  rafflePurchaseStatus,
  soldOutMessage,
  type NewRaffleDraw,
  type RaffleCustomerOutcome,
  type RaffleUpcomingDraw,
  type RafflesDeps,
  type RafflesService,
} from './raffles.service.ts';
export { createRaffleHandler, regionRestrictedMessage, type RaffleHandlerDeps } from './raffles.handler.ts';
export * from './raffles.draw.ts';
export {
  seedRaffles,
  raffleCatalogueOffers,
  raffleCataloguePrices,
  RAFFLE_OFFERS,
  RAFFLE_SEED,
} from './raffles.seed.ts';
