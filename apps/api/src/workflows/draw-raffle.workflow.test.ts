// Raffle supply, pre-orders, region rules, the verifiable draw and postal entries, against a real database.
import type { CurrencyCode } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers/app.ts';
import { feedCardsOf } from '../../test/helpers/feed.ts';
import { catalogueAt } from '../../test/helpers/recurring.ts';
import { AppError } from '../lib/errors.ts';
import { commitmentOf, soldListHash, verifyRaffleDraw, type RaffleDrawsService } from '../modules/raffles/index.ts';
import { type Ledger } from '../modules/wallet/index.ts';
import { drawRaffle, raffleClockTick, type RaffleWorkflowDeps } from './draw-raffle.workflow.ts';

const DAY = 86_400_000;
const AUD: CurrencyCode = 'AUD';
let t: TestApp;
let raffles: RaffleDrawsService;
let ledger: Ledger;
let deps: RaffleWorkflowDeps;
let offerSeq = 0;

async function newOffer(o: { excluded?: string[]; causes?: string[]; price?: number } = {}) {
  const key = `test-raffle-${++offerSeq}`;
  await raffles.repo.insertOffers(t.database.db, [
    {
      offerKey: key,
      name: `Test Raffle ${offerSeq}`,
      description: 'A raffle for tests.',
      currency: AUD,
      causeSlugs: o.causes ?? ['surf-life-saving'],
      permits: [{ region: 'NSW', permitNumber: 'NSW Permit T1' }],
      excludedRegions: o.excluded ?? [],
      ticketPriceCents: o.price ?? 1_000,
      bundles: [
        { tickets: 1, priceCents: 1_000 },
        { tickets: 5, priceCents: 4_500 },
      ],
    },
  ]);
  return key;
}

async function newDraw(
  offerKey: string,
  o: { cap?: number; preOrder?: boolean; seed?: string; earlyBirdInDays?: number } = {},
) {
  const now = t.clock.now().getTime();
  const salesOpenAt = new Date(o.preOrder ? now + 2 * DAY : now - DAY);
  const stopAt = new Date(salesOpenAt.getTime() + 10 * DAY);
  return raffles.createDraw(t.database.db, {
    offerKey,
    preOrderFrom: o.preOrder ? new Date(now - DAY) : null,
    salesOpenAt,
    stopAt,
    drawAt: new Date(stopAt.getTime() + 3_600_000),
    cap: o.cap ?? 300,
    seed: o.seed,
    prizes: [
      { kind: 'first', name: 'Car', description: 'A car.', cashCents: null, valueCents: 5_000_000 },
      { kind: 'secondary', name: '$500 cash', description: 'Cash.', cashCents: 50_000, valueCents: null },
      ...(o.earlyBirdInDays === undefined
        ? []
        : [
            {
              kind: 'early_bird' as const,
              name: '$100 early bird',
              description: 'Cash.',
              cashCents: 10_000,
              valueCents: null,
              closesAt: new Date(now + o.earlyBirdInDays * DAY),
            },
          ]),
    ],
  });
}

async function fund(customerId: string, cents: number) {
  await t.database.db.transaction((tx) =>
    ledger.creditDeposit(tx, {
      customerId,
      amountCents: cents,
      currency: AUD,
      reference: `test-deposit:${customerId}:${cents}`,
      description: 'Test deposit',
    }),
  );
}

async function balanceOf(customerId: string) {
  return (await ledger.fundsSummary(customerId)).balanceCents;
}

/** What the purchase workflow does for one raffle item: lock the wallet, debit, number the tickets; all or nothing. */
async function purchase(customerId: string, offerKey: string, numTickets: number, region: string | null = 'NSW') {
  const handler = t.services.raffleTickets;
  const ctx = { customerId, region, now: t.clock.now(), pricingId: 'default' };
  const item = await handler.prepare({ productType: 'raffle_ticket', productOfferKey: offerKey, numTickets }, ctx);
  const checkoutId = `chk_${customerId.slice(4)}${numTickets}`;
  return t.database.db.transaction(async (tx) => {
    await ledger.lockWallet(tx, customerId, AUD);
    if (item.purchaseStatus === 'standard')
      await ledger.debitPurchase(tx, {
        customerId,
        amountCents: item.priceCents,
        currency: AUD,
        reference: checkoutId,
        description: item.description,
      });
    return handler.fulfil(tx, item, {
      customerId,
      orderId: `ord_${checkoutId.slice(4)}`,
      checkoutId,
      now: t.clock.now(),
    });
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  raffles = t.services.raffleLifecycle;
  ledger = t.services.ledger;
  deps = {
    db: t.database.db,
    raffles,
    ledger,
    outbox: t.services.outbox,
    contacts: {
      contactsOf: async (ids) => new Map(ids.map((id) => [id, { email: `${id}@example.test`, firstname: 'Pat' }])),
    },
    profiles: {
      profilesOf: async (ids) =>
        new Map(ids.map((id) => [id, { firstname: 'Jane', lastname: 'Smith', suburb: 'Bondi', state: 'NSW' }])),
    },
    publicUrl: 'https://shop.example.test',
  };
}, 60_000);
afterAll(() => t.close());

describe('ticket supply', () => {
  it('500 concurrent purchases against a cap of 300: exactly 300 tickets, the rest sold_out with no charge', async () => {
    // The ledger creates its house accounts on first use outside the transaction: one purchase first, so 500
    // transactions holding the test pool's 5 connections never all wait for a sixth.
    const warm = await newOffer();
    await newDraw(warm);
    await fund('cus_warmup01', 1_000);
    await purchase('cus_warmup01', warm, 1);
    const key = await newOffer();
    const draw = await newDraw(key, { cap: 300 });
    const buyers = Array.from({ length: 500 }, (_, i) => `cus_supply${String(i).padStart(4, '0')}`);
    for (const b of buyers) await fund(b, 1_000);
    const outcomes = await Promise.allSettled(buyers.map((b) => purchase(b, key, 1)));
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(ok).toHaveLength(300);
    expect(failed).toHaveLength(200);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(AppError);
      expect((f.reason as AppError).code).toBe('sold_out');
    }
    const numbers = await raffles.repo.ticketNumbers(t.database.db, draw.id);
    expect(numbers).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    const after = await raffles.repo.drawByPublicId(t.database.db, draw.publicId);
    expect(after).toMatchObject({ sold: 300, status: 'sold_out' });
    const balances = await Promise.all(buyers.map(balanceOf));
    expect(balances.filter((b) => b === 0)).toHaveLength(300);
    expect(balances.filter((b) => b === 1_000)).toHaveLength(200);
  }, 120_000);

  it('asking for more tickets than remain is 422 sold_out with the number left; a bundle is priced as the bundle', async () => {
    const key = await newOffer();
    await newDraw(key, { cap: 17 });
    await fund('cus_bundle01', 100_000);
    const [first] = await purchase('cus_bundle01', key, 5);
    expect(first!.raffleTicketNumbers).toEqual([1, 2, 3, 4, 5]);
    expect(await balanceOf('cus_bundle01')).toBe(100_000 - 4_500);
    const handler = t.services.raffleTickets;
    const ctx = { customerId: 'cus_bundle01', region: 'NSW', now: t.clock.now(), pricingId: 'default' };
    expect(
      (await handler.prepare({ productType: 'raffle_ticket', productOfferKey: key, numTickets: 3 }, ctx)).priceCents,
    ).toBe(3_000);
    const err = await handler
      .prepare({ productType: 'raffle_ticket', productOfferKey: key, numTickets: 13 }, ctx)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 422, message: 'Only 12 tickets are left in this draw.', code: 'sold_out' });
    await purchase('cus_bundle01', key, 12);
    const refreshed = await handler.refresh({ productType: 'raffle_ticket', productOfferKey: key, numTickets: 1 }, ctx);
    expect(refreshed).toMatchObject({ ok: false, reason: 'sold_out', message: 'This draw is sold out.' });
  });
});

describe('region restrictions and causes', () => {
  it('a state where the raffle is not permitted gets 422 region_restricted with the reason; others may buy', async () => {
    const key = await newOffer({ excluded: ['WA'] });
    await newDraw(key);
    const handler = t.services.raffleTickets;
    const input = { productType: 'raffle_ticket' as const, productOfferKey: key, numTickets: 1 };
    const err = await handler
      .prepare(input, { customerId: 'cus_wa01', region: 'WA', now: t.clock.now(), pricingId: 'default' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 422,
      code: 'region_restricted',
      message: "This raffle can't be sold in WA",
    });
    expect(
      await handler.refresh(input, { customerId: 'cus_wa01', region: 'WA', now: t.clock.now(), pricingId: 'default' }),
    ).toMatchObject({ ok: false, reason: 'region_restricted' });
    const item = await handler.prepare(input, {
      customerId: 'cus_nsw01',
      region: 'NSW',
      now: t.clock.now(),
      pricingId: 'default',
    });
    expect(item).toMatchObject({
      productType: 'raffle_ticket',
      priceCents: 1_000,
      numTickets: 1,
      causeKey: 'surf-life-saving',
      purchaseStatus: 'standard',
    });
  });

  it('a raffle with several causes needs one chosen, and only its own', async () => {
    const key = await newOffer({ causes: ['animal-rescue', 'wildlife-rescue'] });
    await newDraw(key);
    const handler = t.services.raffleTickets;
    const ctx = { customerId: 'cus_cause01', region: 'VIC', now: t.clock.now(), pricingId: 'default' };
    await expect(
      handler.prepare({ productType: 'raffle_ticket', productOfferKey: key, numTickets: 1 }, ctx),
    ).rejects.toMatchObject({ code: 'cause_required' });
    await expect(
      handler.prepare(
        { productType: 'raffle_ticket', productOfferKey: key, numTickets: 1, causeKey: 'surf-life-saving' },
        ctx,
      ),
    ).rejects.toMatchObject({ code: 'unknown_cause' });
    expect(
      (
        await handler.prepare(
          { productType: 'raffle_ticket', productOfferKey: key, numTickets: 1, causeKey: 'wildlife-rescue' },
          ctx,
        )
      ).causeKey,
    ).toBe('wildlife-rescue');
  });
});

describe('pre-orders', () => {
  it('are scheduled purchases of kind pre_order: nothing charged or numbered until the draw opens, then bought once; a short wallet is a recorded failure', async () => {
    const key = await newOffer();
    const draw = await newDraw(key, { preOrder: true });
    expect(draw.status).toBe('pre_order');
    await fund('cus_pre01', 5_000);
    await fund('cus_pre02', 500);
    const item = { productType: 'raffle_ticket' as const, productOfferKey: key, numTickets: 5 };
    await t.services.purchase.purchaseItems('cus_pre01', 'pre-1', [item]);
    await t.services.purchase.purchaseItems('cus_pre02', 'pre-2', [{ ...item, numTickets: 1 }]);
    expect(await balanceOf('cus_pre01')).toBe(5_000);
    expect(await raffles.repo.ticketNumbers(t.database.db, draw.id)).toEqual([]);
    const [pre] = (await t.services.scheduledPurchases.list('cus_pre01', { limit: 10, offset: 0 })).items;
    expect(pre).toMatchObject({ kind: 'pre_order', drawNo: draw.drawNo, dueAt: draw.salesOpenAt.toISOString() });

    // Before sales open nothing is bought.
    const processor = t.services.recurringProcessor;
    expect(await processor.run({ customerId: 'cus_pre01' })).toMatchObject({ purchased: 0, examined: 0 });
    const opensAt = new Date(draw.salesOpenAt.getTime() + 1_000);
    t.clock.set(opensAt);
    try {
      // Due but the draw has not opened yet (the raffle clock has not ticked): still nothing.
      expect(await processor.run({ customerId: 'cus_pre01' })).toMatchObject({ purchased: 0, examined: 0 });
      expect((await raffleClockTick(deps, opensAt)).opened).toEqual([draw.publicId]);
      expect(await processor.run({ customerId: 'cus_pre01' })).toMatchObject({ purchased: 1 });
      expect(await processor.run({ customerId: 'cus_pre02' })).toMatchObject({ purchased: 0, hardFailures: 1 });
      expect(await balanceOf('cus_pre01')).toBe(500);
      expect(await balanceOf('cus_pre02')).toBe(500);
      expect(await raffles.repo.ticketNumbers(t.database.db, draw.id)).toEqual([1, 2, 3, 4, 5]);
      const [failed] = (await t.services.scheduledPurchases.list('cus_pre02', { limit: 10, offset: 0 })).items;
      expect(failed).toMatchObject({ lastAttemptStatus: 'hard_failure', finished: false, attempts: 1 });
      expect(failed!.lastFailureReason).toContain('more to buy');
      // A second run charges nobody again.
      expect(await processor.run()).toMatchObject({ purchased: 0 });
      expect(await balanceOf('cus_pre01')).toBe(500);
    } finally {
      t.clock.set(TEST_NOW);
      await catalogueAt(t.services);
    }
  });
});

describe('the verifiable draw', () => {
  it('publishes the commitment first, draws from the seed, pays cash prizes once, and verifies; a tampered list fails', async () => {
    const key = await newOffer();
    const seed = 'ab'.repeat(32);
    const draw = await newDraw(key, { seed, earlyBirdInDays: 3 });
    expect(draw.commitment).toBe(commitmentOf(seed));
    const before = await t.services.raffles.draw(key, draw.drawNo);
    expect(before.seed).toBeNull();
    expect(before.commitment).toBe(commitmentOf(seed));

    for (const c of ['cus_drawA', 'cus_drawB', 'cus_drawC']) await fund(c, 10_000);
    await purchase('cus_drawA', key, 5);
    await purchase('cus_drawB', key, 5);
    t.clock.advance(4 * DAY);
    await raffles.recordCutoffs(t.clock.now());
    await purchase('cus_drawC', key, 5);
    await t.services.raffleSupply.postalEntry(draw.publicId, 'cus_drawPostal');

    // Too early: the draw step needs closed sales.
    await expect(drawRaffle(deps, draw.publicId)).rejects.toMatchObject({ code: 'draw_state' });
    t.clock.set(new Date(draw.drawAt.getTime() + 1_000));
    const tick = await raffleClockTick(deps, t.clock.now());
    expect(tick.closed).toContain(draw.publicId);
    expect(tick.drawn).toContain(draw.publicId);

    const v = await t.services.raffles.verification(key, draw.drawNo);
    expect(v.seed).toBe(seed);
    expect(v.ticketNumbers).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(v.soldListHash).toBe(soldListHash(v.ticketNumbers));
    expect(v.prizes.find((p) => p.kind === 'early_bird')!.eligibleUpTo).toBe(10);
    expect(v.winners).toHaveLength(3);
    expect(v.winners.find((w) => w.rank === 3)!.ticketNumber).toBeLessThanOrEqual(10);
    const main = v.winners.filter((w) => w.rank <= 2).map((w) => w.ticketNumber);
    expect(new Set(main).size).toBe(2);

    const check = verifyRaffleDraw({
      seed: v.seed!,
      commitment: v.commitment,
      drawId: v.drawId,
      ticketNumbers: v.ticketNumbers,
      prizes: v.prizes,
      soldListHash: v.soldListHash,
      published: v.winners,
    });
    expect(check).toMatchObject({ commitmentOk: true, soldListOk: true, matchesPublished: true, ok: true });

    // Tampering: a ticket added after the close (or one removed) breaks the sold-list hash and, here, the winners.
    const added = verifyRaffleDraw({
      seed: v.seed!,
      commitment: v.commitment,
      drawId: v.drawId,
      ticketNumbers: [...v.ticketNumbers, 17],
      prizes: v.prizes,
      soldListHash: v.soldListHash,
      published: v.winners,
    });
    expect(added.soldListOk).toBe(false);
    expect(added.ok).toBe(false);
    const removed = verifyRaffleDraw({
      seed: v.seed!,
      commitment: v.commitment,
      drawId: v.drawId,
      ticketNumbers: v.ticketNumbers.filter((n) => n !== v.winners[0]!.ticketNumber),
      prizes: v.prizes,
      soldListHash: v.soldListHash,
      published: v.winners,
    });
    expect(removed).toMatchObject({ soldListOk: false, matchesPublished: false, ok: false });
    expect(
      verifyRaffleDraw({
        seed: 'cd'.repeat(32),
        commitment: v.commitment,
        drawId: v.drawId,
        ticketNumbers: v.ticketNumbers,
        prizes: v.prizes,
      }).commitmentOk,
    ).toBe(false);

    // Cash prizes are in the winners' wallets; the car is recorded for fulfilment; winners get one email each.
    const view = await t.services.raffles.draw(key, draw.drawNo);
    expect(view.status).toBe('paid');
    expect(view.winners.map((w) => w.name)).toEqual(['J. S***', 'J. S***', 'J. S***']);
    expect(view.winners[0]!.locality).toBe('Bondi, NSW');
    const owners = await raffles.repo.ticketOwners(
      t.database.db,
      draw.id,
      v.winners.map((w) => w.ticketNumber),
    );
    const ownerOf = (rank: number) =>
      owners.find((o) => o.n === v.winners.find((w) => w.rank === rank)!.ticketNumber)!.customerId;
    const cashTo = new Map<string, number>();
    for (const [rank, cents] of [
      [2, 50_000],
      [3, 10_000],
    ] as const)
      cashTo.set(ownerOf(rank), (cashTo.get(ownerOf(rank)) ?? 0) + cents);
    const balancesBefore = new Map<string, number>();
    for (const c of cashTo.keys()) balancesBefore.set(c, await balanceOf(c));

    // Drawing again: the same winners, nothing written, nobody paid twice.
    const again = await drawRaffle(deps, draw.publicId);
    expect(again.drawn).toBe(false);
    expect(again.winners.map((w) => [w.rank, w.ticketNumber])).toEqual(v.winners.map((w) => [w.rank, w.ticketNumber]));
    for (const [c, b] of balancesBefore) expect(await balanceOf(c)).toBe(b);
    for (const [c, cents] of cashTo) {
      if (c === 'cus_drawPostal') continue;
      const spent = c === 'cus_drawA' || c === 'cus_drawB' || c === 'cus_drawC' ? 4_500 : 0;
      expect(await balanceOf(c)).toBe(10_000 - spent + cents);
    }
  });

  it("a winner gets one feed card in the draw's transaction: prizes, tickets and the check link; drawing again posts none", async () => {
    const key = await newOffer();
    const draw = await newDraw(key, { seed: 'ef'.repeat(32) });
    await fund('cus_rafWin', 10_000);
    await purchase('cus_rafWin', key, 5);
    t.clock.set(new Date(draw.drawAt.getTime() + 1_000));
    // The shop's own workflow (services.ts), whose onWon is the feed's card.
    expect((await t.services.raffleDraws.tick(t.clock.now())).drawn).toContain(draw.publicId);
    const v = await t.services.raffles.verification(key, draw.drawNo);
    const ticketOf = (rank: number) => v.winners.find((w) => w.rank === rank)!.ticketNumber;
    const expected = [
      {
        title: 'You won $500.00!',
        message:
          `Test Raffle ${offerSeq} draw ${draw.drawNo}: ticket ${ticketOf(1)} won Car (our team will contact you to ` +
          `deliver it); ticket ${ticketOf(2)} won $500 cash. The cash is already in your account.`,
        links: ['/my-account/past-tickets/ticket/ord_rafWin5', `/${key}/draw/${draw.drawNo}/verify`],
        toasted: false,
        dedupeKey: `raffle_won:${draw.publicId}`,
      },
    ];
    expect(await feedCardsOf(t.database, 'cus_rafWin', 'ticket_won')).toEqual(expected);
    expect((await t.services.raffleDraws.drawRaffle(draw.publicId)).drawn).toBe(false);
    await t.services.raffleDraws.tick(t.clock.now());
    expect(await feedCardsOf(t.database, 'cus_rafWin', 'ticket_won')).toEqual(expected);
  });

  it('a free postal entry takes a ticket with no charge and counts against the cap', async () => {
    const key = await newOffer();
    const draw = await newDraw(key, { cap: 2 });
    expect(await t.services.raffleSupply.postalEntry(draw.publicId, 'cus_postal01')).toMatchObject({ ticketNumber: 1 });
    expect(await t.services.raffleSupply.postalEntry(draw.publicId, 'cus_postal02')).toMatchObject({ ticketNumber: 2 });
    await expect(t.services.raffleSupply.postalEntry(draw.publicId, 'cus_postal03')).rejects.toMatchObject({
      code: 'sold_out',
      message: 'This draw is sold out.',
    });
    expect(await balanceOf('cus_postal01')).toBe(0);
    const support = await t.services.causes.support('cus_postal01', key);
    expect(support).toMatchObject({ ticketsBought: 1, amountContributed: { amount: 0 } });
  });
});
