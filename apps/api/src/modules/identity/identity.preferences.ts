// Communication preferences (features §7, v3.2: signed in, or with the signed unsubscribe token of a marketing email)
// and the recurring purchase method.
import { COMMUNICATION_CHANNELS, VISIBLE_COMMUNICATION_CHANNELS, type CommunicationChannel } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { customers, type CustomerRow } from './identity.repository.ts';
import { requireCustomer, type IdentitySecrets, type ResponsibleGamblingHooks } from './identity.shared.ts';

/** Recurring purchases are paid from the wallet, or charged to the saved card when the wallet is short. */
export const RECURRING_METHODS = ['wallet', 'wallet_then_card'];

const CHANNEL_NAMES: Record<CommunicationChannel, string> = {
  email: 'Email',
  phone: 'Phone',
  sms: 'SMS',
  directmail: 'Direct mail',
  push: 'Push notifications',
};

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

function recurringOf(c: CustomerRow) {
  return {
    availableRecurringPurchaseMethods: RECURRING_METHODS.map((k) => ({
      recurringPurchaseMethodKey: k,
      disabled: false,
    })),
    selectedRecurringPurchaseMethodKey: c.recurringPurchaseMethod,
  };
}

export interface PreferencesDeps {
  db: Db;
  clock: Clock;
  secrets: IdentitySecrets;
  responsibleGambling?: Pick<ResponsibleGamblingHooks, 'assertMarketingAllowed'>;
}

export function createPreferencesService(deps: PreferencesDeps) {
  const { db, clock } = deps;
  const box = () => deps.secrets.box();
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
      for (const [ch, v] of Object.entries(preferences)) next[ch] = typeof v === 'boolean' ? v : Boolean(v?.enabled);
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
      return recurringOf(await requireCustomer(db, customerId));
    },

    async setRecurringPurchaseMethod(customerId: string, key: string) {
      const c = await requireCustomer(db, customerId);
      if (!RECURRING_METHODS.includes(key)) {
        throw unprocessable(
          `Please choose one of: ${RECURRING_METHODS.join(', ')}.`,
          'invalid_recurring_purchase_method',
          { recurringPurchaseMethod: [`Must be one of: ${RECURRING_METHODS.join(', ')}.`] },
        );
      }
      return recurringOf(await customers.update(db, c.id, { recurringPurchaseMethod: key, updatedAt: clock.now() }));
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
