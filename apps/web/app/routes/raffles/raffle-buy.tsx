// Buying tickets in one raffle draw /:productOfferKey/draw/:drawNo/buy, or in the draw on sale now at
// /:productOfferKey/buy (spec core §2; a lottery's /buy is its play screen): the bundles and cause picker;
// the action adds the tickets to the cart and goes to /cart keeping the utm values. With ?free-postal-entry the page
// also explains how to enter free by post (a postal entry is recorded by the operator and counts like a ticket).
import { Link } from 'react-router';
import { canOrder, drawPath, rafflePath } from '../../features/raffles/raffle-format.ts';
import { BuyForm, PurchaseStatusNotice, TicketsRemaining } from '../../features/raffles/raffle-parts.tsx';
import { drawNoParam } from '../../features/raffles/raffles.server.ts';
import { loadRaffleScreen, playScreenUnlessRaffle, raffleBuyAction } from './raffle-routes.server.ts';
import { longDate, useSiteFormat } from '../../features/raffles/raffle-site.ts';
import type { Route } from './+types/raffle-buy';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const drawNo = 'drawNo' in params && params.drawNo !== undefined ? drawNoParam(params.drawNo) : undefined;
  // /:productOfferKey/buy (core §2): a raffle's draw on sale now; a lottery is bought on its play screen.
  if (drawNo === undefined) await playScreenUnlessRaffle(context, request, params.productOfferKey);
  const screen = await loadRaffleScreen(context, request, params.productOfferKey, { drawNo });
  return { ...screen, postal: new URL(request.url).searchParams.has('free-postal-entry') };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const drawNo =
    'drawNo' in params && params.drawNo !== undefined
      ? params.drawNo
      : String((await loadRaffleScreen(context, request, params.productOfferKey)).draw.drawNo);
  return raffleBuyAction(request, context, { productOfferKey: params.productOfferKey, drawNo });
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `Buy ${data.raffle.name} tickets: draw ${data.draw.drawNo}` }] : [];
}

export default function RaffleBuy({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { raffle, slug, draw, utm, chosenCause, postal } = loaderData;
  const ref = { slug };
  return (
    <div className="page-container flex max-w-[44rem] flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={rafflePath(ref)} className="underline">
          {raffle.name}
        </Link>{' '}
        /{' '}
        <Link to={drawPath(ref, draw.drawNo)} className="underline">
          Draw {draw.drawNo}
        </Link>
      </nav>
      <header className="flex flex-col gap-0.5">
        <h1 className="text-3xl font-extrabold text-brand">
          {raffle.name}: draw {draw.drawNo}
        </h1>
        <p className="text-sm">Drawn {longDate(draw.drawDate, site)}</p>
        <PurchaseStatusNotice raffle={ref} draw={draw} site={site} />
        <TicketsRemaining draw={draw} site={site} />
      </header>
      {canOrder(draw) ? (
        <div className="rounded-theme border border-black/10 p-1 shadow-theme">
          <BuyForm
            raffle={raffle}
            slug={slug}
            draw={draw}
            chosenCause={chosenCause}
            utm={utm}
            errors={actionData ?? null}
          />
        </div>
      ) : null}
      {postal ? (
        <section
          aria-labelledby="postal-entry"
          className="flex flex-col gap-0.5 rounded-theme bg-surface p-1"
          data-testid="postal-entry"
        >
          <h2 id="postal-entry" className="text-2xl font-bold">
            Free postal entry
          </h2>
          <p>You can enter this draw without buying a ticket. A postal entry has the same chance as a bought ticket.</p>
          <ol className="list-decimal pl-1.5">
            <li>Write your full name, residential address, date of birth, phone number and email on a card.</li>
            <li>
              Add &ldquo;{raffle.name}, draw {draw.drawNo}&rdquo;
              {raffle.causes.length > 1 ? ' and the cause you support' : ''}.
            </li>
            <li>
              Post it in an envelope to the promoter at the address in the terms and conditions. One entry per envelope.
            </li>
            <li>It must arrive before sales close on {longDate(draw.stopDate, site)}.</li>
          </ol>
          <p>We record your entry as a ticket in this draw and email you its number.</p>
          <p>
            <Link to={`/${slug}/terms-and-conditions/${draw.drawNo}`} className="underline">
              Terms and conditions of draw {draw.drawNo}
            </Link>
          </p>
        </section>
      ) : (
        <p className="text-sm">
          <Link to="?free-postal-entry" className="underline">
            Enter free by post
          </Link>
        </p>
      )}
    </div>
  );
}
