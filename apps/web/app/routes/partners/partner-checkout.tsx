// /purchase/:partnerSlug (spec core §2 partner purchase checkout; features §2, §4 partner fetch and cart states, §5,
// §7 Partners): the partner's offer in the partner's layout, the visitor signs up (or logs in) inline, then pays from
// the wallet or deposits the shortfall from a card and buys: POST /cart/partner/{slug}/purchase on the partner's web
// channel, one Idempotency-Key per attempt, then the partner receipt. Gated by the partner purchase capability.
import type { PartnerCart } from '@shop/contracts';
import { data, Form, useLocation } from 'react-router';
import { CheckoutView, type BuyActionResult } from '../../features/cart/checkout-view.tsx';
import { LoginForm, RegisterForm } from '../../features/identity/login-forms.tsx';
import { authFormAction, loadWebConfig, siteToday, type AuthActionData } from '../../features/identity/login.server.ts';
import { TwoFactorForm } from '../../features/identity/two-factor-form.tsx';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { MAX_PARTNER_TICKETS } from '../../features/partners/partner-layout.tsx';
import { loadPartner, type PartnerItem } from '../../features/partners/partners.server.ts';
import { authApi, loadCustomer, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { formatMoney } from '../../lib/format.ts';
import { formText } from '../../lib/form-data.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { cartOrProblem, noticeOf, partnerItemOf, paymentAction, paymentStep } from './partner-checkout.server.ts';
import { PartnerErrorBoundary, PartnerFrame, partnerHandle } from './partner-pages.tsx';
import type { Route } from './+types/partner-checkout';

export const handle = partnerHandle;
export const headers = mergeSetCookieHeaders;
export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Support ${data.partner.name}` : 'Checkout' }];

const PAYMENT_INTENTS = ['pay', 'deposit-purchase', 'add-card'];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const auth = authApi(request, context);
    const url = new URL(request.url);
    const partner = await loadPartner(auth.api, params.partnerSlug);
    const [customer, config] = await Promise.all([loadCustomer(auth), loadWebConfig(request, context)]);
    const item = partnerItemOf(partner, url);
    const priced = item ? await cartOrProblem(auth, partner.slug, customer !== null, item) : null;
    const payment = customer && priced?.cart ? await paymentStep(auth.api, priced.cart) : null;
    return data(
      {
        partner,
        item,
        cart: priced?.cart ?? null,
        problem: priced?.problem ?? null,
        payment,
        signedIn: customer !== null,
        here: `${url.pathname}${url.search}`,
        step: url.searchParams.get('step') === 'login' ? ('login' as const) : ('register' as const),
        notice: noticeOf(url),
        register: {
          minAge: config.minRegistrationAge,
          today: siteToday(config.siteTimeZone),
          regions: config.regions,
          marketingConsentDefault: config.signupFlags.marketingConsentDefault,
          termsUrl: '/about/terms-and-conditions',
        },
        rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
        supportUrl: config.supportPageUrls.contactUs || '/about/contact-us',
      },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  try {
    const auth = authApi(request, context);
    const form = await request.clone().formData();
    if (PAYMENT_INTENTS.includes(formText(form, 'intent')))
      return await paymentAction(request, auth, params.partnerSlug, form);
    // Sign up, log in or the two-factor step, inline; success comes back to this page signed in.
    return await authFormAction(auth, request, context);
  } catch (error) {
    throw toRouteError(error);
  }
}

export const ErrorBoundary = PartnerErrorBoundary;

function ItemPicker({
  partner,
  item,
  cart,
}: {
  partner: Route.ComponentProps['loaderData']['partner'];
  item: PartnerItem;
  cart: PartnerCart | null;
}) {
  const site = useSiteFormat();
  const offer = partner.offers.find((o) => o.productOfferKey === item.offerKey)!;
  const line = cart?.cartItems[0];
  return (
    <section
      aria-labelledby="partner-offer-title"
      className="flex flex-col gap-0.5 rounded-theme border border-black/15 p-1"
    >
      <h2 id="partner-offer-title" className="text-xl font-bold">
        {offer.name}
      </h2>
      <p>
        {formatMoney(offer.ticketPrice, site.locale)} a ticket. Every ticket supports {partner.name}.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-0.5">
        {partner.offers.length > 1 ? (
          <div className="flex flex-col gap-[4px]">
            <label htmlFor="partner-offer" className="font-semibold">
              Raffle
            </label>
            <select
              id="partner-offer"
              name="offer"
              defaultValue={item.offerKey}
              className="min-h-[44px] rounded-theme border border-black/30 px-0.5"
            >
              {partner.offers.map((o) => (
                <option key={o.productOfferKey} value={o.productOfferKey}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="offer" value={item.offerKey} />
        )}
        <div className="flex flex-col gap-[4px]">
          <label htmlFor="partner-tickets" className="font-semibold">
            Tickets
          </label>
          <input
            id="partner-tickets"
            name="tickets"
            type="number"
            min={1}
            max={MAX_PARTNER_TICKETS}
            defaultValue={item.numTickets}
            className="min-h-[44px] w-[7rem] rounded-theme border border-black/30 px-0.5"
          />
        </div>
        <button type="submit" className="btn btn-secondary">
          Update
        </button>
      </Form>
      {line ? (
        <p data-testid="partner-item">
          {line.description}: <strong>{formatMoney(line.price, site.locale)}</strong>
        </p>
      ) : null}
    </section>
  );
}

function SignIn({
  loaderData,
  result,
}: {
  loaderData: Route.ComponentProps['loaderData'];
  result: AuthActionData | undefined;
}) {
  const { pathname, search } = useLocation();
  const step = result?.step ?? loaderData.step;
  const params = new URLSearchParams(search);
  params.set('step', step === 'login' ? 'register' : 'login');
  const other = `${pathname}?${params.toString()}`;
  const back = loaderData.here;
  if (result?.step === '2fa')
    return (
      <TwoFactorForm
        state={result.twoFactor}
        rememberDays={loaderData.rememberDays}
        supportUrl={loaderData.supportUrl}
        redirectTo={back}
      />
    );
  return step === 'login' ? (
    <LoginForm
      lastResult={result?.step === 'login' ? result.result : undefined}
      redirectTo={back}
      registerHref={other}
    />
  ) : (
    <RegisterForm
      lastResult={result?.step === 'register' ? result.result : undefined}
      redirectTo={back}
      loginHref={other}
      options={loaderData.register}
    />
  );
}

export default function PartnerCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { partner, item, cart, payment } = loaderData;
  const bought = actionData && 'idempotencyKey' in actionData ? (actionData as BuyActionResult) : undefined;
  const auth = actionData && 'step' in actionData ? (actionData as AuthActionData) : undefined;
  return (
    <PartnerFrame partner={partner}>
      <div className="page-container flex flex-col gap-1 py-1.5">
        <h1 className="text-3xl font-extrabold">Buy tickets and support {partner.name}</h1>
        {loaderData.notice ? <FormAlert messages={[loaderData.notice]} /> : null}
        {item ? (
          <ItemPicker partner={partner} item={item} cart={cart} />
        ) : (
          <p>{partner.name} has no raffle on sale right now. Please come back soon.</p>
        )}
        {loaderData.problem ? <FormAlert messages={[loaderData.problem]} /> : null}
      </div>
      {!loaderData.signedIn && item ? (
        <div className="page-container pb-1.5">
          <SignIn loaderData={loaderData} result={auth} />
        </div>
      ) : null}
      {payment ? (
        <CheckoutView
          data={payment}
          result={bought}
          site={site}
          back={{ to: `/purchase/${partner.slug}`, label: `Back to ${partner.name}` }}
          summary={cart?.cartItems[0] ? <p>{cart.cartItems[0].description}</p> : null}
        />
      ) : null}
    </PartnerFrame>
  );
}
