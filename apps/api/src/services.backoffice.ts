// The back office's services (issue 21; docs/operators.md), built once by the composition root: each back-office
// service gets the narrow ports it declares, filled in here from the shop's own services, so the back office and the
// operator CLI go through the very same code (withdrawals, results, raffle draws, offers, documents).
import type { AdminOffer, AdminPromotionBody, AdminVerification } from '@shop/contracts';
import {
  createBackofficeAdjustments,
  createBackofficeCustomers,
  createBackofficeDashboard,
  createBackofficeDraws,
} from './modules/backoffice/index.ts';
import type { CatalogueServices, CommerceServices, Core } from './services.ts';
import type { createSettlementWorkflow } from './workflows/settle-draw.workflow.ts';
import type { createRaffleDrawWorkflow } from './workflows/draw-raffle.workflow.ts';

type Shop = CatalogueServices &
  CommerceServices & {
    settlement: ReturnType<typeof createSettlementWorkflow>;
    raffleDraws: ReturnType<typeof createRaffleDrawWorkflow>;
  };

export function backofficeServices(core: Core, s: Shop) {
  const { db, clock, config } = core;
  const rg = s.responsibleGambling;
  const kycPending = async (): Promise<AdminVerification[]> =>
    (await rg.documents.pendingManualVerifications()).map((v) => ({
      id: v.id,
      customerId: v.customerId,
      method: v.method,
      createdAt: v.createdAt.toISOString(),
      files: v.files.map((f) => ({ id: f.id, name: f.name, mimeType: f.mimeType, sizeBytes: f.sizeBytes })),
    }));
  const offerList = async (): Promise<AdminOffer[]> =>
    Object.values(await s.catalogue.productOffers('default')).map((o) => ({
      key: o.key,
      name: o.name,
      type: o.type,
      suspended: o.suspended,
    }));

  const customers = createBackofficeCustomers({
    db,
    clock,
    ports: {
      search: (q, page) => s.directory.search(q, page),
      details: (id) => s.directory.details(id),
      requirePasswordChange: (id) => s.directory.requirePasswordChange(id),
      closeAccount: (id, reason) => s.identity.closure.closeByOperator(id, reason),
      funds: (id) => s.ledger.fundsSummary(id),
      limits: async (id) => ({
        spend: await rg.limits.spendLimits(id),
        deposit: await rg.limits.depositLimits(id),
        precommitment: await rg.limits.precommitment(id),
      }),
      exclusion: (id) => rg.exclusions.exclusion(id),
      exclusionHistory: (id) => rg.exclusions.exclusionHistory(id),
      takeABreak: (id, period) => rg.exclusions.takeABreak(id, period),
      twoFactor: (id) => s.identity.twoFactor.twoFactorStatus(id).catch(() => null),
      unlockTwoFactor: (email) => s.identity.twoFactor.unlockTwoFactor(email),
      documentsPending: async (id) => (await kycPending()).some((v) => v.customerId === id),
      orders: (id, status, page) => s.orderHistory.listOrders(id, status, page),
      tickets: (id, page) => s.orderHistory.listTickets(id, page),
      transactions: (id, page) => s.ledger.listEntries(id, page),
    },
  });

  const adjustments = createBackofficeAdjustments({
    db,
    clock,
    ports: {
      currencyOf: async (id) => ((await s.directory.details(id)) ? (await s.ledger.fundsSummary(id)).currency : null),
      adjust: (tx, m) => s.ledger.adjust(tx, m),
    },
  });

  const draws = createBackofficeDraws({
    db,
    clock,
    ports: {
      draws: s.draws,
      settle: (drawId) => s.settlement.settle(drawId),
      winningLines: (drawId) => s.orders.winningLines(drawId),
    },
  });

  const dashboard = createBackofficeDashboard({
    db,
    clock,
    timeZone: config.siteTimeZone,
    ports: {
      entryTotalsSince: (since) => s.ledger.entryTotalsSince(since),
      withdrawalsWaiting: async () =>
        (await s.payments.withdrawals.listWithdrawals('pending', { limit: 1, offset: 0 })).total,
      kycWaiting: async () => (await kycPending()).length,
      openDraws: async (limit) => (await s.draws.listDraws({ status: 'DRAW_OPEN' }, { limit, offset: 0 })).items,
      ticketsPerDraw: (ids) => s.orders.ticketsPerDraw(ids),
    },
  });

  /** What `ops raffle:draw` does (close now, draw from the committed seed, pay), with the public verification link. */
  async function drawRaffle(drawId: string) {
    const report = await s.raffleDraws.advance(drawId);
    const draw = (await s.raffleLifecycle.findDraw(drawId))!;
    return {
      drawId: draw.publicId,
      status: draw.status,
      commitment: draw.commitment,
      seed: draw.seed,
      soldListHash: draw.soldListHash,
      sold: draw.sold,
      verificationUrl: `${config.publicUrl.replace(/\/$/, '')}/${draw.offerKey}/draw/${draw.drawNo}/verify`,
      winners: report.winners.map((w) => ({ rank: w.rank, ticketNumber: w.ticketNumber })),
    };
  }

  return {
    customers,
    adjustments,
    draws,
    dashboard,
    drawRaffle,
    dailyTotals: (from: string, to: string) => s.ledger.dailyTotals(from, to, config.siteTimeZone),
    kyc: {
      pending: kycPending,
      decide: (customerId: string, decision: 'approve' | 'reject', reason?: string) =>
        rg.documents.decideManualVerification(customerId, decision, reason),
      documentFile: (customerId: string, documentId: string) => rg.documents.documentFile(customerId, documentId),
      customerDocuments: async (customerId: string) =>
        (await rg.documents.customerDocuments(customerId)).map((d) => ({
          ...d,
          uploadedAt: d.uploadedAt.toISOString(),
          decidedAt: d.decidedAt?.toISOString() ?? null,
        })),
    },
    promotions: {
      list: (page: { limit: number; offset: number }) => s.promotions.list(page),
      create: (body: AdminPromotionBody) =>
        s.promotions.create({ ...body, expiresAt: body.expiresAt ? new Date(body.expiresAt) : null }),
    },
    offers: {
      list: offerList,
      setSuspended: (key: string, suspended: boolean) => s.catalogue.setOfferState(key, { suspended }),
    },
  };
}
