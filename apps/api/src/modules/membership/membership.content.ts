// What Daily Winners says about itself (features §2 landing page content, §3 config fields) and the programme a fresh
// shop starts with: the daily and monthly giveaways the clock makes, their prizes and trade promotion permits, and
// the deposit that makes a member premium. The spec does not give these texts; they are ours (ADR 042).
import type { MembershipConfig } from '@shop/contracts';
import type { membershipPrograms } from './membership.schema.ts';
import { PROGRAM } from './membership.rules.ts';

/** Trade promotion permits of the shop's giveaways (NSW, ACT and SA require one for a game of chance). */
export const DEFAULT_PERMITS = [
  { region: 'NSW', permitNumber: 'TP/04217' },
  { region: 'ACT', permitNumber: 'TP 25/01834' },
  { region: 'SA', permitNumber: 'T25/0612' },
];

export const DEFAULT_PROGRAM: typeof membershipPrograms.$inferInsert = {
  key: PROGRAM,
  publicId: 'prg_daily_winners',
  name: 'Daily Winners',
  url: 'daily-winners',
  currency: 'AUD',
  qualifyingDepositCents: 1_000,
  dailyTemplate: {
    title: 'Daily giveaway',
    description: 'Every member is in, free. Drawn every day at 8 pm Sydney time.',
    closesAt: '20:00',
    permits: DEFAULT_PERMITS,
    prizes: [
      {
        kind: 'wallet_credit',
        name: '$50 wallet credit',
        description: 'Paid into your wallet as bonus credit to spend on tickets.',
        valueCents: 5_000,
      },
      {
        kind: 'free_tickets',
        name: 'Oz Lotto ticket, 2 games',
        description: 'Two quickpick games in the next Oz Lotto draw, bought for you.',
        valueCents: 310,
        ticket: { productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: 'standard', numGames: 2 },
      },
    ],
  },
  monthlyTemplate: {
    title: 'Monthly giveaway',
    description: 'Unlock your entry, or go premium for a guaranteed one. Drawn on the last day of the month.',
    closesAt: '23:00',
    permits: DEFAULT_PERMITS,
    prizes: [
      {
        kind: 'wallet_credit',
        name: '$1,000 wallet credit',
        description: 'Paid into your wallet as bonus credit to spend on tickets.',
        valueCents: 100_000,
      },
      {
        kind: 'wallet_credit',
        name: '$250 wallet credit',
        description: 'Paid into your wallet as bonus credit to spend on tickets.',
        valueCents: 25_000,
      },
      {
        kind: 'free_tickets',
        name: 'Oz Lotto ticket, 6 games',
        description: 'Six quickpick games in the next Oz Lotto draw, bought for you.',
        valueCents: 930,
        ticket: { productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: 'standard', numGames: 6 },
      },
    ],
  },
};

/**
 * The draw procedure, as the verify page shows it: the raffles' (docs/raffle-verification.md, VERIFICATION_PROCEDURE
 * of @shop/protocol) in the words of a giveaway, where the tickets are the entries taking part.
 */
export const GIVEAWAY_VERIFICATION_PROCEDURE: string[] = [
  'When the giveaway opens we publish the commitment: the SHA-256 of a secret 32-byte seed (hex).',
  'When entries close we publish the entry-list hash: the SHA-256 of the numbers of the entries taking part (unlocked and guaranteed ones), in ascending order, one per line, without a trailing newline.',
  'After the draw we publish the seed. Check that SHA-256(seed bytes) equals the commitment.',
  'Prizes in rank order (k = 1 is the first prize): compute HMAC-SHA256 with the seed bytes as key over the text "{drawId}:{k}:{attempt}", starting at attempt 0; the drawId is the giveaway\'s id (gwy_…).',
  'Read the first 8 bytes of the HMAC as an unsigned big-endian 64-bit integer v. With N entries left, if v >= floor(2^64 / N) * N try the next attempt (this removes modulo bias); else the index is v mod N.',
  'The entry at that index of the ascending list of entries not yet drawn wins the prize and leaves the list: the first entry drawn wins first prize and no entry wins twice.',
];

export const GIVEAWAY_IMAGES: Record<string, string> = {
  daily: 'Gold coins spilling from a calendar page',
  monthly: 'A trophy on a stack of gift boxes',
  special: 'Confetti around a golden ticket',
  major: 'A golden key on a velvet cushion',
  preview: 'A wrapped gift with a question mark',
};

type StaticConfig = Omit<
  MembershipConfig,
  | 'programId'
  | 'deposit'
  | 'monthlyGiveaways'
  | 'specialGiveaways'
  | 'dailyGiveaways'
  | 'pastWinners'
  | 'programUrl'
  | 'programName'
>;

export const MEMBERSHIP_CONTENT: StaticConfig = {
  programLogo: { url: '/images/daily-winners/logo.svg', contentDescription: 'Daily Winners' },
  titleContent: {
    title: 'Daily Winners',
    subtitle: 'A free membership with a giveaway every day, a bigger one every month, and specials along the way.',
  },
  membershipTiers: [
    {
      tier: 'free',
      name: 'Free member',
      description: 'Join in one click. No purchase needed.',
      benefits: [
        'Entered in every daily giveaway automatically',
        'Unlock your entry in each monthly giveaway',
        'Member discounts',
      ],
    },
    {
      tier: 'premium',
      name: 'Premium member',
      description: 'Make a qualifying deposit in the month and you are premium for the rest of it.',
      benefits: [
        'Guaranteed entries: nothing to unlock',
        'Premium-only special giveaways',
        'Everything free members get',
      ],
    },
  ],
  explanationCard: {
    title: 'How it works',
    steps: [
      'Join Daily Winners for free.',
      'You are entered in every daily giveaway, drawn at 8 pm Sydney time.',
      'Unlock your entry in the monthly giveaway, or go premium and it is guaranteed.',
      'Winners are drawn with a published, checkable method and paid straight into their wallet.',
    ],
  },
  howItWorksYoutubeId: null,
  optIn: {
    title: 'Join Daily Winners',
    text: 'Free to join, free to leave. You must be 18 or older.',
    buttonText: 'Join for free',
  },
  manageMembership: {
    title: 'Manage your membership',
    text: 'You can leave Daily Winners at any time. Your entries in open giveaways are withdrawn when you leave.',
    optOutText: 'Leave Daily Winners',
  },
  frequentlyAskedQuestions: [
    {
      question: 'Does it cost anything?',
      answer:
        'No. Membership is free and no purchase is needed to enter. A deposit makes you premium, but the money stays yours to spend or withdraw.',
    },
    {
      question: 'How are winners drawn?',
      answer:
        'Like our charity raffles: before a giveaway opens we publish a commitment to a secret seed; after the draw we publish the seed and the list of entries, and anyone can recompute the winners on the giveaway’s verify page.',
    },
    {
      question: 'What is the difference between locked, unlocked and guaranteed entries?',
      answer:
        'A locked entry is not in the draw yet: unlock it on the giveaway’s page. Unlocked entries are in. Premium members’ entries are guaranteed: they are in without doing anything.',
    },
    {
      question: 'How do I get my prize?',
      answer:
        'Wallet credit is paid into your wallet the moment the giveaway is drawn. Free tickets are bought for you in the next draw and appear in your upcoming tickets. We also email you.',
    },
    {
      question: 'Who can join?',
      answer:
        'Customers aged 18 or older. Daily Winners is not available while you are taking a break or are self-excluded, and we send you no marketing during that time.',
    },
  ],
  registerInterest: null,
  eligiblePricingIds: ['default', 'members'],
  discounts: [
    { title: '10% off a cart', description: 'Members get a code for 10% off any cart of lottery tickets.' },
    { title: '$5 off your first cart of $10 or more', description: 'A welcome discount for new members.' },
  ],
  navigationItems: [
    { key: 'title', label: 'Daily Winners', visible: true },
    { key: 'opt_in', label: 'Join', visible: true },
    { key: 'daily_giveaways', label: 'Daily giveaways', visible: true },
    { key: 'monthly_giveaways', label: 'Monthly giveaway', visible: true },
    { key: 'special_giveaways', label: 'Specials', visible: true },
    { key: 'tiers', label: 'Tiers', visible: true },
    { key: 'past_winners', label: 'Past winners', visible: true },
    { key: 'discounts', label: 'Member discounts', visible: true },
    { key: 'faq', label: 'FAQ', visible: true },
    { key: 'manage_membership', label: 'Manage membership', visible: true },
  ],
  termsAndConditionsTranslationId: 'daily-winners-terms',
  footer: {
    disclaimerText:
      'Daily Winners is a free trade promotion: no purchase necessary. Open to Australian residents aged 18 or older. NSW permit TP/04217, ACT permit TP 25/01834, SA permit T25/0612. Gamble responsibly: call Gambling Help on 1800 858 858.',
  },
  pastDrawsFilter: { types: ['daily', 'monthly', 'special', 'major'], limit: 9 },
};

/** The member discounts behind the benefits page (codes of the shop's promotions, docs/cart.md). */
export const MEMBER_DISCOUNT_CODES = [
  { title: '10% off a cart', description: 'Any cart of lottery tickets. Enter the code in your cart.', code: 'SAVE10' },
  {
    title: '$5 off your first cart of $10 or more',
    description: 'Once per customer. Enter the code in your cart.',
    code: 'WELCOME5',
  },
];
