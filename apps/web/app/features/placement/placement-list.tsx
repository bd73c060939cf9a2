// Placements shown as a list of offers, each with an Add button that puts its ready-made item in the cart (POST
// /cart/precart builds it). Used by the precart drawer (spec core §2 Navigation behaviour, features §3 Placements).
import type { Placement } from '@shop/contracts';
import { useFetcher } from 'react-router';
import { formatMoney, type SiteFormat } from '../../lib/format.ts';

function PlacementRow({ placement, site }: { placement: Placement; site: SiteFormat }) {
  const fetcher = useFetcher<{ error: string | null; added?: boolean }>();
  const added = fetcher.data?.added === true;
  return (
    <li className="flex flex-col gap-[4px] rounded-theme border border-black/15 p-0.5" data-testid="precart-placement">
      <p className="font-bold">{placement.title}</p>
      <p className="text-sm">{placement.description}</p>
      {placement.price ? <p className="text-sm font-semibold">{formatMoney(placement.price, site.locale)}</p> : null}
      {placement.build ? (
        <fetcher.Form method="post" action="/cart/precart">
          <input type="hidden" name="build" value={JSON.stringify(placement.build)} />
          <button type="submit" className="btn btn-secondary" disabled={fetcher.state !== 'idle' || added}>
            {added ? 'Added' : fetcher.state !== 'idle' ? 'Adding…' : 'Add'}
          </button>
          {fetcher.data?.error ? (
            <p role="alert" className="text-sm font-bold text-error">
              {fetcher.data.error}
            </p>
          ) : null}
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export function PlacementList({ placements, site }: { placements: Placement[]; site: SiteFormat }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {placements.map((p) => (
        <PlacementRow key={`${p.key}-${p.productOfferKey}-${p.title}`} placement={p} site={site} />
      ))}
    </ul>
  );
}
