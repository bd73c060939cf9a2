// The orders service's view of a Lotto Party purchase (features §7 GET /social_syndicate_session/{id}): my share
// purchases in a session, what I paid and what was refunded.
import { LOTTO_PARTY_TEXTS, toMoney, type CurrencyCode, type SocialSyndicateSessionOrder } from '@shop/contracts';
import { notFound } from '../../lib/errors.ts';
import { lottoPartyRepository as repo } from './lotto-party.repository.ts';
import type { LottoPartyDeps } from './lotto-party.rules.ts';
import { refundedOf, sessionView } from './lotto-party.views.ts';

export function createSessionOrdersService(deps: LottoPartyDeps) {
  const { db } = deps;
  const unavailable = () => notFound(LOTTO_PARTY_TEXTS.orderLoadFailed, 'session_order_not_found');
  return {
    async ofSession(customerId: string, sessionId: string): Promise<SocialSyndicateSessionOrder> {
      const session = await repo.sessionByPublicId(db, sessionId);
      if (!session) throw unavailable();
      const rows = await repo.myShareRows(db, session.id, customerId);
      if (rows.length === 0) throw unavailable();
      const group = (await repo.groupById(db, session.groupId))!;
      const isMember = await repo.isMember(db, group.id, customerId);
      const currency = session.currency as CurrencyCode;
      const sum = (list: typeof rows) => list.reduce((n, r) => n + r.amountCents, 0);
      return {
        socialSyndicateId: session.publicId,
        session: await sessionView(deps, db, session, group, customerId, isMember),
        orders: rows.map((r) => ({
          orderId: r.orderId,
          shares: r.shares,
          amount: toMoney(r.amountCents, currency),
          purchasedAt: r.purchasedAt.toISOString(),
          refunded: r.refundEntryId !== null,
        })),
        amountPaid: toMoney(sum(rows), currency),
        amountRefunded: toMoney(refundedOf(rows).cents, currency),
      };
    },
  };
}
export type SessionOrdersService = ReturnType<typeof createSessionOrdersService>;
