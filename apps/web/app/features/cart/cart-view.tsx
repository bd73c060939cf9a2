// The cart screen (spec core §2 /cart, §3 Cart, §8 promotion, blocked reasons, auto-removed items; features §4):
// items grouped by product type with their draws and numbers, remove (editing an item in place is not built:
// docs/storefront.md "Gaps"), the promotion field, the blocked reasons with their actions, auto-removed notices, the
// totals, the payable amount and the regulation text.
import { moneyToCents, type Cart, type CartItem } from '@shop/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { formatJackpot, formatMoney, formatShortDate, type SiteFormat } from '../../lib/format.ts';
import { NumberBalls } from './cart-balls.tsx';
import { BlockedReasons } from './blocked-reasons.tsx';
import { cartGroups, REGULATION_TEXT } from './cart-rules.ts';

export interface CartActionResult {
  intent: string;
  error?: string | undefined;
  code?: string | undefined;
}

function busyWith(navigation: ReturnType<typeof useNavigation>, intent: string, value?: string): boolean {
  if (navigation.state === 'idle' || !navigation.formData) return false;
  if (navigation.formData.get('intent') !== intent) return false;
  return value === undefined || navigation.formData.get('itemId') === value;
}

function setLabel(name: string): string {
  if (name === 'numbers') return 'Numbers';
  return name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

function ItemGames({ item }: { item: CartItem }) {
  if (item.productType === 'social_syndicate_share') {
    // Lotto Party shares (docs/lotto-party.md): the session's ticket is bought when its shares are all sold.
    return (
      <p className="text-sm" data-testid="cart-lotto-party">
        Shares of your Lotto Party group&apos;s ticket: it is bought when every share is sold, and any prize is split by
        shares into the members&apos; wallets.
      </p>
    );
  }
  if (item.productType === 'raffle_ticket') {
    return <p className="text-sm">{item.numTickets === 1 ? '1 ticket' : `${item.numTickets ?? 0} tickets`} per draw</p>;
  }
  return (
    <ol className="flex flex-col gap-0.5" aria-label="Games">
      {item.games.map((game, i) => (
        <li key={i} className="flex flex-wrap items-center gap-0.5">
          <span className="w-[4.5rem] shrink-0 text-sm font-semibold">Game {i + 1}</span>
          {Object.entries(game.sets).map(([set, numbers]) => (
            <NumberBalls
              key={set}
              numbers={numbers}
              variant={set === 'numbers' ? 'main' : 'bonus'}
              size="sm"
              label={`Game ${i + 1} ${setLabel(set)}`}
            />
          ))}
          {game.quickpick && game.sets.numbers?.some((n) => n === null) ? (
            <span className="text-sm italic">Quick Pick at purchase</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Core §3 cart item recurringPurchase: an autoplay line says what it buys and its minimum jackpot (which the
 * processor applies to the draws after this one: the draw in the cart is bought now, whatever its jackpot); a
 * subscription line says it is bought again each period.
 */
function RecurringLine({ item, site }: { item: CartItem; site: SiteFormat }) {
  if (item.recurringPurchase.type === 'subscription')
    return (
      <div className="text-sm" data-testid="cart-subscription">
        <p className="font-semibold">Subscription</p>
        <p>
          You pay for the first purchase now; then it is bought again from your wallet every period until you pause or
          cancel it in My account.
        </p>
      </div>
    );
  const minimum = item.analytics.minimumJackpotAmount;
  return (
    <div className="text-sm" data-testid="cart-autoplay">
      <p className="font-semibold">Autoplay</p>
      <p>
        You pay for the first draw now; then every draw is bought from your wallet until you pause or cancel it in My
        account.
      </p>
      {minimum ? (
        <p data-testid="cart-minimum-jackpot">
          Minimum jackpot: {formatJackpot(moneyToCents(minimum), minimum.currency, site.locale)}. From the next draw on,
          a draw with a smaller jackpot is skipped; the draw in your cart is bought now.
        </p>
      ) : null}
    </div>
  );
}

function CartItemCard({ item, site }: { item: CartItem; site: SiteFormat }) {
  const navigation = useNavigation();
  const removing = busyWith(navigation, 'remove', item.id);
  const draws = item.draws.map((d) => formatShortDate(new Date(d.drawDate), site));
  return (
    <li
      className="flex flex-col gap-0.5 rounded-theme border border-black/15 p-1 shadow-theme"
      data-testid="cart-item"
      data-item-id={item.id}
      aria-busy={removing || undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-0.5">
        <div>
          <h3 className="text-lg font-bold">{item.offerName}</h3>
          <p>{item.description}</p>
          {item.purchaseStatus === 'pre_order' ? (
            <p className="text-sm font-semibold">Pre-order: charged when the draw opens</p>
          ) : null}
          {item.recurringPurchase.enabled ? <RecurringLine item={item} site={site} /> : null}
        </div>
        <p className="text-lg font-extrabold" data-testid="cart-item-price">
          {formatMoney(item.price, site.locale)}
        </p>
      </div>
      {draws.length ? (
        <p className="text-sm">
          <span className="font-semibold">{draws.length === 1 ? 'Draw: ' : `${draws.length} draws: `}</span>
          {draws.join(', ')}
        </p>
      ) : null}
      <ItemGames item={item} />
      <div className="flex flex-wrap gap-0.5">
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="itemId" value={item.id} />
          <button
            type="submit"
            className="btn btn-secondary"
            disabled={removing}
            aria-label={`Remove ${item.description}`}
          >
            {removing ? 'Removing…' : 'Remove'}
          </button>
        </Form>
      </div>
    </li>
  );
}

function AutoRemoved({ items }: { items: Cart['autoRemovedItems'] }) {
  if (!items.length) return null;
  return (
    <section
      role="status"
      className="rounded-theme border-l-4 border-[#0d47a1] bg-[#e3f2fd] p-1 text-black"
      data-testid="auto-removed"
    >
      <h2 className="font-bold">Some items were removed from your cart</h2>
      <ul className="mt-0.5 list-disc pl-1">
        {items.map((it) => (
          <li key={it.id} data-reason={it.reason}>
            {it.description}: {it.message}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-0.5">
        <input type="hidden" name="intent" value="dismiss" />
        <button type="submit" className="btn btn-secondary">
          Dismiss
        </button>
      </Form>
    </section>
  );
}

function PromotionField({ cart, result }: { cart: Cart; result: CartActionResult | undefined }) {
  const navigation = useNavigation();
  const applying = busyWith(navigation, 'promotion');
  const error = result?.intent === 'promotion' ? result.error : undefined;
  if (cart.promotion) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-0.5" data-testid="promotion-applied">
        <p>
          <span className="font-semibold">Promotion {cart.promotion.code}</span>: {cart.promotion.description}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="remove-promotion" />
          <button type="submit" className="btn btn-secondary">
            Remove promotion
          </button>
        </Form>
      </div>
    );
  }
  return (
    <Form method="post" className="flex flex-col gap-[4px]" aria-busy={applying || undefined}>
      <input type="hidden" name="intent" value="promotion" />
      <label htmlFor="promotion-code" className="font-semibold">
        Promotion code
      </label>
      <div className="flex gap-0.5">
        <input
          id="promotion-code"
          name="promotionCode"
          autoComplete="off"
          maxLength={40}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'promotion-error' : undefined}
          className="min-h-[44px] w-full min-w-0 rounded-theme border border-black/30 px-0.5"
        />
        <button type="submit" className="btn btn-secondary shrink-0" disabled={applying}>
          {applying ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {error ? (
        <p id="promotion-error" className="text-sm font-bold text-error" data-testid="promotion-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

function TotalRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-1 ${strong ? 'text-lg font-extrabold' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function CartTotals({ cart, site }: { cart: Cart; site: SiteFormat }) {
  const discountCents = cart.promotion ? moneyToCents(cart.promotion.discount) : 0;
  const bonusCents = cart.promotion ? moneyToCents(cart.promotion.bonusCredit) : 0;
  const preOrderCents = moneyToCents(cart.preOrderTotal);
  return (
    <dl className="flex flex-col gap-[4px]" data-testid="cart-totals">
      <TotalRow label="Subtotal" value={formatMoney(cart.subtotal, site.locale)} testId="cart-subtotal" />
      {discountCents > 0 && cart.promotion ? (
        <TotalRow
          label="Discount"
          value={`-${formatMoney(cart.promotion.discount, site.locale)}`}
          testId="cart-discount"
        />
      ) : null}
      {bonusCents > 0 && cart.promotion ? (
        <TotalRow label="Bonus credit after purchase" value={formatMoney(cart.promotion.bonusCredit, site.locale)} />
      ) : null}
      <TotalRow label="Cart total" value={formatMoney(cart.cartTotal, site.locale)} strong testId="cart-total" />
      {preOrderCents > 0 ? (
        <TotalRow
          label="Pre-order total (charged later)"
          value={formatMoney(cart.preOrderTotal, site.locale)}
          testId="cart-preorder"
        />
      ) : null}
      {cart.walletBalance ? (
        <TotalRow label="Wallet balance" value={formatMoney(cart.walletBalance, site.locale)} testId="cart-wallet" />
      ) : null}
      {cart.payableAmount ? (
        <TotalRow
          label="Amount to pay"
          value={formatMoney(cart.payableAmount, site.locale)}
          strong
          testId="cart-payable"
        />
      ) : null}
    </dl>
  );
}

export function EmptyCart() {
  return (
    <div className="flex flex-col items-start gap-1" data-testid="cart-empty">
      <p>Your cart is empty.</p>
      <Link to="/lotto-tickets" className="btn btn-primary">
        Buy lotto tickets
      </Link>
    </div>
  );
}

export function CartView({
  cart,
  site,
  result,
}: {
  cart: Cart | null;
  site: SiteFormat;
  result: CartActionResult | undefined;
}) {
  const generalError = result && result.intent !== 'promotion' ? result.error : undefined;
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Your cart</h1>
      {generalError ? (
        <p role="alert" className="rounded-theme border-l-4 border-[#b00020] bg-[#fdecee] p-0.5 text-black">
          {generalError}
        </p>
      ) : null}
      {cart ? <AutoRemoved items={cart.autoRemovedItems} /> : null}
      {!cart || cart.itemCount === 0 ? (
        <EmptyCart />
      ) : (
        <div className="grid gap-1.5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="flex flex-col gap-1.5">
            {cartGroups(cart).map((group) => (
              <section
                key={group.productType}
                aria-labelledby={`group-${group.productType}`}
                className="flex flex-col gap-0.5"
              >
                <h2 id={`group-${group.productType}`} className="text-xl font-bold">
                  {group.heading}
                </h2>
                <ul className="flex flex-col gap-1">
                  {group.items.map((item) => (
                    <CartItemCard key={item.id} item={item} site={site} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <aside
            aria-label="Order summary"
            className="flex h-fit flex-col gap-1 rounded-theme border border-black/15 p-1 shadow-theme"
          >
            <BlockedReasons reasons={cart.blockedReasons} />
            <PromotionField cart={cart} result={result} />
            <CartTotals cart={cart} site={site} />
            <Link
              to="/cart/buy"
              className="btn btn-primary w-full text-center"
              data-testid="checkout-button"
              aria-disabled={Object.keys(cart.blockedReasons).length > 0 || undefined}
            >
              Checkout
            </Link>
            {cart.showRegulation ? <p className="text-sm">{REGULATION_TEXT}</p> : null}
          </aside>
        </div>
      )}
    </div>
  );
}
