// Seeded web configuration: every field of the WebConfig contract with the defaults of spec core §3 and §9.
import type { StoredWebConfig } from '../modules/platform/index.ts';

export const SITE_NAME = 'Lucky Koala Lotteries';
export const GAMBLING_HELP_LINE = '1800 858 858';

export function webConfigSeed(siteTimeZone: string): StoredWebConfig {
  return {
    siteName: SITE_NAME,
    baseCurrency: 'AUD',
    siteLocale: 'en-AU',
    siteTimeZone,
    sessionTimeout: 3600,
    sessionIdleMinutes: 30,
    heartbeat: { enabled: true, intervalSeconds: 60 },
    minRegistrationAge: 18,
    socialLinks: [
      { network: 'facebook', url: 'https://www.facebook.com/luckykoalalotteries' },
      { network: 'instagram', url: 'https://www.instagram.com/luckykoalalotteries' },
      { network: 'linkedin', url: 'https://www.linkedin.com/company/luckykoalalotteries' },
      { network: 'pinterest', url: 'https://www.pinterest.com.au/luckykoalalotteries' },
      { network: 'tiktok', url: 'https://www.tiktok.com/@luckykoalalotteries' },
      { network: 'twitter', url: 'https://x.com/luckykoalalotto' },
      { network: 'youtube', url: 'https://www.youtube.com/@luckykoalalotteries' },
    ],
    supportPageUrls: {
      contactUs: '/about/contact-us',
      faq: '/about/faq',
      responsibleGambling: '/about/responsible-gaming',
      helpCentre: 'https://help.luckykoalalotteries.com.au',
    },
    // No native app is published yet: the download section stays empty until these are set.
    appStoreLinks: { android: null, ios: null },
    customerAddressConfig: [
      { field: 'address', label: 'Street address', required: true, visible: true },
      { field: 'address_line_2', label: 'Address line 2', required: false, visible: true },
      { field: 'suburb', label: 'Suburb', required: true, visible: true },
      { field: 'state', label: 'State', required: true, visible: true },
      { field: 'postcode', label: 'Postcode', required: true, visible: true },
      { field: 'country', label: 'Country', required: true, visible: false },
    ],
    regions: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'OTHER'],
    // Identity fields are fixed once verified; changing them goes through support.
    immutableCustomerFields: ['firstname', 'lastname', 'dateOfBirth'],
    twoFactorAuthenticationConfig: {
      enabled: true,
      methods: ['authenticator', 'email'],
      codeLength: 6,
      resendLockSeconds: 60,
      rememberDeviceDays: 30,
    },
    unsubscribeReasons: [
      { key: 'too_many_emails', label: 'I get too many emails' },
      { key: 'not_relevant', label: 'The emails are not relevant to me' },
      { key: 'never_signed_up', label: "I don't remember signing up" },
      { key: 'prefer_other_channel', label: "I'd rather hear from you another way" },
      { key: 'other', label: 'Another reason' },
    ],
    cookieConsent: { enabled: true, cookieLifetimeDays: 365, categories: ['essential', 'non_essential'] },
    supportedPaymentMethods: ['visa', 'mastercard', 'amex', 'paypal', 'apple_pay', 'google_pay'],
    supportNumber: '13 56 28',
    supportOpeningHours: [
      'Monday to Friday: 8:30am to 8:00pm (Sydney time)',
      'Saturday: 9:00am to 5:00pm (Sydney time)',
      'Sunday and public holidays: closed',
    ],
    gamblingHelpLine: GAMBLING_HELP_LINE,
    defaultPartner: null,
    autoplayPauseSettings: { enabled: true, durationsWeeks: [1, 2, 4, 8], maxPauseWeeks: 12 },
    subscriptionPauseSettings: { enabled: true, durationsWeeks: [4, 8, 12], maxPauseWeeks: 12 },
    disableIndexing: false,
    maintenanceMode: false,
    signupFlags: {
      phoneRequired: true,
      addressRequired: true,
      marketingConsentDefault: false,
      favouriteNumbersEnabled: true,
      emailConfirmationRequired: true,
    },
    regulationImages: [
      { src: '/images/regulation/18-plus.svg', alt: 'Only for people aged 18 and over', url: null },
      {
        src: '/images/regulation/gambling-help.svg',
        alt: `Gambling Help Online: call ${GAMBLING_HELP_LINE}`,
        url: 'https://www.gamblinghelponline.org.au',
      },
    ],
    disclaimer: `${SITE_NAME} sells lottery and raffle tickets only to people aged 18 and over. Please gamble responsibly: set a budget and stick to it. For free, confidential support 24 hours a day call Gambling Help on ${GAMBLING_HELP_LINE} or visit gamblinghelponline.org.au.`,
  };
}
