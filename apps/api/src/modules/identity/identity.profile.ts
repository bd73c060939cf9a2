// The customer's own account (core §3 overview, features §7 customer details): the overview with balance and
// responsible-gambling fields, details (name and date of birth immutable), favourite numbers, terms, location and
// the address and email confirmations.
import {
  IDENTITY_TEXTS,
  toMoney,
  type CustomerDetails,
  type CustomerOverview,
  type FavouriteNumbers,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, unauthorized, unprocessable } from '../../lib/errors.ts';
import type { Credentials } from './identity.credentials.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { customers, type CustomerRow } from './identity.repository.ts';
import { requireCustomer, type FundsSource, type ResponsibleGamblingHooks } from './identity.shared.ts';
import type { OneTimeTokens } from './identity.tokens.ts';
import { createIpLocator } from './ip-locations.ts';
import { favouriteNumbersErrors } from './favourite-numbers.ts';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'bannedCountries' | 'addressConfirmationDays' | 'ipCountryOverrides'>;
  tokens: OneTimeTokens;
  mailer: Pick<IdentityMailer, 'emailConfirmation' | 'emailChanged'>;
  /** Changing the sign-in email asks for the current password (a session alone cannot take the account). */
  credentials: Pick<Credentials, 'reauthenticate'>;
  funds?: FundsSource;
  responsibleGambling?: Pick<ResponsibleGamblingHooks, 'overviewFields'>;
  /** The migration module's status of the customer's legacy account (features §4); null when not wired. */
  migrationStatusOf?: (customerId: string) => Promise<string>;
  /** The price list the customer's cart is priced by (the membership module's members list); the stored one when not wired. */
  /** The price list the customer is priced by, given the request's pricing code (the `p` address code). */
  pricingOf?: (customerId: string, pricingCode: string | null) => Promise<string>;
}

export function detailsOf(c: CustomerRow): CustomerDetails {
  return {
    customerId: c.publicId,
    firstname: c.firstname,
    lastname: c.lastname,
    email: c.email,
    dateOfBirth: c.dateOfBirth,
    phone: c.phone,
    address: c.address,
    addressLine2: c.addressLine2,
    suburb: c.suburb,
    state: c.state,
    postcode: c.postcode,
    country: c.country,
    marketingConsent: c.marketingConsent,
  };
}

const DAY_MS = 86_400_000;
const ADDRESS_FIELDS = ['address', 'addressLine2', 'suburb', 'state', 'postcode', 'country'] as const;
const addressConfirmed = (now: Date) => ({
  addressConfirmationRequired: false,
  addressConfirmedAt: now,
  updatedAt: now,
});

/**
 * A confirmation is due when an operator asked for one (returned mail) or when the address was last entered or
 * confirmed `days` ago or more (features §2 Address or email confirmation banner).
 */
export function addressConfirmationDue(
  c: Pick<CustomerRow, 'addressConfirmationRequired' | 'addressConfirmedAt' | 'createdAt'>,
  now: Date,
  days: number,
): boolean {
  if (c.addressConfirmationRequired) return true;
  const since = (c.addressConfirmedAt ?? c.createdAt).getTime();
  return now.getTime() - since >= days * DAY_MS;
}

/**
 * The sign-in address is where resets and emailed codes go: moving it takes the current password, not a session
 * alone; and the new address must be free.
 */
async function assertEmailMayMove(
  deps: Pick<ProfileDeps, 'db' | 'credentials'>,
  c: CustomerRow,
  email: string,
  currentPassword: string | undefined,
) {
  if (!currentPassword)
    throw unprocessable(IDENTITY_TEXTS.currentPasswordRequired, 'reauthentication_required', {
      currentPassword: [IDENTITY_TEXTS.currentPasswordRequired],
    });
  await deps.credentials.reauthenticate(c, currentPassword, 'currentPassword');
  if (await customers.activeByEmail(deps.db, email))
    throw conflict(IDENTITY_TEXTS.emailTaken, 'email_taken', { email: [IDENTITY_TEXTS.emailTaken] });
}

export function createProfileService(deps: ProfileDeps) {
  const { db, clock, config, tokens, mailer } = deps;

  async function overviewOf(c: CustomerRow, pricingCode: string | null = null): Promise<CustomerOverview> {
    const currency = 'AUD' as const;
    const funds = deps.funds ? await deps.funds.fundsSummary(c.publicId) : null;
    const zero = { amount: 0 };
    return {
      customerId: c.publicId,
      customerToken: c.customerToken,
      segmentName: c.segmentName,
      pricingId: deps.pricingOf ? await deps.pricingOf(c.publicId, pricingCode) : c.pricingId,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email,
      state: c.state,
      balance: toMoney(funds?.balanceCents ?? 0, funds?.currency ?? currency),
      availableFunds: toMoney(funds?.availableFundsCents ?? 0, funds?.currency ?? currency),
      isVerified: c.isVerified,
      verification: { methods: [{ type: 'identity', status: c.isVerified ? 'verified' : 'unverified' }] },
      verificationRules: c.isVerified ? [] : ['verify_before_withdrawal'],
      preCommitment: null,
      spendLimits: [],
      spendLimitRequired: false,
      ...(deps.responsibleGambling ? await deps.responsibleGambling.overviewFields(c.publicId, c.isVerified) : {}),
      brandingRegion: c.state === 'OTHER' ? 'AU' : c.state,
      migrationStatus: deps.migrationStatusOf ? await deps.migrationStatusOf(c.publicId) : null,
      accountUpgrade: c.accountUpgrade,
      forcePasswordChange: c.forcePasswordChange,
      countryBanned: c.countryBanned,
      countryBannedConfirmationRequired: c.countryBannedConfirmationRequired,
      addressConfirmationRequired: addressConfirmationDue(c, clock.now(), config.addressConfirmationDays),
      emailAddressConfirmationRequired: c.emailConfirmedAt === null,
      favouriteNumbers: c.favouriteNumbers as FavouriteNumbers,
      experimentGroups: {},
      atv: { atvCommercial: zero, atvCharity: zero, atvSocialSyndicate: zero, atvSyndicate: zero },
    };
  }

  const banned = (country: string | null) => country !== null && config.bannedCountries.includes(country);
  const locator = createIpLocator({ overrides: config.ipCountryOverrides });
  const countryForIp = (ip: string) => locator.countryOf(ip);

  return {
    overviewOf,

    async overview(customerId: string, pricingCode: string | null = null) {
      return overviewOf(await requireCustomer(db, customerId), pricingCode);
    },

    /** Where the request comes from; banned countries flag the customer until they accept the location terms. */
    async noteLocation(c: CustomerRow, ip: string): Promise<CustomerRow> {
      const country = countryForIp(ip);
      const isBanned = banned(country);
      if (isBanned === c.countryBanned && country === c.lastCountry) return c;
      return customers.update(db, c.id, {
        lastCountry: country,
        countryBanned: isBanned,
        countryBannedConfirmationRequired: isBanned
          ? c.locationTermsAcceptedAt === null || c.lastCountry !== country
          : false,
        updatedAt: clock.now(),
      });
    },

    locate(ip: string) {
      const country = countryForIp(ip);
      return { country, countryBanned: banned(country) };
    },

    async details(customerId: string): Promise<CustomerDetails> {
      return detailsOf(await requireCustomer(db, customerId));
    },

    async updateDetails(
      customerId: string,
      patch: Partial<CustomerDetails> & { currentPassword?: string },
    ): Promise<{ details: CustomerDetails; unverified: boolean }> {
      const c = await requireCustomer(db, customerId);
      const immutable: Array<'firstname' | 'lastname' | 'dateOfBirth'> = ['firstname', 'lastname', 'dateOfBirth'];
      const fieldErrors: Record<string, string[]> = {};
      for (const f of immutable)
        if (patch[f] !== undefined && patch[f] !== c[f]) fieldErrors[f] = [IDENTITY_TEXTS.immutableField];
      if (Object.keys(fieldErrors).length)
        throw unprocessable(IDENTITY_TEXTS.immutableField, 'immutable_field', fieldErrors);
      const now = clock.now();
      const emailChanged = patch.email !== undefined && patch.email !== c.email;
      if (emailChanged) await assertEmailMayMove(deps, c, patch.email!, patch.currentPassword);
      // Moving state changes the regulator: a verified customer verifies again.
      const unverified = c.isVerified && patch.state !== undefined && patch.state !== c.state;
      // Entering an address is confirming it.
      const addressEntered = ADDRESS_FIELDS.some((f) => patch[f] !== undefined);
      const updated = await db.transaction(async (tx) => {
        const u = await customers.update(tx, c.id, {
          email: patch.email ?? c.email,
          phone: patch.phone ?? c.phone,
          address: patch.address ?? c.address,
          addressLine2: patch.addressLine2 ?? c.addressLine2,
          suburb: patch.suburb ?? c.suburb,
          state: patch.state ?? c.state,
          postcode: patch.postcode ?? c.postcode,
          country: patch.country ?? c.country,
          marketingConsent: patch.marketingConsent ?? c.marketingConsent,
          isVerified: unverified ? false : c.isVerified,
          emailConfirmedAt: emailChanged ? null : c.emailConfirmedAt,
          // A required account upgrade is completed by checking and saving the details (core §2 force-upgrade-account).
          accountUpgrade: false,
          ...(addressEntered ? { addressConfirmationRequired: false, addressConfirmedAt: now } : {}),
          updatedAt: now,
        });
        if (emailChanged) {
          await mailer.emailChanged(tx, c, u.email);
          await mailer.emailConfirmation(tx, u);
        }
        return u;
      });
      return { details: detailsOf(updated), unverified };
    },

    /**
     * Support: ask a customer to check and complete their details before anything else (core §2, §6: a required
     * account upgrade redirects to the force-upgrade-account page until they save them).
     */
    async requireAccountUpgrade(email: string): Promise<'required' | 'already' | 'unknown'> {
      const c = await customers.activeByEmail(db, email.trim().toLowerCase());
      if (!c) return 'unknown';
      if (c.accountUpgrade) return 'already';
      await customers.update(db, c.id, { accountUpgrade: true, updatedAt: clock.now() });
      return 'required';
    },

    async setFavouriteNumbers(customerId: string, favourites: FavouriteNumbers) {
      const errors = favouriteNumbersErrors(favourites);
      const first = Object.values(errors)[0]?.[0];
      if (first) throw unprocessable(first, 'invalid_numbers', errors);
      const c = await requireCustomer(db, customerId);
      const u = await customers.update(db, c.id, { favouriteNumbers: favourites, updatedAt: clock.now() });
      return u.favouriteNumbers as FavouriteNumbers;
    },

    async acceptTerms(customerId: string) {
      const c = await requireCustomer(db, customerId);
      const now = clock.now();
      await customers.update(db, c.id, { termsAcceptedAt: now, updatedAt: now });
      return { accepted: true, acceptedAt: now.toISOString() };
    },

    async acceptLocationTerms(customerId: string) {
      const c = await requireCustomer(db, customerId);
      const now = clock.now();
      await customers.update(db, c.id, {
        locationTermsAcceptedAt: now,
        countryBannedConfirmationRequired: false,
        updatedAt: now,
      });
      return { accepted: true, acceptedAt: now.toISOString() };
    },

    async confirmAddress(customerId: string | null, token?: string) {
      const now = clock.now();
      if (token) {
        const row = await tokens.consumeLink(db, 'confirm_address', token);
        await customers.update(db, row.customerId, addressConfirmed(now));
        return;
      }
      if (!customerId) throw unauthorized('Please log in to continue.', 'unauthorized');
      const c = await requireCustomer(db, customerId);
      await customers.update(db, c.id, addressConfirmed(now));
    },

    /** Operator: ask a customer to confirm their address at their next visit (mail came back, say). */
    async requireAddressConfirmation(email: string): Promise<boolean> {
      const c = await customers.activeByEmail(db, email);
      if (!c) return false;
      await customers.update(db, c.id, { addressConfirmationRequired: true, updatedAt: clock.now() });
      return true;
    },

    /** With a token: confirm the email. Without (signed in): send the confirmation email again. */
    async confirmEmail(customerId: string | null, token?: string): Promise<'confirmed' | 'sent'> {
      const now = clock.now();
      if (token) {
        const row = await tokens.consumeLink(db, 'confirm_email', token);
        await customers.update(db, row.customerId, { emailConfirmedAt: now, updatedAt: now });
        return 'confirmed';
      }
      if (!customerId) throw unauthorized('Please log in to continue.', 'unauthorized');
      const c = await requireCustomer(db, customerId);
      if (c.emailConfirmedAt) return 'confirmed';
      await db.transaction((tx) => mailer.emailConfirmation(tx, c));
      return 'sent';
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
