// Partners (spec features §3 Partner, §4 partner fetch and cart states, §7 Partners calls): the partners whose visitors
// buy through the partner layout, their public view with branding and the offers they may sell, the partner cart
// (the item priced like a cart item, nothing stored), and the sale with its commission, recorded inside the purchase's
// transaction (ADR 076). The purchase itself is the purchase workflow's (workflows/partner-purchase.workflow.ts).
import {
  ChannelKey,
  HexColour,
  PartnerKey,
  PartnerSlug,
  toMoney,
  type CartItemInput,
  type CurrencyCode,
  type Partner,
  type PartnerCart,
  type PartnerCartItemInput,
  type ProductOffers,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { PricedItem } from '../cart/index.ts';
import { partnersRepo, type PartnerRow } from './partners.repository.ts';

/** What a purchase bought, as the purchase workflow hands it to `afterOrders` (only what the sale needs). */
export interface AttributedPurchase {
  customerId: string;
  checkoutId: string;
  now: Date;
  orders: { item: Pick<PricedItem, 'priceCents' | 'currency' | 'purchaseStatus'> }[];
  attribution?: { partnerKey: string; channelKey: string; metadata: Record<string, string> };
}

export interface PartnersDeps {
  db: Db;
  clock: Clock;
  /** The catalogue's offers on sale now (default pricing). */
  offers: () => Promise<ProductOffers>;
  /** The cart's pricing of one item outside any cart: 422 exactly as when it is added to a cart. */
  prepareItem: (customerId: string | null, input: CartItemInput) => Promise<PricedItem>;
  funds: (customerId: string) => Promise<{ availableFundsCents: number }>;
  blockedReasons?: (customerId: string, amountCents: number, currency: CurrencyCode) => Promise<Record<string, string>>;
  ledger: {
    accruePartnerCommission(
      tx: Executor,
      m: { partnerKey: string; amountCents: number; currency: CurrencyCode; reference: string; description: string },
    ): Promise<{ entryId: string }>;
  };
}

export interface NewPartner {
  slug: string;
  key: string;
  name: string;
  channels: string[];
  offers: string[];
  commissionBps: number;
  primaryColour: string;
  accentColour: string;
  logoUrl?: string | null;
  websiteUrl?: string | null;
}

/** Commission on a sale (ADR 076): basis points of what was paid, rounded down to the cent (never more than earned). */
export const commissionOf = (saleCents: number, bps: number): number => Math.floor((saleCents * bps) / 10_000);

/** Features §5: the partner's web channel is the channel whose key ends in _web. */
export const webChannelOf = (channels: readonly string[]): string | null =>
  channels.find((c) => c.endsWith('_web')) ?? null;

/** What is wrong with a new partner (ops partner:add), in words an operator can act on. */
function problemsOf(input: NewPartner, offers: ProductOffers): string[] {
  const problems: string[] = [];
  if (!PartnerSlug.safeParse(input.slug).success) problems.push('slug: lower-case letters, digits and hyphens');
  if (!PartnerKey.safeParse(input.key).success) problems.push('key: lower-case letters, digits and underscores');
  if (!input.name.trim()) problems.push('name: required');
  if (!input.channels.length || !input.channels.every((c) => ChannelKey.safeParse(c).success))
    problems.push('channels: keys of lower-case letters, digits and underscores');
  if (!webChannelOf(input.channels)) problems.push('channels: one must end in _web (the web channel)');
  if (!Number.isInteger(input.commissionBps) || input.commissionBps < 0 || input.commissionBps > 10_000)
    problems.push('commission: 0 to 100 per cent in basis points');
  for (const c of [input.primaryColour, input.accentColour])
    if (!HexColour.safeParse(c).success) problems.push(`colour ${c}: a hex colour such as #0a5c36`);
  for (const key of input.offers)
    if (offers[key]?.type !== 'raffle_ticket') problems.push(`offer ${key}: not a raffle offer on sale`);
  if (!input.offers.length) problems.push('offers: at least one');
  return problems;
}

const partnerNotFound = () => notFound('There is no such partner.', 'partner_not_found');

/** GET /partners/{slug}'s view: only offers on sale now (one whose draws have all closed has nothing to sell). */
function viewOf(p: PartnerRow, offers: ProductOffers): Partner {
  return {
    slug: p.slug,
    key: p.key,
    name: p.name,
    channels: p.channels.map((channelKey) => ({ channelKey })),
    branding: {
      logoUrl: p.logoUrl,
      primaryColour: p.primaryColour,
      accentColour: p.accentColour,
      websiteUrl: p.websiteUrl,
    },
    // Only offers on sale now: one whose draws have all closed has nothing to sell.
    offers: p.offers.flatMap((key) => {
      const offer = offers[key];
      const gameOffer = offer?.gameTypes[0]?.gameOffers[0];
      if (!offer || offer.suspended || !gameOffer) return [];
      return [
        {
          productOfferKey: key,
          name: offer.name,
          ticketPrice: gameOffer.pricePerLine,
          defaultTickets: gameOffer.defaultGames,
        },
      ];
    }),
  };
}

export function createPartnersService(deps: PartnersDeps) {
  const { db, clock } = deps;

  async function partnerBySlug(slug: string): Promise<PartnerRow> {
    const row = await partnersRepo.bySlug(db, slug);
    if (!row) throw partnerNotFound();
    return row;
  }

  /** The shop's cart item for a partner cart item: 422 when the partner may not sell it. */
  function itemInputOf(p: PartnerRow, item: PartnerCartItemInput): CartItemInput {
    if (!p.offers.includes(item.lottery)) {
      const text = `${p.name} does not sell this offer.`;
      throw unprocessable(text, 'offer_not_sold_by_partner', { lottery: [text] });
    }
    if (item.recurringPurchase?.enabled) {
      const text = 'Recurring purchases are not sold through partners.';
      throw unprocessable(text, 'recurring_not_offered', { recurring_purchase: [text] });
    }
    return {
      productType: 'raffle_ticket',
      productOfferKey: item.lottery,
      numTickets: item.raffleOffer.numTickets,
      ...(item.raffleOffer.causeKey ? { causeKey: item.raffleOffer.causeKey } : {}),
      ...(item.drawNumber ? { drawNo: item.drawNumber } : {}),
    };
  }

  async function cartOf(
    p: PartnerRow,
    customerId: string | null,
    cartItem: PartnerCartItemInput | null,
  ): Promise<{ cart: PartnerCart; input: CartItemInput | null }> {
    const input = cartItem ? itemInputOf(p, cartItem) : null;
    const priced = input ? await deps.prepareItem(customerId, input) : null;
    const currency: CurrencyCode = priced?.currency ?? 'AUD';
    const totalCents = priced?.priceCents ?? 0;
    const preOrderCents = priced?.purchaseStatus === 'pre_order' ? priced.priceCents : 0;
    const [funds, blocked] = await Promise.all([
      customerId ? deps.funds(customerId) : null,
      customerId && priced && deps.blockedReasons
        ? deps.blockedReasons(customerId, totalCents - preOrderCents, currency)
        : {},
    ]);
    const draw = priced?.draws[0];
    return {
      input,
      cart: {
        customerId,
        cartTotal: toMoney(totalCents, currency),
        preOrderTotal: toMoney(preOrderCents, currency),
        cartItems: priced
          ? [
              {
                lotteryKey: priced.productOfferKey,
                gameOffer: priced.gameOffer,
                description: priced.description,
                numTickets: priced.numTickets ?? 0,
                recurringPurchase: { enabled: false },
                drawNo: draw?.drawNo ?? null,
                drawDate: draw?.drawDate ?? null,
                price: toMoney(priced.priceCents, currency),
              },
            ]
          : [],
        blockedReasons: blocked,
        requiresUnattendedPaymentMethod: false,
        walletBalance: funds ? toMoney(funds.availableFundsCents, currency) : null,
      },
    };
  }

  return {
    /** GET /partners/{slug}: 404 partner_not_found for an unknown slug. */
    async get(slug: string): Promise<Partner> {
      const [p, offers] = await Promise.all([partnerBySlug(slug), deps.offers()]);
      return viewOf(p, offers);
    },

    /** POST /cart/partner/{slug} and /anon-cart/partner/{slug}: the partner cart for one item (nothing stored). */
    async cart(slug: string, customerId: string | null, cartItem: PartnerCartItemInput | null): Promise<PartnerCart> {
      return (await cartOf(await partnerBySlug(slug), customerId, cartItem)).cart;
    },

    /**
     * What a partner purchase buys, checked before any money moves: the partner and channel named by the body are
     * the slug's, the item is one the partner sells and can be bought now. An empty partner cart is the cart's error.
     * A request whose key already started the purchase (a retry) is not priced again: it goes on from what it started.
     */
    async checkPurchase(
      slug: string,
      customerId: string,
      body: { cartItem: PartnerCartItemInput | null; purchase: { partnerKey: string; channelKey: string } },
      started = false,
    ): Promise<CartItemInput> {
      const p = await partnerBySlug(slug);
      if (body.purchase.partnerKey !== p.key)
        throw unprocessable('This purchase names another partner.', 'partner_mismatch', {
          partner_key: ['This purchase names another partner.'],
        });
      if (!p.channels.includes(body.purchase.channelKey))
        throw unprocessable(`${p.name} has no channel ${body.purchase.channelKey}.`, 'unknown_channel', {
          channel_key: [`${p.name} has no channel ${body.purchase.channelKey}.`],
        });
      if (!body.cartItem)
        throw new AppError(422, 'Your cart is empty.', {
          code: 'cart_empty',
          fieldErrors: { this: ['Your cart is empty.'] },
        });
      if (started) return itemInputOf(p, body.cartItem);
      return (await cartOf(p, customerId, body.cartItem)).input!;
    },

    /**
     * Inside the purchase transaction (the workflow's afterOrders): the sale row and the partner's commission, taken
     * from the shop's sales revenue (ADR 076). Only what was paid now earns commission: pre-ordered items are paid
     * when their draw opens, by a purchase no partner is named on.
     */
    async recordSale(tx: Executor, bought: AttributedPurchase): Promise<void> {
      const a = bought.attribution;
      if (!a) return;
      const p = await partnersRepo.byKey(tx, a.partnerKey);
      if (!p) throw partnerNotFound();
      const paid = bought.orders.filter((o) => o.item.purchaseStatus !== 'pre_order');
      const saleCents = paid.reduce((s, o) => s + o.item.priceCents, 0);
      const currency = bought.orders[0]?.item.currency ?? 'AUD';
      const commissionCents = commissionOf(saleCents, p.commissionBps);
      const entry =
        commissionCents > 0
          ? await deps.ledger.accruePartnerCommission(tx, {
              partnerKey: p.key,
              amountCents: commissionCents,
              currency,
              reference: `commission:${bought.checkoutId}`,
              description: `${p.name} commission on ${bought.checkoutId}`,
            })
          : null;
      await partnersRepo.insertSale(tx, {
        checkoutId: bought.checkoutId,
        partnerId: p.id,
        channelKey: a.channelKey,
        customerId: bought.customerId,
        saleCents,
        commissionCents,
        currency,
        ledgerEntryId: entry?.entryId ?? null,
        metadata: a.metadata,
        createdAt: bought.now,
      });
    },

    /** The sale a checkout made (the partner receipt checks the checkout is this partner's). */
    saleOf: (checkoutId: string) => partnersRepo.saleOf(db, checkoutId),

    /** ops partner:add. Refuses a taken slug or key, an offer that is not a raffle on sale, no _web channel. */
    async add(input: NewPartner): Promise<PartnerRow> {
      const problems = problemsOf(input, await deps.offers());
      if (problems.length) throw unprocessable(problems.join('; '), 'invalid_partner');
      const row = await partnersRepo.insert(db, {
        ...input,
        name: input.name.trim(),
        logoUrl: input.logoUrl ?? null,
        websiteUrl: input.websiteUrl ?? null,
        createdAt: clock.now(),
      });
      if (!row) throw unprocessable(`A partner with slug ${input.slug} or key ${input.key} exists.`, 'partner_exists');
      return row;
    },

    /** The seed's demo partner: written once (by slug), its offers being the seeded raffles. */
    async ensure(input: NewPartner): Promise<number> {
      if (await partnersRepo.bySlug(db, input.slug)) return 0;
      const row = await partnersRepo.insert(db, {
        ...input,
        logoUrl: input.logoUrl ?? null,
        websiteUrl: input.websiteUrl ?? null,
        createdAt: clock.now(),
      });
      return row ? 1 : 0;
    },

    /** ops partner:list: every partner with its sales and commission. */
    async list() {
      const [rows, totals] = await Promise.all([partnersRepo.list(db), partnersRepo.totals(db)]);
      return rows.map((p) => ({ ...p, ...(totals.get(p.id) ?? { sales: 0, saleCents: 0, commissionCents: 0 }) }));
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
