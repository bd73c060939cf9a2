// Shared deps, ids and access rules of Lotto Party (docs/lotto-party.md).
import { randomBytes } from 'node:crypto';
import { LOTTO_PARTY_TEXTS, type ProductOffer } from '@shop/contracts';
import type { RandomSource } from '@shop/lottery';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { NewTicketLine, PrizeRow, TicketLine } from '../orders/index.ts';
import type { InviteMembers } from './lotto-party.invites.ts';
import { lottoPartyRepository as repo, type GroupRow, type SessionRow } from './lotto-party.repository.ts';

export interface LottoPartyDeps {
  db: Db;
  clock: Clock;
  /** The catalogue's offers under a pricing (lotteries, their game offers, prices and draws on sale). */
  productOffers(pricingId: string, at?: Date): Promise<Record<string, ProductOffer>>;
  /** First names of customers (identity's directory). */
  firstNamesOf(ids: string[]): Promise<Map<string, string>>;
  orders: {
    addTicketLines(ex: Executor, lines: NewTicketLine[]): Promise<TicketLine[]>;
    prizesForDraw(drawId: string): Promise<PrizeRow[]>;
  };
  /** The draw row share-locked in the caller's transaction when it is still open for sales, else null. */
  lockOpenDraw(tx: Executor, drawId: string, now: Date): Promise<{ gameKey: string; drawNo: number } | null>;
  ledger: {
    refund(
      tx: Executor,
      m: {
        customerId: string;
        amountCents: number;
        currency: 'AUD' | 'GBP';
        reference: string;
        description: string;
        purchaseReference?: string;
        otherRefundReferences?: readonly string[];
      },
    ): Promise<{ entryId: string; created: boolean }>;
  };
  /** Quickpick source for the session's ticket; the platform CSPRNG unless a test injects one. */
  rng?: RandomSource;
  /** Tells members invited to a new session (inviteAllExistingMembers): feed card and email, in the session's tx. */
  inviteMembers?: InviteMembers;
}

export const GROUP_PREFIX = 'lpg_';
export const SESSION_PREFIX = 'lps_';
export const newGroupId = () => `${GROUP_PREFIX}${randomBytes(12).toString('base64url')}`;
export const newSessionId = () => `${SESSION_PREFIX}${randomBytes(12).toString('base64url')}`;
/** 32 random bytes: an invite cannot be guessed. */
export const newInviteToken = () => randomBytes(32).toString('base64url');

export const groupNotFound = () => notFound('There is no such Lotto Party group.', 'group_not_found');
export const sessionNotFound = () => notFound('There is no such Lotto Party session.', 'session_not_found');
export const notOrganiser = () => forbidden(LOTTO_PARTY_TEXTS.notOrganiser, 'not_organiser');

/** A group I may read: a member's, or a public/promoted one; a private group I am not in is 404 like a missing one. */
export async function readableGroup(
  ex: Executor,
  group: GroupRow | null,
  customerId: string,
): Promise<{ group: GroupRow; isMember: boolean }> {
  if (!group) throw groupNotFound();
  const isMember = await repo.isMember(ex, group.id, customerId);
  if (!isMember && group.publicityStatus === 'private') throw groupNotFound();
  return { group, isMember };
}

export async function readableSession(
  ex: Executor,
  sessionId: string,
  customerId: string,
): Promise<{ session: SessionRow; group: GroupRow; isMember: boolean }> {
  const session = await repo.sessionByPublicId(ex, sessionId);
  if (!session) throw sessionNotFound();
  const group = (await repo.groupById(ex, session.groupId))!;
  const isMember = await repo.isMember(ex, group.id, customerId);
  if (!isMember && group.publicityStatus === 'private') throw sessionNotFound();
  return { session, group, isMember };
}
