// The precart drawer's content (spec core §2 Navigation behaviour: "With the precart prompt enabled, a precart drawer
// opens instead"; core §3 Cart isPrecartDrawerOpen; features §3 Placements): the item just added, the pre_cart_item
// placements (each with an Add button), "Go to cart" and "Keep shopping". Closing it takes the flag off the address.
// Loaded when the drawer first opens (precart-drawer.tsx).
import type { CartItem, Placement } from '@shop/contracts';
import { useEffect, type ReactNode } from 'react';
import { Link, useFetcher, useLocation, useNavigate } from 'react-router';
import { formatMoney, type SiteFormat } from '../../lib/format.ts';
import { Drawer } from '../../ui/drawer.tsx';
import { cartPathKeepingUtm } from './cart-rules.ts';
import { PRECART_PARAM } from './precart-flag.ts';

interface PrecartData {
  item: CartItem | null;
  itemCount: number;
  placements: Placement[];
}

function withoutFlag(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PRECART_PARAM);
  const q = params.toString();
  return q ? `${pathname}?${q}` : pathname;
}

/** The open drawer: the item just added and the placements, fetched when it opens. */
export function PrecartDrawer({
  site,
  renderPlacements,
}: {
  site: SiteFormat;
  renderPlacements: (placements: Placement[]) => ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<PrecartData>();
  const { load } = fetcher;
  useEffect(() => {
    void load('/cart/precart');
  }, [location.key, load]);
  const close = () =>
    void navigate(withoutFlag(location.pathname, location.search), { replace: true, preventScrollReset: true });
  const data = fetcher.data;
  return (
    <Drawer open onOpenChange={(next) => (next ? undefined : close())} title="Added to your cart" side="right">
      <div className="flex flex-col gap-1" data-testid="precart-drawer">
        {data?.item ? (
          <div className="flex flex-col gap-[4px]">
            <p className="font-bold">{data.item.offerName}</p>
            <p>{data.item.description}</p>
            <p className="font-semibold">{formatMoney(data.item.price, site.locale)}</p>
          </div>
        ) : (
          <p>{fetcher.state === 'idle' ? 'Your ticket is in your cart.' : 'Loading…'}</p>
        )}
        {data?.placements.length ? (
          <section aria-labelledby="precart-more" className="flex flex-col gap-0.5">
            <h3 id="precart-more" className="font-bold">
              You might also like
            </h3>
            {renderPlacements(data.placements)}
          </section>
        ) : null}
        <Link to={cartPathKeepingUtm(location.search)} className="btn btn-primary text-center">
          Go to cart
        </Link>
        <button type="button" className="btn btn-secondary" onClick={close}>
          Keep shopping
        </button>
      </div>
    </Drawer>
  );
}
