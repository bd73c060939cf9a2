// A session's life after creation (docs/lotto-party.md, ADR 087): filled → its ticket written (lines owned
// by the session) in the purchase transaction that sold the last share; unfilled at close → cancelled and every share
// refunded in one transaction; closed with autosession on → the group's session for the next draw; settled → paid.
// Every step is idempotent: a crash and a rerun never refunds or creates twice.
import { getGame, quickPick, cryptoRandom, type GameKey } from '@shop/lottery';
import type { Executor } from '../../db/index.ts';
import { lottoPartyRepository as repo, type SessionRow } from './lotto-party.repository.ts';
import { SESSION_PREFIX, type LottoPartyDeps } from './lotto-party.rules.ts';
import { organiserNameOf } from './lotto-party.invites.ts';
import { inviteMembers, planSession, sessionRowOf } from './lotto-party.sessions.ts';

/** Ledger reference of one share purchase's refund: unique, so a repeated refund is refused by the wallet. */
export const refundReference = (shareId: number) => `lotto-party-refund:${shareId}`;

const BATCH = 100;

export interface RunReport {
  cancelled: number;
  refunds: number;
  autosessions: number;
}

export function createLifecycle(deps: LottoPartyDeps) {
  const { db, clock } = deps;
  const rng = deps.rng ?? cryptoRandom;

  /** Writes the session's ticket (quickpick lines owned by the session) and closes it; in the caller's transaction. */
  async function fill(tx: Executor, s: SessionRow, now: Date): Promise<SessionRow> {
    const draw = await deps.lockOpenDraw(tx, s.drawId, now);
    if (!draw) return s; // the draw closed: the close step cancels and refunds the session
    const game = getGame(draw.gameKey as GameKey, draw.drawNo);
    const picks = Array.from({ length: s.numGames }, () => quickPick(game, rng, 'standard').sets);
    const lines = await deps.orders.addTicketLines(
      tx,
      picks.map((sets) => ({
        customerId: s.publicId,
        drawId: s.drawId,
        gameKey: draw.gameKey as GameKey,
        drawNo: draw.drawNo,
        gameType: 'standard',
        sets,
      })),
    );
    return repo.updateSession(tx, s.id, {
      status: 'closed',
      closedAt: now,
      lines: lines.map((l, i) => ({ id: l.id, lineId: l.publicId, sets: picks[i]! })),
    });
  }

  /** Cancels an unfilled session whose close time passed and refunds each share purchase: one transaction. */
  async function cancel(sessionId: number): Promise<{ cancelled: boolean; refunds: number }> {
    return db.transaction(async (tx) => {
      const s = await repo.lockSession(tx, sessionId);
      const now = clock.now();
      if (!s || s.status !== 'open' || s.closesAt.getTime() > now.getTime()) return { cancelled: false, refunds: 0 };
      let refunds = 0;
      for (const share of await repo.sharesOf(tx, s.id)) {
        if (share.refundEntryId !== null) continue;
        const { entryId } = await deps.ledger.refund(tx, {
          customerId: share.customerId,
          amountCents: share.amountCents,
          currency: share.currency as 'AUD' | 'GBP',
          reference: refundReference(share.id),
          description: `Refund: Lotto Party session ${s.offerName} draw ${s.drawNo} was not filled`,
          purchaseReference: share.checkoutId,
          // The same checkout may hold shares of other sessions (refunded in their own transactions, maybe at
          // the same time): the ledger gives back only what those refunds did not.
          otherRefundReferences: (await repo.sharesOfCheckout(tx, share.checkoutId, share.customerId))
            .filter((o) => o.id !== share.id)
            .map((o) => refundReference(o.id)),
        });
        await repo.markRefunded(tx, share.id, entryId);
        refunds++;
      }
      await repo.updateSession(tx, s.id, { status: 'cancelled', closedAt: now });
      return { cancelled: true, refunds };
    });
  }

  /** After a session closed: the group's session for the next draw of the lottery, when its autosession is on. */
  async function autosession(s: SessionRow): Promise<boolean> {
    if (s.autosessionStatus !== 'on') {
      await repo.updateSession(db, s.id, { autosessionDone: true });
      return false;
    }
    const now = clock.now();
    const offer = (await deps.productOffers('default', now))[s.productOfferKey];
    const next = offer?.draws.find(
      (d) => d.drawNo > s.drawNo && d.purchaseStatus === 'standard' && new Date(d.stop).getTime() > now.getTime(),
    );
    if (!next) return false; // no draw on sale yet: the next run tries again
    const organiserGroup = s.inviteAllExistingMembers ? await repo.groupById(db, s.groupId) : null;
    const organiserName = organiserGroup ? await organiserNameOf(deps.firstNamesOf, organiserGroup) : '';
    return db.transaction(async (tx) => {
      const group = (await repo.groupById(tx, s.groupId))!;
      const existing = await repo.sessionByGroupAndDraw(tx, s.groupId, next.drawId);
      let nextId = existing?.publicId ?? null;
      if (!existing) {
        const plan = await planSession(deps, { ...s, drawId: next.drawId }, now);
        const row = sessionRowOf(
          group,
          plan,
          {
            numGames: s.numGames,
            sharePriceCents: s.sharePriceCents,
            autosessionStatus: 'on',
            inviteAllExistingMembers: s.inviteAllExistingMembers,
            createdBy: group.organiserId,
            previousSessionId: s.publicId,
          },
          now,
        );
        const written = await repo.insertSession(tx, row);
        // The next session asks what this one asked: its members are invited to it as to the first.
        if (written) await inviteMembers(deps, tx, written, group, organiserName);
        nextId = written?.publicId ?? null;
      }
      await repo.updateSession(tx, s.id, { autosessionDone: true, nextSessionId: nextId });
      return existing === null;
    });
  }

  return {
    fill,

    /** Settlement's SharedTicketOwners port: a session's holders and their shares, sorted by customer id. */
    ticketOwners: {
      owns: (ownerId: string) => ownerId.startsWith(SESSION_PREFIX),
      holders: async (tx: Executor, ownerId: string) =>
        (await repo.holdersOf(tx, ownerId)).map((h) => ({ customerId: h.customerId, shares: h.shares })),
    },

    /** The draw was settled (every prize paid): its closed sessions are paid. */
    markDrawPaid: (drawId: string) => repo.markDrawPaid(db, drawId),

    /** One pass of the job: cancel due unfilled sessions (refunds), create autosessions. */
    async run(): Promise<RunReport> {
      const report: RunReport = { cancelled: 0, refunds: 0, autosessions: 0 };
      for (const { id } of await repo.dueToClose(db, clock.now(), BATCH)) {
        const done = await cancel(id);
        if (done.cancelled) report.cancelled++;
        report.refunds += done.refunds;
      }
      for (const s of await repo.autosessionsDue(db, BATCH)) if (await autosession(s)) report.autosessions++;
      return report;
    },
  };
}
export type LottoPartyLifecycle = ReturnType<typeof createLifecycle>;
