// The precart drawer (spec core §2 Navigation behaviour: "With the precart prompt enabled, a precart drawer opens
// instead"; core §3 Cart isPrecartDrawerOpen; features §3 Placements): after an add with the prompt on, the play
// screen comes back with ?precart=1 and this drawer shows the item just added, the pre_cart_item placements (each
// with an Add button), "Go to cart" and "Keep shopping". Closing it takes the flag off the address.
import type { Placement } from '@shop/contracts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SiteFormat } from '../../lib/format.ts';
import { deferredPart } from '../../ui/deferred-part.tsx';
import { PRECART_PARAM } from './precart-flag.ts';
import { useCartCacheInvalidation } from './cart-writes.ts';

export { PRECART_PARAM };

/** The drawer's content loads when it first opens (ui/deferred-part.tsx): most pages never show it. */
const PrecartDrawer = deferredPart(() => import('./precart-drawer-view.tsx').then((m) => m.PrecartDrawer));

/**
 * Mounted once in the layout: the precart drawer, and the browser cart cache's invalidation on every change. The
 * placements come from the placement service; the layout passes how to show them (features never import features).
 */
export function PrecartDrawerHost(props: {
  site: SiteFormat;
  renderPlacements: (placements: Placement[]) => ReactNode;
}) {
  useCartCacheInvalidation();
  const location = useLocation();
  const open = new URLSearchParams(location.search).get(PRECART_PARAM) === '1';
  return open ? <PrecartDrawer {...props} /> : null;
}
