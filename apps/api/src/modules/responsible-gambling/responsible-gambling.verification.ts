// Identity verification (features §4): the data-source checks (auto, driver's licence) through the
// VerificationProvider, ConnectID, and the state of every method; documents go through the document review.
import { randomBytes } from 'node:crypto';
import {
  toMoney,
  type CurrencyCode,
  type LicenceBody,
  type VerificationMethodType,
  type VerificationState,
  type VerificationStatus,
  type VerifyBody,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { rgVerifications, type VerificationRow } from './responsible-gambling.repository.ts';
import {
  ALL_METHODS,
  MAX_DATA_SOURCE_ATTEMPTS,
  OFFERED,
  publicId,
  sha256,
  type CustomerDirectory,
  type RgLedger,
} from './responsible-gambling.rules.ts';
import type { CheckResult, VerificationProvider } from './verification-provider.ts';

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'responsibleGambling' | 'publicUrl'>;
  ledger: Pick<RgLedger, 'spentBetween' | 'fundsSummary'>;
  customers: Pick<CustomerDirectory, 'verificationProfile' | 'setVerified'>;
  provider: VerificationProvider;
}

export const OUTCOME_TEXT: Record<CheckResult, string> = {
  verified: 'Thank you, your identity has been verified.',
  failed:
    'We could not match your details with the document you gave. Please check them and try again, or upload a photo of your ID.',
  documents_required: 'We could not find a record to check your details against. Please upload a photo of your ID.',
};
const CONNECTID_FAILED = 'ConnectID could not confirm your identity. Please try another way.';

const dataSourceAttempts = (rows: VerificationRow[]) =>
  rows.filter((r) => (r.method === 'auto_verification' || r.method === 'drivers_licence') && r.status !== 'verified')
    .length;

function statusFor(method: VerificationMethodType, rows: VerificationRow[], isVerified: boolean): VerificationStatus {
  if (!OFFERED.includes(method)) return 'disabled';
  const latest = rows.find((r) => r.method === method);
  if (latest?.status === 'verified') return 'verified';
  if (isVerified) return latest ? 'attempted' : 'not_attempted';
  if (
    (method === 'auto_verification' || method === 'drivers_licence') &&
    dataSourceAttempts(rows) >= MAX_DATA_SOURCE_ATTEMPTS
  )
    return 'disabled';
  if (!latest) return 'not_attempted';
  if (latest.status === 'pending') return 'pending';
  if (latest.status === 'in_progress') return 'in_progress';
  return 'attempted';
}

const last4 = (s: string) => s.slice(-4);

export function createVerificationService(deps: VerificationDeps) {
  const { db, clock, customers, provider, ledger } = deps;
  const rules = deps.config.responsibleGambling;

  async function verificationState(customerId: string): Promise<VerificationState> {
    const profile = await customers.verificationProfile(customerId);
    if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
    const rows = await rgVerifications.of(db, customerId);
    const currency: CurrencyCode = (await ledger.fundsSummary(customerId)).currency;
    const spent = profile.isVerified
      ? 0
      : await ledger.spentBetween(db, customerId, currency, null, new Date(clock.now().getTime() + 1));
    const last = rows[0];
    return {
      isVerified: profile.isVerified,
      methods: ALL_METHODS.map((type) => ({ type, status: statusFor(type, rows, profile.isVerified) })),
      verificationRules: profile.isVerified ? [] : ['verify_before_withdrawal', 'unverified_spend_cap'],
      unverifiedSpendCap: toMoney(rules.unverifiedSpendCapCents, currency),
      unverifiedSpendRemaining: profile.isVerified
        ? null
        : toMoney(Math.max(0, rules.unverifiedSpendCapCents - spent), currency),
      lastOutcome: last
        ? {
            method: last.method as VerificationMethodType,
            status: last.status,
            message: last.message,
            at: last.createdAt.toISOString(),
          }
        : null,
    };
  }

  /** The customer's details for a new attempt; refused when verified, the method is off, or documents are waiting. */
  async function startAttempt(customerId: string, method: VerificationMethodType) {
    const profile = await customers.verificationProfile(customerId);
    if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
    if (profile.isVerified) throw unprocessable('Your identity is already verified.', 'already_verified');
    const rows = await rgVerifications.of(db, customerId);
    if (statusFor(method, rows, false) === 'disabled') {
      throw unprocessable(
        'This verification method is not available. Please upload a photo of your ID instead.',
        'verification_method_disabled',
      );
    }
    if (rows.some((r) => r.status === 'pending')) {
      throw unprocessable(
        'Your documents are being reviewed. We will email you when this is done.',
        'verification_pending',
      );
    }
    return profile;
  }

  async function recordOutcome(
    customerId: string,
    method: VerificationMethodType,
    result: CheckResult,
    details: Record<string, unknown>,
  ) {
    const now = clock.now();
    const row = await rgVerifications.insert(db, {
      publicId: publicId('ver'),
      customerId,
      method,
      status: result,
      message: OUTCOME_TEXT[result],
      details,
      createdAt: now,
      decidedAt: now,
    });
    if (result === 'verified') await customers.setVerified(customerId, true);
    return {
      id: row.publicId,
      method,
      status: result,
      message: OUTCOME_TEXT[result],
      verification: await verificationState(customerId),
    };
  }

  return {
    verificationState,
    startAttempt,

    /** The overview's verification fields (core §3). */
    async overviewFields(customerId: string, isVerified: boolean) {
      const rows = await rgVerifications.of(db, customerId);
      return {
        verification: { methods: ALL_METHODS.map((type) => ({ type, status: statusFor(type, rows, isVerified) })) },
        verificationRules: isVerified ? [] : ['verify_before_withdrawal', 'unverified_spend_cap'],
      };
    },

    async verify(customerId: string, body: VerifyBody) {
      const p = await startAttempt(customerId, 'auto_verification');
      const result = await provider.checkIdentity({
        ...p,
        documentType: body.documentType,
        documentNumber: body.documentNumber,
      });
      return recordOutcome(customerId, 'auto_verification', result, {
        provider: provider.name,
        documentType: body.documentType,
        documentLast4: last4(body.documentNumber),
      });
    },

    async verifyLicence(customerId: string, body: LicenceBody) {
      const p = await startAttempt(customerId, 'drivers_licence');
      const result = await provider.checkIdentity({
        ...p,
        documentType: 'drivers_licence',
        documentNumber: body.licenceNumber,
        documentState: body.state,
      });
      return recordOutcome(customerId, 'drivers_licence', result, {
        provider: provider.name,
        state: body.state,
        documentLast4: last4(body.licenceNumber),
      });
    },

    async startConnectId(customerId: string) {
      await startAttempt(customerId, 'connect_id');
      const state = randomBytes(24).toString('base64url');
      const row = await rgVerifications.insert(db, {
        publicId: publicId('ver'),
        customerId,
        method: 'connect_id',
        status: 'in_progress',
        message: 'Waiting for ConnectID.',
        details: { stateHash: sha256(state) },
        createdAt: clock.now(),
      });
      return {
        id: row.publicId,
        authorizeUrl: provider.connectIdAuthorizeUrl(state, `${deps.config.publicUrl}/account-verification`),
        state,
      };
    },

    async connectIdCallback(customerId: string, body: { code: string; state: string }) {
      const profile = await customers.verificationProfile(customerId);
      if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
      const row = await rgVerifications.connectIdInProgress(db, customerId, sha256(body.state));
      if (!row)
        throw unprocessable(
          'This ConnectID sign-in has expired or was not started here. Please start again.',
          'connectid_state_invalid',
        );
      const result = await provider.connectIdExchange(body.code, profile);
      const status: 'verified' | 'failed' = result === 'verified' ? 'verified' : 'failed';
      const message = status === 'verified' ? OUTCOME_TEXT.verified : CONNECTID_FAILED;
      await rgVerifications.update(db, row.id, { status, message, decidedAt: clock.now() });
      if (status === 'verified') await customers.setVerified(customerId, true);
      const state = await verificationState(customerId);
      return { id: row.publicId, method: 'connect_id' as const, status, message, verification: state };
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
