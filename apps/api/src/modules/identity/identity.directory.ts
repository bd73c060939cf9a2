// What other domains need to know about (and change on) customers: contacts for service emails, the details
// identity verification checks, the verified flag, marketing suppression during an exclusion, and the names and
// suburbs of raffle winners. Responsible gambling's CustomerDirectory and the workflows' contacts port.
import { COMMUNICATION_CHANNELS, IDENTITY_TEXTS } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { publicId, randomToken } from './identity.crypto.ts';
import { customers, type CustomerRow as StoredCustomer } from './identity.repository.ts';

/** A customer as the back office lists them. */
const customerSummary = (c: StoredCustomer) => ({
  id: c.publicId,
  email: c.email,
  firstname: c.firstname,
  lastname: c.lastname,
  status: c.status as 'active' | 'closed',
  isVerified: c.isVerified,
  createdAt: c.createdAt.toISOString(),
});

type CustomerRow = Awaited<ReturnType<typeof customers.byPublicId>>;

export function createCustomerDirectoryService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  // The purchase's checks read the customer's row twice (responsible gambling's verification profile, the licensing
  // restriction; issue 22): they share one read. Inside a transaction the row read first is kept for the
  // transaction's life (nothing in a purchase changes it); on the pool only reads in flight at the same moment are
  // shared (the cart's reasons start both at once), so a later read always sees the latest commit.
  const readInTx = new WeakMap<Executor, Map<string, Promise<CustomerRow>>>();
  const readInFlight = new Map<string, Promise<CustomerRow>>();
  function customerRow(customerId: string, exec: Executor): Promise<CustomerRow> {
    const shared = exec === db ? readInFlight : (readInTx.get(exec) ?? new Map<string, Promise<CustomerRow>>());
    if (exec !== db) readInTx.set(exec, shared);
    const known = shared.get(customerId);
    if (known) return known;
    const read = customers.byPublicId(exec, customerId);
    shared.set(customerId, read);
    if (exec === db) void read.then(forget, forget);
    // A failed read in a transaction fails the transaction; on the pool the next caller reads again.
    function forget() {
      if (readInFlight.get(customerId) === read) readInFlight.delete(customerId);
    }
    return read;
  }
  return {
    /**
     * Email address and first name of active customers (service messages such as a winner's notice). A caller inside
     * a transaction passes it: a second pooled connection per transaction can exhaust the pool under load.
     */
    async contactsOf(
      customerIds: string[],
      exec: Executor = db,
    ): Promise<Map<string, { email: string; firstname: string }>> {
      const rows = await customers.contactsByPublicIds(exec, customerIds);
      return new Map(rows.map((r) => [r.publicId, { email: r.email, firstname: r.firstname }]));
    },
    /** The active customers of a segment (an operator's notification campaign). */
    customersInSegment: (segmentName: string): Promise<string[]> => customers.activeInSegment(db, segmentName),
    /** Names and localities of active customers (a raffle's public winners list); closed accounts are left out. */
    async profilesOf(
      customerIds: string[],
    ): Promise<Map<string, { firstname: string; lastname: string; suburb: string | null; state: string | null }>> {
      const found = await Promise.all(customerIds.map(async (id) => [id, await customers.byPublicId(db, id)] as const));
      return new Map(
        found.flatMap(([id, c]) =>
          c ? [[id, { firstname: c.firstname, lastname: c.lastname, suburb: c.suburb, state: c.state }] as const] : [],
        ),
      );
    },
    /** While the customer is active and not verified, as SQL for another module's read (the spend read, ADR 109). */
    unverifiedWhere: (customerId: string) => customers.unverifiedWhere(customerId),
    /** The customer's row as part of the purchase's one read of its checks (ADR 108): `customerRow` then takes it. */
    customerRead: (customerId: string) => customers.byPublicIdRead(customerId),
    /**
     * One active customer's email and first name (the purchase's receipt), from the customer's row: inside a
     * transaction that has read it already (the purchase's restrictions and checks do), no round trip at all.
     */
    async contactOf(customerId: string, exec: Executor = db): Promise<{ email: string; firstname: string } | null> {
      const c = await customerRow(customerId, exec);
      return c ? { email: c.email, firstname: c.firstname } : null;
    },
    /** Responsible gambling's view of a customer (identity verification uses the stored details). */
    async verificationProfile(customerId: string, exec: Executor = db) {
      const c = await customerRow(customerId, exec);
      if (!c) return null;
      return {
        email: c.email,
        firstname: c.firstname,
        lastname: c.lastname,
        dateOfBirth: c.dateOfBirth,
        address: c.address,
        suburb: c.suburb,
        state: c.state,
        postcode: c.postcode,
        isVerified: c.isVerified,
      };
    },
    async setVerified(customerId: string, verified: boolean): Promise<void> {
      const c = await customers.byPublicId(db, customerId);
      if (c && c.isVerified !== verified)
        await customers.update(db, c.id, { isVerified: verified, updatedAt: clock.now() });
    },
    /**
     * A customer imported from the legacy system (docs/migration.md): no password yet (they set one through forgot
     * password), address to be completed. An active account with the email already answers `created: false`.
     */
    async importLegacy(
      tx: Executor,
      l: { email: string; firstname: string; lastname: string; dateOfBirth: string },
    ): Promise<{ customerId: string; created: boolean }> {
      const found = await customers.activeByEmail(tx, l.email);
      if (found) return { customerId: found.publicId, created: false };
      const now = clock.now();
      const c = await customers.insert(tx, {
        publicId: publicId('cus'),
        customerToken: randomToken()
          .slice(0, 32)
          .replace(/[^A-Za-z0-9_-]/g, 'x'),
        email: l.email,
        firstname: l.firstname,
        lastname: l.lastname,
        dateOfBirth: l.dateOfBirth,
        phone: '',
        address: '',
        suburb: '',
        state: 'OTHER',
        postcode: '',
        metadata: { platform: 'legacy_import' },
        isNew: false,
        createdAt: now,
        updatedAt: now,
      });
      return { customerId: c.publicId, created: true };
    },
    /**
     * Restriction kind licensing (features §4): a customer seen in a banned country buys nothing until they accept
     * the location terms (POST /customer/terms-and-conditions/location).
     */
    async licensingRestriction(customerId: string, exec: Executor = db) {
      const c = await customerRow(customerId, exec);
      // A closed account buys nothing (ADR 089: an operator may close an account that still holds money, and its
      // scheduled purchases must stop too); only a row not found as open costs the second read.
      if (!c && (await customers.anyByPublicId(exec, customerId))?.status === 'closed')
        return { code: 'account_closed', message: IDENTITY_TEXTS.accountClosed };
      return c?.countryBannedConfirmationRequired
        ? { code: 'licensing', message: IDENTITY_TEXTS.locationTermsRequired }
        : null;
    },
    /** Sign-ups per affiliate code (the affiliate report): the code stored with the sign-up's attribution. */
    async signupsByAffiliate(): Promise<Map<string, string[]>> {
      const rows = await customers.signupsByAffiliate(db);
      return new Map(rows.map((r) => [r.code, r.ids]));
    },
    /** The back office's customer search (by id, part of the email or name; closed accounts too). */
    async search(q: string, page: { limit: number; offset: number }) {
      const { rows, total } = await customers.search(db, q.trim(), page);
      return { items: rows.map(customerSummary), total };
    },
    /** A customer's details for the back office, whatever the account's status; null when there is no such id. */
    async details(customerId: string) {
      const c = await customers.anyByPublicId(db, customerId);
      return c
        ? {
            ...customerSummary(c),
            dateOfBirth: c.dateOfBirth,
            phone: c.phone,
            address: c.address,
            addressLine2: c.addressLine2,
            suburb: c.suburb,
            state: c.state,
            postcode: c.postcode,
            country: c.country,
            segmentName: c.segmentName,
            forcePasswordChange: c.forcePasswordChange,
            closedAt: c.closedAt?.toISOString() ?? null,
          }
        : null;
    },
    /** Support asks an open account to choose a new password at its next sign-in (identity's forced change). */
    async requirePasswordChange(customerId: string): Promise<'required' | 'already' | 'unknown'> {
      const c = await customers.byPublicId(db, customerId);
      if (!c) return 'unknown';
      if (c.forcePasswordChange) return 'already';
      await customers.update(db, c.id, { forcePasswordChange: true, updatedAt: clock.now() });
      return 'required';
    },
    /** An excluded customer gets no marketing: every channel off, consent withdrawn. */
    async suppressMarketing(customerId: string): Promise<void> {
      const c = await customers.byPublicId(db, customerId);
      if (c)
        await customers.update(db, c.id, {
          marketingConsent: false,
          communicationPreferences: Object.fromEntries(COMMUNICATION_CHANNELS.map((ch) => [ch, false])),
          updatedAt: clock.now(),
        });
    },
  };
}
export type CustomerDirectoryService = ReturnType<typeof createCustomerDirectoryService>;
