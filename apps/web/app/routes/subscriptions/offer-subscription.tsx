// Subscribing to a charity raffle /:productOfferKey/subscription (spec core §2 product offer routes): how often, how
// many tickets and which cause; the entry goes to the cart and is paid at checkout like any purchase, and the
// recurring processor buys it again once every period (docs/recurring.md, Subscriptions). Gated by subscription
// manage; a raffle that does not sell subscriptions is the 404 page.
import { Link } from 'react-router';
import { useSiteFormat } from '../../lib/shell.ts';
import { SubscribeFormView } from '../../features/subscriptions/subscription-views.tsx';
import { loadSubscribeScreen, subscribeAction } from './subscriptions-routes.server.ts';
import type { Route } from './+types/offer-subscription';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSubscribeScreen(context, request, params.productOfferKey);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return subscribeAction(request, context, params.productOfferKey);
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `Subscribe to ${data.offerName}` }] : [];
}

export default function OfferSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const d = loaderData;
  return (
    <div className="page-container flex max-w-[44rem] flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/${d.slug}`} className="underline">
          {d.offerName}
        </Link>{' '}
        / Subscribe
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">Subscribe to {d.offerName}</h1>
      <div className="rounded-theme border border-black/10 p-1 shadow-theme">
        <SubscribeFormView
          offerName={d.offerName}
          action={`/${d.slug}/subscription${d.utm}`}
          currency={d.currency}
          choices={d.choices}
          defaultTickets={d.defaultTickets}
          causes={d.causes}
          chosenCause={d.chosenCause}
          error={actionData?.error ?? null}
          site={site}
        />
      </div>
    </div>
  );
}
