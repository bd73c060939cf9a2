// Features §3/§7 POST /session inviteAllExistingMembers: when a session is created with it true, every member of the
// group other than the organiser is invited to it (a notification feed card and an email), in the transaction that
// writes the session, once per session and member. With false, nobody is told (members still see the group's
// sessions on its page).
import type { Executor } from '../../db/index.ts';
import { lottoPartyRepository as repo, type GroupRow, type SessionRow } from './lotto-party.repository.ts';

/** One member invited to one session: what the card and the email say. */
export interface SessionInvite {
  customerId: string;
  sessionId: string;
  groupName: string;
  organiserName: string;
  offerName: string;
  drawNo: number;
  drawAt: Date;
  closesAt: Date;
  sharePriceCents: number;
  numShares: number;
  currency: 'AUD' | 'GBP';
  /** Unique per session and member: a rerun or a concurrent writer tells nobody twice. */
  dedupeKey: string;
}

/** Tells the invited members (wired in services.ts: the feed's card and the outbox's email), in the caller's tx. */
export type InviteMembers = (tx: Executor, invites: SessionInvite[]) => Promise<void>;

/**
 * The invites of a session just written, read in its transaction: none unless it asks to invite every existing member.
 * `organiserName` is read before the transaction (identity's directory is another module's connection).
 */
export async function invitesFor(
  tx: Executor,
  session: SessionRow,
  group: GroupRow,
  organiserName: string,
): Promise<SessionInvite[]> {
  if (!session.inviteAllExistingMembers) return [];
  const members = (await repo.members(tx, group.id)).filter((m) => m.customerId !== group.organiserId);
  return members.map((m) => ({
    customerId: m.customerId,
    sessionId: session.publicId,
    groupName: group.name,
    organiserName,
    offerName: session.offerName,
    drawNo: session.drawNo,
    drawAt: session.drawAt,
    closesAt: session.closesAt,
    sharePriceCents: session.sharePriceCents,
    numShares: session.numShares,
    currency: session.currency as 'AUD' | 'GBP',
    dedupeKey: `lotto_party_invite:${session.publicId}:${m.customerId}`,
  }));
}

/** The organiser's first name as the invite says it. */
export async function organiserNameOf(
  firstNamesOf: (ids: string[]) => Promise<Map<string, string>>,
  group: GroupRow,
): Promise<string> {
  return (await firstNamesOf([group.organiserId])).get(group.organiserId) ?? 'Your organiser';
}
