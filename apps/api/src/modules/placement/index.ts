// Placement domain: offers shown around the cart (pre-cart drawer, inline, feature). Other code imports only from here.
export { createPlacementService, type PlacementDeps, type PlacementService } from './placement.service.ts';
export { placementRoutes, type PlacementRoutesOptions } from './placement.routes.ts';
