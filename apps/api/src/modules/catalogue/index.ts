// Catalogue domain: product offers, price lists, branding and tips. Other code imports only from here.
export { catalogueRoutes, type CatalogueRoutesOptions } from './catalogue.routes.ts';
export {
  createCatalogueService,
  gameOffersFor,
  priceOfGames,
  DRAWS_PER_OFFER,
  type CatalogueDeps,
  type CatalogueService,
  type UpcomingDraw,
} from './catalogue.service.ts';
export { syndicateOfferKey, type SyndicateOnSale } from './catalogue.syndicates.ts';
export { createOfferPreviews, OFFER_PREVIEW_TTL_SECONDS, type OfferPreviews } from './catalogue.preview.ts';
export { seedCatalogue, seedCatalogueRows, PRICINGS } from './catalogue.seed.ts';
export { createOfferAudience, type OfferAudience, type OfferAudienceDeps, type Visitor } from './catalogue.audience.ts';
export { createPriceLists, type PriceLists } from './catalogue.price-lists.ts';
