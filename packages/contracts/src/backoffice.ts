// The back office's API (/api/admin; docs/operators.md): customers, money, draws, identity documents, the dashboard
// and the catalogue, for operators only. Lists take `limit` and `offset` and answer `{ items, total }`.
import { z } from 'zod';
import { paginationQuery } from './common.ts';
import { DrawStatus, OfferKey } from './draws.ts';
import { DepositLimits, Exclusion, Precommitment, SpendLimits } from './responsible-gambling.ts';
import { Order, Ticket } from './orders.ts';
import { VoucherType } from './cart.ts';

/** Texts the back office answers with. */
export const BACKOFFICE_TEXTS = {
  noCustomer: 'There is no such customer.',
  ownAdjustment: 'You cannot approve your own adjustment.',
  ownResult: 'A second operator must confirm this result: you entered it.',
  notConfirmed: 'This draw has no confirmed result yet: a second operator must confirm the result before settlement.',
  noProposal: 'No result is waiting for confirmation for this draw.',
  adjustmentDecided: 'This adjustment has already been decided.',
  noAdjustment: 'There is no such adjustment.',
  importRefused: 'The results file was refused; nothing was imported.',
} as const;

const page = paginationQuery(20);
const Id = z.string().min(1).max(64);
const Reason = z.string().trim().min(1).max(500);
/** The one-time key a form carries (drawn when it is shown): a second submit of it answers with the first write. */
export const RequestKey = z
  .string({ error: 'The form has no request key: reload it.' })
  .regex(/^[A-Za-z0-9_.:-]{8,80}$/, { error: 'The form has no request key: reload it.' });

export const AdminList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

// ------------------------------------------------------------------------------------------------------- customers

export const AdminCustomersQuery = page.extend({ q: z.string().trim().max(200).default('') }).strict();
export const AdminPageQuery = page;
export const AdminCustomerParams = z.object({ customerId: Id }).strict();

export const AdminCustomer = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  status: z.enum(['active', 'closed']),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;

export const AdminCustomerOverview = z.object({
  customer: AdminCustomer.extend({
    dateOfBirth: z.string(),
    phone: z.string(),
    address: z.string(),
    addressLine2: z.string(),
    suburb: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
    segmentName: z.string(),
    forcePasswordChange: z.boolean(),
    closedAt: z.string().nullable(),
  }),
  funds: z.object({
    currency: z.string(),
    balanceCents: z.number().int(),
    availableFundsCents: z.number().int(),
    withdrawableCents: z.number().int(),
    bonusCents: z.number().int(),
    pendingWithdrawalsCents: z.number().int(),
  }),
  verification: z.object({
    isVerified: z.boolean(),
    /** Documents waiting for a manual decision. */
    documentsPending: z.boolean(),
  }),
  limits: z.object({ spend: SpendLimits, deposit: DepositLimits, precommitment: Precommitment }),
  exclusion: Exclusion.nullable(),
  exclusionHistory: z.array(Exclusion),
  twoFactor: z.object({ enabled: z.boolean(), method: z.string().nullable(), locked: z.boolean() }),
});
export type AdminCustomerOverview = z.infer<typeof AdminCustomerOverview>;

/** A row of a customer's wallet history as the back office lists it. */
export const AdminTransaction = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  reference: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  lines: z.array(z.object({ account: z.string(), amountCents: z.number().int() })),
});

export const AdminOrdersQuery = page
  .extend({ status: z.enum(['upcoming_products', 'past_products']).default('upcoming_products') })
  .strict();
export const AdminOrder = Order;
export const AdminTicket = Ticket;

/** Take-a-break lengths support may start on a customer's request, in days (responsible gambling's periods). */
export const BREAK_DAYS = { 1: '24h', 2: '48h', 7: '1w', 14: '2w', 28: '4w', 42: '6w' } as const;
export const AdminBreakBody = z
  .object({
    days: z.union([z.literal(1), z.literal(2), z.literal(7), z.literal(14), z.literal(28), z.literal(42)], {
      error: 'A break lasts 1, 2, 7, 14, 28 or 42 days.',
    }),
  })
  .strict();

export const AdminNoteBody = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
export const AdminNote = z.object({ id: z.string(), body: z.string(), author: z.string(), createdAt: z.string() });
export type AdminNote = z.infer<typeof AdminNote>;

/** Closing a customer's account from the back office: the reason is kept with the account and in the audit log. */
export const AdminCloseBody = z.object({ reason: Reason }).strict();
/** Reopening a closed account (ADR 103): the reason goes to the audit log with the account's state before and after. */
export const AdminReopenBody = z.object({ reason: Reason }).strict();

/** What a support action did: `changed` false when there was nothing to do (not locked, already asked). */
export const AdminActionResult = z.object({ changed: z.boolean(), message: z.string() });

// ----------------------------------------------------------------------------------------------------------- money

export const ADMIN_WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export const AdminWithdrawalsQuery = page.extend({ status: z.enum(ADMIN_WITHDRAWAL_STATUSES).optional() }).strict();
export const AdminWithdrawal = z.object({
  id: z.string(),
  customerId: z.string(),
  status: z.enum(ADMIN_WITHDRAWAL_STATUSES),
  amountCents: z.number().int(),
  currency: z.string(),
  methodCode: z.string(),
  destination: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
export const AdminWithdrawalParams = z.object({ withdrawalId: Id }).strict();
export const AdminReasonBody = z.object({ reason: Reason }).strict();
export const AdminBulkApproveBody = z.object({ ids: z.array(Id).min(1).max(100) }).strict();
export const AdminBulkApproveResult = z.object({
  items: z.array(z.object({ id: z.string(), outcome: z.enum(['paid', 'failed']), message: z.string().nullable() })),
});

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AdminAdjustmentBody = z
  .object({
    customerId: Id,
    amountCents: z.number().int().min(1).max(100_000_000),
    direction: z.enum(['credit', 'debit']),
    reason: Reason,
    /** The request form's one-time key: a second submit of the same form answers with the first request. */
    key: RequestKey.optional(),
  })
  .strict();
export type AdminAdjustmentBody = z.infer<typeof AdminAdjustmentBody>;
export const AdminAdjustment = z.object({
  id: z.string(),
  customerId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  direction: z.enum(['credit', 'debit']),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The ledger entry of an approved adjustment. */
  entryId: z.string().nullable(),
});
export type AdminAdjustment = z.infer<typeof AdminAdjustment>;
export const AdminAdjustmentsQuery = page.extend({ status: z.enum(ADJUSTMENT_STATUSES).optional() }).strict();
export const AdminAdjustmentParams = z.object({ adjustmentId: Id }).strict();

// -------------------------------------------------------------------------------------------------------- deposits

export const ADMIN_DEPOSIT_STATUSES = ['pending', 'challenge', 'approved', 'failed', 'cancelled'] as const;
export const AdminDepositsQuery = page
  .extend({
    status: z.enum(ADMIN_DEPOSIT_STATUSES).optional(),
    /** A customer's email (or part of it, or of their name), a customer id (cus_…) or a deposit id (dep_…). */
    q: z.string().trim().max(200).optional(),
  })
  .strict();
export const AdminDepositParams = z.object({ depositId: Id }).strict();
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;
export const AdminDepositRefund = z.object({
  id: z.string(),
  depositId: z.string(),
  customerId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  requestedBy: z.string(),
  gatewayReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDepositRefund = z.infer<typeof AdminDepositRefund>;
export const AdminDeposit = z.object({
  id: z.string(),
  customerId: z.string(),
  /** The customer's email (null when the account is gone). */
  customerEmail: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(ADMIN_DEPOSIT_STATUSES),
  /** The method's name ("Credit or debit card", "PayPal"); a card adds its brand and last 4 digits. */
  method: z.string(),
  methodCode: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Taken back to the card by refunds (those still with the gateway included). */
  refundedCents: z.number().int(),
  refunds: z.array(AdminDepositRefund),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

export const AdminDepositRefundBody = z
  .object({
    amountCents: z.number().int().min(1, { error: 'Enter an amount.' }).max(100_000_000),
    reason: Reason,
    key: RequestKey,
  })
  .strict();
export type AdminDepositRefundBody = z.infer<typeof AdminDepositRefundBody>;

/** Minutes after which a deposit still pending or waiting for 3-D Secure is shown as stuck. */
export const DEPOSIT_STUCK_MINUTES = 30;
export const AdminReconciliation = z.object({
  /** Deposits the gateway approved that the ledger has not credited (what reconciling credits). */
  uncredited: z.array(AdminDeposit),
  /** Deposits pending or in a 3-D Secure challenge for longer than `stuckMinutes`. */
  stuck: z.array(AdminDeposit),
  stuckMinutes: z.number().int(),
  /** Refunds written in the ledger whose gateway answer is not recorded (what reconciling finishes). */
  pendingRefunds: z.array(AdminDepositRefund),
});
export type AdminReconciliation = z.infer<typeof AdminReconciliation>;
export const AdminReconcileResult = z.object({
  /** Deposits credited by this run. */
  credited: z.array(AdminDeposit),
  /** Refunds this run finished (refunded, or failed with the money back in the wallet). */
  refunds: z.array(AdminDepositRefund),
  /** How many things it fixed: credited deposits plus finished refunds. */
  fixed: z.number().int(),
});
export type AdminReconcileResult = z.infer<typeof AdminReconcileResult>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A day is written YYYY-MM-DD.' });
export const AdminLedgerDailyQuery = z
  .object({ from: Day, to: Day, format: z.enum(['json', 'csv']).default('json') })
  .strict()
  .refine((q) => q.from <= q.to, { error: 'from must not be after to.', path: ['to'] });
export const AdminLedgerDay = z.object({
  day: z.string(),
  account: z.string(),
  currency: z.string(),
  inCents: z.number().int(),
  outCents: z.number().int(),
  entries: z.number().int(),
});

// ----------------------------------------------------------------------------------------------------------- draws

export const AdminDrawsQuery = page.extend({ offer: OfferKey.optional(), status: DrawStatus.optional() }).strict();
export const AdminDrawParams = z.object({ drawId: Id }).strict();
const Numbers = z.array(z.number().int().min(0).max(999)).max(20);
export const AdminResultBody = z
  .object({
    numbers: Numbers.min(1),
    supps: Numbers.optional(),
    powerball: z.number().int().min(0).max(999).optional(),
    luckyStars: Numbers.optional(),
    /** Prize per division in cents; left out, prizes come from the game's prize table. */
    dividends: z
      .array(
        z
          .object({
            division: z.number().int().min(1).max(20),
            prizeCents: z
              .number()
              .int({ error: 'A prize is a whole number of cents.' })
              .min(0, { error: 'A prize cannot be negative.' }),
          })
          .strict(),
      )
      .max(20)
      .optional(),
  })
  .strict();
export type AdminResultBody = z.infer<typeof AdminResultBody>;

export const AdminDraw = z.object({
  id: z.string(),
  gameKey: z.string(),
  drawNo: z.number().int(),
  status: DrawStatus,
  stopAt: z.string(),
  drawAt: z.string(),
  jackpotCents: z.number().int().nullable(),
  result: z
    .object({
      numbers: z.array(z.number().int()),
      supplementaries: z.array(z.number().int()),
      bonus: z.record(z.string(), z.array(z.number().int())),
    })
    .nullable(),
  resultSource: z.string().nullable(),
  /** The prize per division the draw pays (entered, imported or from the prize table), once it has a result. */
  dividends: z.array(z.object({ division: z.number().int(), prizeCents: z.number().int() })).nullable(),
});
export type AdminDraw = z.infer<typeof AdminDraw>;

export const AdminResultProposal = z.object({
  id: z.string(),
  drawId: z.string(),
  result: z.object({
    numbers: z.array(z.number().int()),
    supplementaries: z.array(z.number().int()),
    bonus: z.record(z.string(), z.array(z.number().int())),
  }),
  dividends: z.array(z.object({ division: z.number().int(), prizeCents: z.number().int() })).nullable(),
  status: z.enum(['proposed', 'confirmed', 'replaced']),
  proposedBy: z.string(),
  proposedAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type AdminResultProposal = z.infer<typeof AdminResultProposal>;

/**
 * An official results file (the feed's shape: { DrawResults: [{ ProductId, DrawNumber, DrawDate, PrimaryNumbers,
 * SecondaryNumbers, Dividends }] }), as the back office's Draws screen uploads it. Checked by the API, not here.
 */
export const AdminResultsImportBody = z.object({ feed: z.unknown() }).strict();
/** Each draw of the file: its new proposal waiting for a second operator, or null when its result is official. */
export const AdminResultsImport = z.object({
  results: z.array(
    z.object({
      drawId: z.string(),
      gameKey: z.string(),
      drawNo: z.number().int(),
      proposal: AdminResultProposal.nullable(),
    }),
  ),
});
export type AdminResultsImport = z.infer<typeof AdminResultsImport>;

export const AdminSettleReport = z.object({
  drawId: z.string(),
  status: z.string(),
  linesScored: z.number().int(),
  prizesRecorded: z.number().int(),
  prizeCentsRecorded: z.number().int(),
});

export const AdminWinners = z.object({
  drawId: z.string(),
  status: DrawStatus,
  totalPrizeCents: z.number().int(),
  winners: z.array(
    z.object({
      customerId: z.string(),
      ticketId: z.string(),
      division: z.number().int().nullable(),
      prizeCents: z.number().int(),
    }),
  ),
  /** Per division: the winning lines and what they were paid in all. */
  divisions: z.array(
    z.object({ division: z.number().int().nullable(), winners: z.number().int(), prizeCents: z.number().int() }),
  ),
});

export const AdminRaffleParams = z.object({ drawId: z.string().regex(/^raf_[A-Za-z0-9_-]{1,60}$/) }).strict();
export const AdminRaffleDraw = z.object({
  drawId: z.string(),
  status: z.string(),
  commitment: z.string().nullable(),
  seed: z.string().nullable(),
  soldListHash: z.string().nullable(),
  verificationUrl: z.string(),
  sold: z.number().int(),
  winners: z.array(z.object({ rank: z.number().int(), ticketNumber: z.number().int() })),
});

// ------------------------------------------------------------------------------------------------------------- KYC

export const AdminVerificationsQuery = page.extend({ status: z.literal('pending').default('pending') }).strict();
/** One uploaded file; `id` (`doc_…`) opens its bytes at GET /api/admin/customers/{customerId}/documents/{id}. */
export const AdminDocument = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
/** One of a customer's uploaded files, waiting or decided, with its upload's status (GET …/customers/{id}/documents). */
export const AdminCustomerDocument = AdminDocument.extend({
  verificationId: z.string(),
  status: z.string(),
  uploadedAt: z.string(),
  decidedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
});
export type AdminCustomerDocument = z.infer<typeof AdminCustomerDocument>;
export const AdminDocumentParams = z
  .object({
    customerId: Id,
    documentId: z.string().regex(/^doc_[0-9a-f]{32}$/, { error: 'There is no such document.' }),
  })
  .strict();
/** Approving documents may say why (the reviewer's note); rejecting must (AdminReasonBody). */
export const AdminApproveBody = z.object({ reason: Reason.optional() }).strict();
/** Identity documents a customer uploaded, waiting for a manual decision. */
export const AdminVerification = z.object({
  id: z.string(),
  customerId: z.string(),
  method: z.string(),
  createdAt: z.string(),
  files: z.array(AdminDocument),
});
export type AdminVerification = z.infer<typeof AdminVerification>;
export const AdminDecision = z.object({ id: z.string(), customerId: z.string(), status: z.string() });

// ------------------------------------------------------------------------------------------------------- catalogue

export const AdminOfferParams = z.object({ key: OfferKey }).strict();
export const AdminOffer = z.object({ key: z.string(), name: z.string(), type: z.string(), suspended: z.boolean() });
export type AdminOffer = z.infer<typeof AdminOffer>;

/** A price list's id (catalogue_pricings: the identifier rule). */
export const AdminPriceListParams = z
  .object({ pricingId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'There is no such price list.' }) })
  .strict();
export const AdminPriceParams = AdminPriceListParams.extend({ offerKey: OfferKey }).strict();
export const AdminPriceList = z.object({
  id: z.string(),
  description: z.string(),
  /** Open to every visitor who follows a link with `?p=<id>` (core §1); otherwise only for its customers (members). */
  offeredByCode: z.boolean(),
  /** Offers priced under it. */
  offers: z.number().int(),
});
export type AdminPriceList = z.infer<typeof AdminPriceList>;
/** One offer's price under a list: `blockGames` games for `blockCents`, and what one game (a standard line) costs. */
export const AdminPrice = z.object({
  offerKey: z.string(),
  offerName: z.string(),
  type: z.string(),
  currency: z.string(),
  blockGames: z.number().int(),
  blockCents: z.number().int(),
  lineCents: z.number().int(),
  /** False for raffle offers: their ticket price is the raffle's own, not the price list's. */
  editable: z.boolean(),
});
export type AdminPrice = z.infer<typeof AdminPrice>;
export const AdminPriceListDetail = AdminPriceList.extend({ prices: z.array(AdminPrice) });
export type AdminPriceListDetail = z.infer<typeof AdminPriceListDetail>;
/** A new block price: `blockGames` games for `blockCents` (whole cents, more than zero). */
export const AdminPriceBody = z
  .object({
    blockCents: z
      .number({ error: 'Write the block price in dollars and cents.' })
      .int({ error: 'The block price is a whole number of cents.' })
      .min(1, { error: 'The block price must be more than zero.' })
      .max(10_000_000, { error: 'The block price is at most $100,000.00.' }),
    blockGames: z
      .number({ error: 'Write how many games the block price buys.' })
      .int({ error: 'The block size is a whole number of games.' })
      .min(1, { error: 'A block is at least 1 game.' })
      .max(100, { error: 'A block is at most 100 games.' }),
  })
  .strict();
export type AdminPriceBody = z.infer<typeof AdminPriceBody>;
export const AdminPriceChange = z.object({
  pricingId: z.string(),
  before: AdminPrice,
  after: AdminPrice,
  changed: z.boolean(),
});
export type AdminPriceChange = z.infer<typeof AdminPriceChange>;

// ------------------------------------------------------------------------------------------------------- dashboard

export const AdminDashboard = z.object({
  /** The site's day the figures are of (YYYY-MM-DD) and when it started. */
  day: z.string(),
  since: z.string(),
  sales: z.array(z.object({ currency: z.string(), orders: z.number().int(), amountCents: z.number().int() })),
  deposits: z.array(z.object({ currency: z.string(), count: z.number().int(), amountCents: z.number().int() })),
  withdrawalsWaiting: z.number().int(),
  adjustmentsWaiting: z.number().int(),
  kycWaiting: z.number().int(),
  nextDraws: z.array(
    z.object({
      drawId: z.string(),
      gameKey: z.string(),
      drawNo: z.number().int(),
      drawAt: z.string(),
      stopAt: z.string(),
      /** Tickets sold so far. */
      tickets: z.number().int(),
    }),
  ),
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number().int(),
      active: z.number().int(),
      failed: z.number().int(),
      completed: z.number().int(),
    }),
  ),
  /** What failed in the last 24 hours (ADR 104): how many of each kind, and the latest of each. */
  errors: z.object({
    since: z.string(),
    /** The API's 5xx answers, one entry per route, error and message within an hour (`count` of them). */
    server: z.object({
      total: z.number().int(),
      latest: z.array(
        z.object({
          lastSeenAt: z.string(),
          requestId: z.string(),
          method: z.string(),
          route: z.string(),
          status: z.number().int(),
          errorName: z.string(),
          message: z.string(),
          count: z.number().int(),
        }),
      ),
    }),
    /** The job runner's jobs that failed. */
    jobs: z.object({
      total: z.number().int(),
      latest: z.array(z.object({ failedAt: z.string(), queue: z.string(), jobId: z.string(), message: z.string() })),
    }),
    /** Emails the notifications outbox gave up on (every attempt failed); never the address. */
    emails: z.object({
      total: z.number().int(),
      latest: z.array(
        z.object({ failedAt: z.string(), kind: z.string(), attempts: z.number().int(), message: z.string() }),
      ),
    }),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

// ------------------------------------------------------------------------------------------------------ promotions

export const AdminPromotionBody = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{3,32}$/, { error: 'A code is 3 to 32 letters, digits, - or _.' }),
    type: VoucherType,
    /** Cents for fixed discounts and bonus credit; basis points (1000 = 10%) for a percent discount. */
    value: z.number().int().min(1).max(100_000_000),
    currency: z.enum(['AUD', 'GBP']).default('AUD'),
    description: z.string().trim().min(1).max(200),
    minSpendCents: z.number().int().min(0).max(100_000_000).default(0),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    maxRedemptions: z.number().int().min(1).max(10_000_000).nullable().default(null),
    maxPerCustomer: z.number().int().min(1).max(1000).nullable().default(null),
  })
  .strict()
  .refine((b) => b.type !== 'voucher_percent_discount' || b.value <= 10_000, {
    error: 'A percent discount is at most 10000 basis points (100%).',
    path: ['value'],
  })
  .refine((b) => b.type !== 'voucher_fixed_discount_expire' || b.expiresAt !== null, {
    error: 'This type of code needs an expiry.',
    path: ['expiresAt'],
  });
export type AdminPromotionBody = z.infer<typeof AdminPromotionBody>;
export const AdminPromotion = z.object({
  code: z.string(),
  type: VoucherType,
  value: z.number().int(),
  currency: z.string(),
  description: z.string(),
  minSpendCents: z.number().int(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  maxPerCustomer: z.number().int().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  usage: z.object({
    redemptions: z.number().int(),
    discountCents: z.number().int(),
    bonusCreditCents: z.number().int(),
  }),
});
export type AdminPromotion = z.infer<typeof AdminPromotion>;
export const AdminPromotionParams = z
  .object({ code: z.string().regex(/^[A-Za-z0-9_-]{3,32}$/, { error: 'There is no such promotion code.' }) })
  .strict();
/** New limits of a code: each field given replaces the old one (null: no limit, no expiry). */
export const AdminPromotionPatch = z
  .object({
    minSpendCents: z.number().int().min(0).max(100_000_000).optional(),
    expiresAt: z.iso.datetime({ offset: true, error: 'Write the expiry as a date and time.' }).nullable().optional(),
    maxRedemptions: z.number().int().min(1).max(10_000_000).nullable().optional(),
    maxPerCustomer: z.number().int().min(1).max(1000).nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: 'Change at least one limit.' });
export type AdminPromotionPatch = z.infer<typeof AdminPromotionPatch>;
/** A code's limits before and after a change (or an end). */
export const AdminPromotionChange = z.object({
  before: AdminPromotion,
  after: AdminPromotion,
  changed: z.boolean(),
});
export type AdminPromotionChange = z.infer<typeof AdminPromotionChange>;

// ------------------------------------------------------------------------------------------- notification campaigns

/** A segment a campaign can go to, with its audience: the active customers in it now. */
export const AdminCampaignSegment = z.object({ segmentName: z.string(), customers: z.number().int() });
export type AdminCampaignSegment = z.infer<typeof AdminCampaignSegment>;

/**
 * A notification campaign: one feed card for every active customer of the segment (what `ops notifications:campaign`
 * posts). The key makes it once-only: the same key never posts twice to a customer, so a repeated send (a double
 * click, a retry) posts nothing new.
 */
export const AdminCampaignBody = z
  .object({
    segment: z.string({ error: 'Choose a segment.' }).trim().min(1, { error: 'Choose a segment.' }).max(64),
    key: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{8,80}$/, { error: 'A campaign key is 8 to 80 letters, digits, _ . : or -.' }),
    title: z
      .string({ error: 'Write the title.' })
      .trim()
      .min(1, { error: 'Write the title.' })
      .max(120, { error: 'At most 120 characters.' }),
    message: z.string().trim().min(1, { error: 'Write the message.' }).max(1000, { error: 'At most 1000 characters.' }),
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?!\/)|https:\/\/)\S*$/, { error: 'A path of the shop (/…) or an https:// address.' })
      .optional(),
    linkText: z.string().trim().min(1).max(60, { error: 'At most 60 characters.' }).optional(),
  })
  .strict()
  .refine((b) => !b.link || !!b.linkText, { error: 'A link needs its text.', path: ['linkText'] })
  .refine((b) => !b.linkText || !!b.link, { error: 'The link text needs a link.', path: ['link'] });
export type AdminCampaignBody = z.infer<typeof AdminCampaignBody>;

export const AdminCampaignResult = z.object({
  segment: z.string(),
  key: z.string(),
  /** Active customers of the segment when it was sent. */
  audience: z.number().int(),
  /** Cards posted by this call: 0 when the key was sent before. */
  posted: z.number().int(),
});
export type AdminCampaignResult = z.infer<typeof AdminCampaignResult>;

// ------------------------------------------------------------------------------- syndicate and giveaway draws

/** A syndicate as the draw officer sees it: its lottery draw (settled with that draw) and its shares. */
export const AdminSyndicate = z.object({
  id: z.string(),
  name: z.string(),
  offerKey: z.string(),
  lotteryName: z.string(),
  drawId: z.string(),
  drawNo: z.number().int(),
  drawDate: z.string(),
  size: z.number().int(),
  sharesSold: z.number().int(),
  status: z.string(),
});
export type AdminSyndicate = z.infer<typeof AdminSyndicate>;

export const AdminGiveawaysQuery = page.extend({ status: z.enum(['open', 'closed']).optional() }).strict();
export const AdminGiveawayParams = z.object({ giveawayId: z.string().regex(/^gwy_[A-Za-z0-9]{1,60}$/) }).strict();
/** A Daily Winners giveaway draw (docs/membership.md): drawn by the clock at its close, or now by the draw officer. */
export const AdminGiveaway = z.object({
  id: z.string(),
  type: z.string(),
  drawNumber: z.number().int(),
  title: z.string(),
  status: z.string(),
  closesAt: z.string(),
  entries: z.number().int(),
  prizes: z.array(z.string()),
  verifyPath: z.string(),
});
export type AdminGiveaway = z.infer<typeof AdminGiveaway>;
/** What drawing a giveaway now did (as `ops membership:draw`): idempotent. */
export const AdminGiveawayDraw = z.object({
  giveaway: AdminGiveaway,
  drawn: z.boolean(),
  seed: z.string().nullable(),
  commitment: z.string().nullable(),
  winners: z.array(z.object({ rank: z.number().int(), entryNumber: z.number().int(), customerId: z.string() })),
});
export type AdminGiveawayDraw = z.infer<typeof AdminGiveawayDraw>;
