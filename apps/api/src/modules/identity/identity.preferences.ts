// Communication preferences (features §7, v3.2: signed in, or with the signed unsubscribe token of a marketing email)
// and the recurring purchase method.
import { COMMUNICATION_CHANNELS, VISIBLE_COMMUNICATION_CHANNELS, type CommunicationChannel } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { customers, type CustomerRow } from './identity.repository.ts';
import { requireCustomer, type IdentitySecrets, type ResponsibleGamblingHooks } from './identity.shared.ts';

/**
 * Recurring purchases are paid from the wallet; `wallet_then_card` charges the customer's default saved card when the
 * wallet is short; a saved card's fund id (`fnd_…`, from `recurringCards`) charges that card (docs/recurring.md).
 */
export const RECURRING_METHODS = ['wallet', 'wallet_then_card'];

/** A saved card the customer may pay recurring purchases with (the payments module's, wired in services.ts). */
export interface RecurringCard {
  id: string;
  label: string;
  expired: boolean;
}

const CHANNEL_NAMES: Record<CommunicationChannel, string> = {
  email: 'Email',
  phone: 'Phone',
  sms: 'SMS',
  directmail: 'Direct mail',
  push: 'Push notifications',
};

/** The stored key of an unsubscribe from one product offer's emails (email stays on for the others). */
const offerKey = (channel: string, productOfferKey: string) => `${channel}:${productOfferKey}`;

/**
 * Marketing email goes to a customer who agreed to email (features §7's email channel) and has not unsubscribed from
 * the product offer it is about.
 */
export function marketingEmailAllowed(c: CustomerRow, productOfferKey?: string): boolean {
  const stored = (c.communicationPreferences ?? {}) as Record<string, boolean>;
  if (c.status !== 'active' || stored.email !== true) return false;
  return productOfferKey === undefined || stored[offerKey('email', productOfferKey)] !== false;
}

/**
 * The outbox's audience (notifications EmailAudience): whether a marketing email may go, and its links. The
 * unsubscribe link carries the customer's signed token (identity.crypto.ts), so it works without signing in and
 * for nobody else; the preferences page asks the visitor to sign in.
 */
export function createMarketingAudience(deps: { secrets: IdentitySecrets; publicUrl: string }) {
  return {
    async marketingLinks(ex: Executor, customerId: string, productOfferKey?: string) {
      const c = await customers.byPublicId(ex, customerId);
      if (!c || !marketingEmailAllowed(c, productOfferKey)) return null;
      const token = deps.secrets.box().unsubscribeToken(c.publicId);
      const path = productOfferKey ? `${c.publicId}/${encodeURIComponent(productOfferKey)}` : c.publicId;
      return {
        unsubscribe: `${deps.publicUrl}/unsubscribe/${path}?token=${encodeURIComponent(token)}`,
        preferences: `${deps.publicUrl}/communication-preferences/${c.publicId}`,
      };
    },
  };
}

function preferencesOf(c: CustomerRow) {
  const stored = (c.communicationPreferences ?? {}) as Record<string, boolean>;
  return {
    features: {
      methodsEnabled: true,
      methods: COMMUNICATION_CHANNELS.map((key) => ({
        key,
        name: CHANNEL_NAMES[key],
        hidden: !(VISIBLE_COMMUNICATION_CHANNELS as readonly string[]).includes(key),
      })),
    },
    preferences: Object.fromEntries(COMMUNICATION_CHANNELS.map((ch) => [ch, { enabled: Boolean(stored[ch]) }])),
  };
}

function recurringOf(c: CustomerRow, cards: RecurringCard[]) {
  const usable = cards.filter((card) => !card.expired);
  return {
    availableRecurringPurchaseMethods: [
      { recurringPurchaseMethodKey: 'wallet', label: 'Wallet', disabled: false },
      {
        recurringPurchaseMethodKey: 'wallet_then_card',
        label: 'Wallet, then my default card',
        disabled: !usable.length,
      },
      ...cards.map((card) => ({ recurringPurchaseMethodKey: card.id, label: card.label, disabled: card.expired })),
    ],
    // A card removed since it was chosen no longer pays: the wallet does.
    selectedRecurringPurchaseMethodKey:
      c.recurringPurchaseMethod?.startsWith('fnd_') && !cards.some((card) => card.id === c.recurringPurchaseMethod)
        ? 'wallet'
        : c.recurringPurchaseMethod,
  };
}

export interface PreferencesDeps {
  db: Db;
  clock: Clock;
  secrets: IdentitySecrets;
  responsibleGambling?: Pick<ResponsibleGamblingHooks, 'assertMarketingAllowed'>;
  /** The customer's saved cards, for a recurring purchase method naming one (none without payments). */
  recurringCards?: (customerId: string) => Promise<RecurringCard[]>;
}

export function createPreferencesService(deps: PreferencesDeps) {
  const { db, clock } = deps;
  const box = () => deps.secrets.box();
  const cardsOf = async (customerId: string) => (await deps.recurringCards?.(customerId)) ?? [];
  return {
    /** The signed link token a marketing email carries, so a visitor can unsubscribe without signing in. */
    unsubscribeToken: (customerPublicId: string) => box().unsubscribeToken(customerPublicId),

    async communicationPreferences(customerId: string) {
      return preferencesOf(await requireCustomer(db, customerId));
    },

    async updateCommunicationPreferences(
      target: string,
      access: { authCustomerId: string | null; token?: string },
      preferences: Partial<Record<CommunicationChannel, boolean | { enabled: boolean }>>,
      unsubscribeReasons?: string[],
      /** The unsubscribe link of one product offer's emails: the channels are turned off for that offer only. */
      productOfferKey?: string,
    ) {
      const allowed =
        access.authCustomerId === target ||
        (access.token !== undefined && box().equal(access.token, box().unsubscribeToken(target)));
      // Another customer's id answers like an unknown one: nothing to learn from the status.
      if (!allowed)
        throw access.authCustomerId
          ? notFound('Customer not found.', 'customer_not_found')
          : unauthorized('Please log in to continue.', 'unauthorized');
      const c = await customers.byPublicId(db, target);
      if (!c) throw notFound('Customer not found.', 'customer_not_found');
      const current = (c.communicationPreferences ?? {}) as Record<string, boolean>;
      const next = { ...current };
      for (const [ch, v] of Object.entries(preferences))
        next[productOfferKey ? offerKey(ch, productOfferKey) : ch] = typeof v === 'boolean' ? v : Boolean(v?.enabled);
      if (Object.entries(next).some(([ch, on]) => on && !current[ch]))
        await deps.responsibleGambling?.assertMarketingAllowed?.(c.publicId);
      const u = await customers.update(db, c.id, {
        communicationPreferences: next,
        unsubscribeReasons: unsubscribeReasons?.length ? unsubscribeReasons : c.unsubscribeReasons,
        updatedAt: clock.now(),
      });
      return preferencesOf(u);
    },

    async recurringPurchaseMethod(customerId: string) {
      const c = await requireCustomer(db, customerId);
      return recurringOf(c, await cardsOf(customerId));
    },

    /** `key`: wallet, wallet_then_card, or one of the customer's unexpired saved cards; anything else is 422. */
    async setRecurringPurchaseMethod(customerId: string, key: string) {
      const c = await requireCustomer(db, customerId);
      const cards = await cardsOf(customerId);
      const card = cards.find((x) => x.id === key);
      if (!RECURRING_METHODS.includes(key) && (!card || card.expired)) {
        const text = card ? 'This card has expired.' : 'Choose your wallet or one of your saved cards.';
        throw unprocessable(text, 'invalid_recurring_purchase_method', { recurringPurchaseMethod: [text] });
      }
      const updated = await customers.update(db, c.id, { recurringPurchaseMethod: key, updatedAt: clock.now() });
      return recurringOf(updated, cards);
    },

    /** The stored recurring purchase method, read in the caller's transaction (new recurring purchases take it). */
    async recurringMethodIn(ex: Executor, customerId: string): Promise<string | null> {
      return (await customers.byPublicId(ex, customerId))?.recurringPurchaseMethod ?? null;
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
