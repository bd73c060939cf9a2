// The back office's services (issue 21; docs/operators.md), built once by the composition root: each back-office
// service gets the narrow ports it declares, filled in here from the shop's own services, so the back office and the
// operator CLI go through the very same code (withdrawals, results, raffle draws, offers, documents).
import type {
  AdminCampaignBody,
  AdminCampaignResult,
  AdminCampaignSegment,
  AdminGiveaway,
  AdminGiveawayDraw,
  AdminOffer,
  AdminPromotionBody,
  AdminPromotionPatch,
  AdminSyndicate,
  AdminVerification,
  DrawCard,
} from '@shop/contracts';
import { notFound, unprocessable } from './lib/errors.ts';
import type { createOutbox } from './modules/notifications/index.ts';
import { scrubMessage } from './modules/platform/index.ts';
import {
  createBackofficeAdjustments,
  createBackofficeCustomers,
  createBackofficeDashboard,
  createBackofficeDeposits,
  createBackofficeDraws,
} from './modules/backoffice/index.ts';
import type { CatalogueServices, CommerceServices, Core, MembershipServices } from './services.ts';
import type { createSettlementWorkflow } from './workflows/settle-draw.workflow.ts';
import type { createRaffleDrawWorkflow } from './workflows/draw-raffle.workflow.ts';

type Shop = CatalogueServices &
  CommerceServices & {
    settlement: ReturnType<typeof createSettlementWorkflow>;
    raffleDraws: ReturnType<typeof createRaffleDrawWorkflow>;
    membership: MembershipServices;
    outbox: Pick<ReturnType<typeof createOutbox>, 'failedSince'>;
  };

const giveawayView = (g: DrawCard): AdminGiveaway => ({
  id: g.externalId,
  type: g.type,
  drawNumber: g.number,
  title: g.title,
  status: g.status,
  closesAt: g.closeTime,
  entries: g.entriesCount,
  prizes: g.prizes.map((p) => p.name),
  verifyPath: `${g.details.url}/verify`,
});

/**
 * Notification campaigns (the back office's screen and `ops notifications:campaign` alike): the segments with their
 * audience, and one feed card per active customer of a segment not on a break or excluded, once per campaign key.
 */
function campaignServices(core: Core, s: Shop) {
  // A campaign is marketing: nobody on a break or self-excluded gets it (regulation.md).
  const audienceOf = async (segment: string) =>
    s.responsibleGambling.exclusions.withoutExcluded(await s.identity.directory.customersInSegment(segment));
  return {
    async segments(): Promise<AdminCampaignSegment[]> {
      const all = await s.platform.listSegments();
      return Promise.all(
        all.map(async (seg) => ({
          segmentName: seg.segmentName,
          customers: (await audienceOf(seg.segmentName)).length,
        })),
      );
    },
    async send(body: AdminCampaignBody): Promise<AdminCampaignResult> {
      const known = (await s.platform.listSegments()).some((seg) => seg.segmentName === body.segment);
      if (!known) {
        const problem = `There is no segment named "${body.segment}".`;
        throw unprocessable(problem, 'unknown_segment', { segment: [problem] });
      }
      const customers = await audienceOf(body.segment);
      const posted = await core.feed.campaign({
        customers,
        key: body.key,
        title: body.title,
        message: body.message,
        link: body.link && body.linkText ? { text: body.linkText, href: body.link } : undefined,
      });
      return { segment: body.segment, key: body.key, audience: customers.length, posted };
    },
  };
}

/** The draw officer's view of syndicates (settled with their lottery draw) and of Daily Winners giveaway draws. */
function groupDrawServices(s: Shop) {
  const { giveaways, giveawayDraws, draws } = s.membership;
  return {
    syndicates: async (): Promise<AdminSyndicate[]> =>
      (await s.syndicates.latest()).map((syn) => ({
        id: syn.id,
        name: syn.name,
        offerKey: syn.productOfferKey,
        lotteryName: syn.lotteryName,
        drawId: syn.drawId,
        drawNo: syn.drawNo,
        drawDate: syn.drawDate,
        size: syn.size,
        sharesSold: syn.sharesSold,
        status: syn.status,
      })),
    giveaways: async (q: { status?: 'open' | 'closed'; limit: number; offset: number }) => {
      const { items, total } = await giveaways.list(q);
      return { items: items.map(giveawayView), total };
    },
    /** What `ops membership:draw --giveaway` does: close now, draw from the committed seed, pay; idempotent. */
    async drawGiveaway(giveawayId: string): Promise<AdminGiveawayDraw> {
      const row = await draws.find(giveawayId).catch(() => null);
      if (!row) throw notFound('There is no such giveaway.', 'giveaway_not_found');
      if (row.type === 'preview') throw unprocessable('A preview giveaway is not drawn.', 'giveaway_preview');
      const report = await giveawayDraws.runNow(giveawayId);
      const g = await draws.find(giveawayId);
      return {
        giveaway: giveawayView(await giveaways.details(g.type, g.drawNumber, null)),
        drawn: report.drawn,
        seed: g.seed,
        commitment: g.commitment,
        winners: report.winners,
      };
    },
  };
}

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
    // Syndicate offers are derived from the syndicates on sale (ADR 095): nothing of theirs to suspend here.
    Object.values(await s.catalogue.productOffers('default'))
      .filter((o) => o.type !== 'syndicate_share')
      .map((o) => ({
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
      reopenAccount: (id) => s.identity.closure.reopenByOperator(id),
      selfExclusionEnds: (id) => rg.exclusions.selfExclusionEnds(id),
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

  const { reconciliation, refunds, depositsReport } = s.payments;
  const deposits = createBackofficeDeposits({
    ports: {
      customerIds: async (q) => (await s.directory.search(q, { limit: 100, offset: 0 })).items.map((c) => c.id),
      emailsOf: async (ids) =>
        new Map([...(await s.identity.directory.contactsOf(ids)).entries()].map(([id, c]) => [id, c.email])),
      list: (filter, page) => depositsReport.list(filter, page),
      viewsOf: (rows) => depositsReport.viewsOf(rows),
      state: (stuckMinutes) => reconciliation.state(stuckMinutes),
      reconcile: () => reconciliation.reconcile(),
      refund: (request) => refunds.refund(request),
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
      serverErrorsSince: (since, limit) => s.serverErrors.since(since, limit),
      failedEmailsSince: (since, limit) => s.outbox.failedSince(since, limit),
      scrub: scrubMessage,
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
    deposits,
    draws,
    groupDraws: groupDrawServices(s),
    campaigns: campaignServices(core, s),
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
      update: (code: string, { expiresAt, ...limits }: AdminPromotionPatch) =>
        s.promotions.update(code, {
          ...limits,
          ...(expiresAt !== undefined ? { expiresAt: expiresAt ? new Date(expiresAt) : null } : {}),
        }),
      end: (code: string) => s.promotions.end(code),
    },
    priceLists: s.priceLists,
    offers: {
      list: offerList,
      setSuspended: (key: string, suspended: boolean) => s.catalogue.setOfferState(key, { suspended }),
    },
  };
}
