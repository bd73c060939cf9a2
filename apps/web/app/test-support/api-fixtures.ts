// Answers of the API as the storefront's tests need them: the web configuration, a signed-in customer, an offer and
// a scheduled purchase.
import type { ScheduledPurchase } from '@shop/contracts';

export function webConfig(overrides: Record<string, unknown> = {}) {
  const pause = { enabled: true, durationsWeeks: [1, 2], maxPauseWeeks: 4 };
  return {
    siteName: 'Lucky Koala Lotteries',
    baseCurrency: 'AUD',
    siteLocale: 'en-AU',
    siteTimeZone: 'Australia/Sydney',
    baseUrl: 'http://localhost:3000',
    sessionTimeout: 3600,
    sessionIdleMinutes: 30,
    heartbeat: { enabled: true, intervalSeconds: 60 },
    minRegistrationAge: 18,
    socialLinks: [],
    supportPageUrls: {
      contactUs: '/about/contact-us',
      faq: '/about/faq',
      responsibleGambling: '/about/responsible-gaming',
      helpCentre: '/about',
    },
    appStoreLinks: { android: null, ios: null },
    customerAddressConfig: [],
    regions: ['NSW'],
    immutableCustomerFields: [],
    twoFactorAuthenticationConfig: {
      enabled: true,
      methods: ['email'],
      codeLength: 6,
      resendLockSeconds: 60,
      rememberDeviceDays: 30,
    },
    unsubscribeReasons: [],
    cookieConsent: { enabled: true, cookieLifetimeDays: 200, categories: ['essential', 'non_essential'] },
    supportedPaymentMethods: ['visa'],
    supportNumber: '13 00 00',
    supportOpeningHours: [],
    gamblingHelpLine: '1800 858 858',
    defaultPartner: null,
    autoplayPauseSettings: pause,
    subscriptionPauseSettings: pause,
    disableIndexing: false,
    maintenanceMode: false,
    signupFlags: {
      phoneRequired: false,
      addressRequired: false,
      marketingConsentDefault: false,
      favouriteNumbersEnabled: true,
      emailConfirmationRequired: false,
    },
    disclaimer: '18+ only',
    ...overrides,
  };
}

/** GET /customer of a signed-in customer (core §3 Customer overview), camelCase as ok() expects. */
export function customerOverview(overrides: Record<string, unknown> = {}) {
  const aud = (amount: number) => ({ amount, currency: 'AUD' });
  return {
    customerId: 'cus_test1',
    customerToken: 'tok_test1',
    segmentName: 'default',
    pricingId: 'default',
    firstname: 'Ann',
    lastname: 'Koala',
    email: 'ann@example.com',
    state: 'NSW',
    balance: aud(0),
    availableFunds: aud(0),
    isVerified: true,
    verification: { methods: [] },
    verificationRules: [],
    preCommitment: null,
    spendLimits: [],
    spendLimitRequired: false,
    brandingRegion: 'NSW',
    migrationStatus: null,
    accountUpgrade: false,
    forcePasswordChange: false,
    countryBanned: false,
    countryBannedConfirmationRequired: false,
    addressConfirmationRequired: false,
    emailAddressConfirmationRequired: false,
    favouriteNumbers: [],
    experimentGroups: {},
    atv: {
      atvCommercial: { amount: 0 },
      atvCharity: { amount: 0 },
      atvSocialSyndicate: { amount: 0 },
      atvSyndicate: { amount: 0 },
    },
    ...overrides,
  };
}

/** Cookies of a signed-in visitor (spec core §9 cookie names). */
export const SIGNED_IN_COOKIES =
  'customer_id=cus_test1; customer_token=tok_test1; web_access_token=at_test1; web_refresh_token=rt_test1';

/** A lottery draw as GET /pricing/{name}/product_offers answers it (camelCase: the fake API converts it). */
const wireDraw = {
  drawId: 'drw_1',
  drawNo: 1500,
  stop: '2026-11-24T07:00:00.000Z',
  prizePool: { amount: 30000000, currency: 'AUD' },
  prizePoolSuffix: null,
  isPrizePoolUnknown: false,
  purchaseStatus: 'standard',
  drawData: {
    drawNumber: 1500,
    drawStop: '2026-11-24T07:00:00.000Z',
    drawDate: '2026-11-24T09:30:00.000Z',
    featureImage: null,
    name: 'Oz Lotto',
    value: null,
    drawPreOrderStartDate: null,
  },
};
/** Oz Lotto as GET /pricing/{name}/product_offers lists it, with wireDraw as its next draw. */
export const wireOffer = {
  key: 'oz-lotto',
  type: 'lottery_ticket',
  name: 'Oz Lotto',
  url: '/oz-lotto',
  urlAliases: [{ subvariant: 'wa', url: '/oz' }],
  availability: 'available',
  currency: 'AUD',
  gameKey: 'oz-lotto',
  draws: [wireDraw],
  displayCategory: 'lotto',
  suspended: false,
  gameTypes: [
    {
      key: 'standard',
      name: 'Standard',
      gameOffers: [
        {
          key: 'standard',
          name: 'Standard',
          minGames: 1,
          maxGames: 50,
          defaultGames: 18,
          gamesPerLine: 1,
          numberSets: [{ name: 'numbers', from: 1, to: 47, pick: 7 }],
          pricePerLine: { amount: 1.55, currency: 'AUD' },
          prices: [{ games: 1, numGames: 1, price: { amount: 1.55, currency: 'AUD' } }],
          priceCurrency: 'AUD',
          defaultEntryCount: 18,
        },
      ],
    },
  ],
  causes: [],
  recurringPurchase: { type: 'autoplay', availability: 'optional' },
  recurringPurchaseInformation: null,
  regionOverrides: [],
  ranking: 20,
  restrictions: [],
};

/** A scheduled purchase as GET /scheduled-purchases/{id} answers it (camelCase): a raffle pre-order waiting. */
export function scheduledPurchase(overrides: Partial<ScheduledPurchase> = {}): ScheduledPurchase {
  return {
    encodedId: 'sch_abc123',
    kind: 'pre_order',
    status: 'active',
    productType: 'raffle_ticket',
    productOfferKey: 'animal-rescue-cash-raffle',
    description: 'Animal Rescue Cash Raffle draw 1, 2 tickets',
    price: { amount: 10, currency: 'AUD' },
    dueAt: '2025-06-09T00:00:00.000Z',
    lastAttemptStatus: null,
    lastAttemptAt: null,
    lastFailureReason: null,
    attempts: 0,
    checkoutId: null,
    finished: false,
    gaveUp: false,
    drawNo: 1,
    createdAt: '2025-06-02T00:00:00.000Z',
    ...overrides,
  };
}
