// Partners domain: partners, their public view and partner cart, and each partner sale with its commission
// (ADR 076). Other code imports only from here.
export {
  commissionOf,
  createPartnersService,
  webChannelOf,
  type AttributedPurchase,
  type NewPartner,
  type PartnersDeps,
  type PartnersService,
} from './partners.service.ts';
export { partnersRoutes, type PartnersRoutesOptions } from './partners.routes.ts';
