// Promotions domain: promotion codes and their redemptions. Other code imports only from here.
export {
  createPromotionsService,
  evaluatePromotion,
  percentOf,
  promotionNotAdded,
  redeemPromotion,
  PROMOTION_MESSAGES,
  PROMOTION_NOT_ADDED,
  type AppliedPromotion,
  type PromotionCart,
  type PromotionCheck,
  type PromotionLimits,
  type PromotionsDeps,
  type PromotionsService,
  type RedeemInput,
} from './promotions.service.ts';
export { seedPromotions, PROMOTIONS_SEED } from './promotions.seed.ts';
