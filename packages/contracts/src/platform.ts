import { z } from 'zod';
import { CurrencyCode, Region } from './common.ts';

/** Capability flags (spec core §2 sitemap table, features §6). A capability is a string flag. */
export const CAPABILITIES = [
  'commercial_lotteries',
  'charity_lotteries',
  'multi_offer_site',
  'syndicates',
  'social_syndicates',
  'causes_directory',
  'view_orders',
  'subscription_manage',
  'autoplay_manage',
  'wallet_manage',
  'wallet_withdrawal',
  'wallet_balance',
  'spend_limits',
  'favourite_numbers',
  'verify_id',
  'membership_program',
  'membership_purchase',
  'giveaway_entries',
  'terms_of_use',
  'blog',
  'support_faq',
  'partner_purchase',
  'notifications_feed',
  'customer_migration',
  'pre_cart_recommended_draws',
  'placements',
  'account_details_manage',
  'responsible_gambling',
  'cookie_consent',
  'sub_variants',
  'native_app',
  'feedback',
  'sitewide_banner',
] as const;
export const Capability = z.enum(CAPABILITIES);
export type Capability = z.infer<typeof Capability>;

export const Segment = z.object({ segmentName: z.string(), capabilities: z.array(Capability) });
export type Segment = z.infer<typeof Segment>;

/** GET /api/v2/capabilities: every segment, plus the segment that applies to this request. */
export const CapabilitiesResult = z.object({
  segments: z.array(Segment),
  segmentName: z.string(),
  capabilities: z.array(Capability),
});
export type CapabilitiesResult = z.infer<typeof CapabilitiesResult>;

export const SERVICE_NAMES = [
  'main',
  'cms',
  'social',
  'rewards',
  'customerVerify',
  'placement',
  'translation',
  'analytics',
] as const;
/**
 * GET /api/discover (core §7): base URLs of the services this deployment serves. Only the main API is always there;
 * a service without a single route is left out rather than given an address that answers 404 to everything.
 */
export const DiscoverResult = z.object({
  services: z.object({
    main: z.string().url(),
    cms: z.string().url().optional(),
    social: z.string().url().optional(),
    rewards: z.string().url().optional(),
    customerVerify: z.string().url().optional(),
    placement: z.string().url().optional(),
    translation: z.string().url().optional(),
    analytics: z.string().url().optional(),
  }),
});
export type DiscoverResult = z.infer<typeof DiscoverResult>;

export const SocialNetwork = z.enum(['facebook', 'instagram', 'linkedin', 'pinterest', 'tiktok', 'twitter', 'youtube']);
export const SocialLink = z.object({ network: SocialNetwork, url: z.string().url() });

export const AddressField = z.enum(['address', 'address_line_2', 'suburb', 'state', 'postcode', 'country']);
export const AddressFieldConfig = z.object({
  field: AddressField,
  label: z.string(),
  required: z.boolean(),
  visible: z.boolean(),
});

export const PaymentLogo = z.enum(['visa', 'mastercard', 'amex', 'paypal', 'apple_pay', 'google_pay']);
export type PaymentLogo = z.infer<typeof PaymentLogo>;

export const PauseSettings = z.object({
  enabled: z.boolean(),
  /** Pause lengths offered, in weeks. */
  durationsWeeks: z.array(z.number().int().positive()),
  maxPauseWeeks: z.number().int().positive(),
});

/** A footer regulation image (features §2 Footer): the badge, its text alternative and where it leads, if anywhere. */
export const RegulationImage = z.object({
  src: z.string().min(1).max(500),
  alt: z.string().min(1).max(200),
  url: z.string().max(500).nullable(),
});
export type RegulationImage = z.infer<typeof RegulationImage>;

/** Web configuration: every field of spec core §3, defaults of §9. */
export const WebConfig = z.object({
  siteName: z.string(),
  baseCurrency: CurrencyCode,
  siteLocale: z.enum(['en-AU', 'en-GB']),
  siteTimeZone: z.string(),
  baseUrl: z.string().url(),
  sessionTimeout: z.number().int().positive(),
  sessionIdleMinutes: z.number().int().positive(),
  heartbeat: z.object({ enabled: z.boolean(), intervalSeconds: z.number().int().positive() }),
  minRegistrationAge: z.number().int().min(18),
  socialLinks: z.array(SocialLink),
  supportPageUrls: z.object({
    contactUs: z.string(),
    faq: z.string(),
    responsibleGambling: z.string(),
    helpCentre: z.string(),
  }),
  appStoreLinks: z.object({ android: z.string().url().nullable(), ios: z.string().url().nullable() }),
  customerAddressConfig: z.array(AddressFieldConfig),
  regions: z.array(Region),
  immutableCustomerFields: z.array(z.string()),
  twoFactorAuthenticationConfig: z.object({
    enabled: z.boolean(),
    methods: z.array(z.enum(['authenticator', 'email'])),
    codeLength: z.number().int(),
    resendLockSeconds: z.number().int(),
    rememberDeviceDays: z.number().int(),
  }),
  unsubscribeReasons: z.array(z.object({ key: z.string(), label: z.string() })),
  cookieConsent: z.object({
    enabled: z.boolean(),
    cookieLifetimeDays: z.number().int(),
    categories: z.array(z.enum(['essential', 'non_essential'])),
  }),
  supportedPaymentMethods: z.array(PaymentLogo),
  supportNumber: z.string(),
  supportOpeningHours: z.array(z.string()),
  gamblingHelpLine: z.string(),
  defaultPartner: z.string().nullable(),
  autoplayPauseSettings: PauseSettings,
  subscriptionPauseSettings: PauseSettings,
  disableIndexing: z.boolean(),
  maintenanceMode: z.boolean(),
  signupFlags: z.object({
    phoneRequired: z.boolean(),
    addressRequired: z.boolean(),
    marketingConsentDefault: z.boolean(),
    favouriteNumbersEnabled: z.boolean(),
    emailConfirmationRequired: z.boolean(),
  }),
  disclaimer: z.string(),
  /** Regulation images of the footer (age limit, help line, licences); none on a configuration saved before them. */
  regulationImages: z.array(RegulationImage).default([]),
});
export type WebConfig = z.infer<typeof WebConfig>;

/** CMS theme item (features §3 Content management). Colours are CSS colour strings. */
export const Theme = z.object({
  attributes: z.object({ borderRadius: z.string(), boxShadow: z.string() }),
  colours: z.object({
    brandPrimary: z.string(),
    brandSecondary: z.string(),
    brandTertiary: z.string(),
    actionPrimary: z.string(),
    actionSecondary: z.string(),
    mono: z.string(),
    success: z.string(),
    warning: z.string(),
    error: z.string(),
  }),
  logos: z.object({ default: z.string(), white: z.string(), navbar: z.string() }),
  metaImages: z.object({ favicon: z.string(), appleTouch: z.string(), ogImage: z.string() }),
  motifs: z.array(z.string()),
  typography: z.object({
    fonts: z.array(z.string()),
    headings: z.string(),
    body: z.string(),
    styleSheetUrl: z.string().nullable(),
  }),
});
export type Theme = z.infer<typeof Theme>;

export const RouteType = z.enum(['external', 'internal', 'internal_dynamic', 'none']);
export const ProductGroup = z.enum(['lotto', 'raffle', 'social_play', 'results', 'subvariant']);

export type NavigationItem = {
  id: string;
  label: string;
  routeType: z.infer<typeof RouteType>;
  url: string | null;
  productGroup: z.infer<typeof ProductGroup> | null;
  /** Shown only when every listed capability is present. */
  capabilities: Capability[];
  children: NavigationItem[];
};
export const NavigationItem: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    routeType: RouteType,
    url: z.string().nullable(),
    productGroup: ProductGroup.nullable(),
    capabilities: z.array(Capability),
    children: z.array(NavigationItem),
  }),
);

export const Navigation = z.object({
  primary: z.array(NavigationItem),
  footer: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      url: z.string(),
      capabilities: z.array(Capability),
      requiresAbsent: z.array(Capability),
    }),
  ),
});
export type Navigation = z.infer<typeof Navigation>;

export const SitewideBanner = z.object({
  id: z.string(),
  text: z.string(),
  linkUrl: z.string().nullable(),
  linkText: z.string().nullable(),
});
export type SitewideBanner = z.infer<typeof SitewideBanner>;

export const HealthResult = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.string()),
});

// Content-Security-Policy violation reports (core §8 "Security-policy violations are reported once per message"):
// the legacy report-uri body and the Reporting API's report-to list, as browsers send them.
const ReportText = z.string().max(2048);
const LegacyCspViolation = z
  .object({
    'document-uri': ReportText.optional(),
    'blocked-uri': ReportText.optional(),
    'violated-directive': ReportText.optional(),
    'effective-directive': ReportText.optional(),
    'source-file': ReportText.optional(),
    'line-number': z.number().int().nonnegative().optional(),
    'script-sample': ReportText.optional(),
    disposition: ReportText.optional(),
  })
  .passthrough();
const ReportToCspViolation = z
  .object({
    type: z.string().max(64),
    body: z
      .object({
        documentURL: ReportText.optional(),
        blockedURL: ReportText.optional(),
        effectiveDirective: ReportText.optional(),
        sourceFile: ReportText.optional(),
        lineNumber: z.number().int().nonnegative().optional(),
        sample: ReportText.optional(),
        disposition: ReportText.optional(),
      })
      .passthrough(),
  })
  .passthrough();
export const CspReportBody = z.union([
  z.object({ 'csp-report': LegacyCspViolation }).passthrough(),
  z.array(ReportToCspViolation).min(1).max(20),
]);
export type CspReportBody = z.infer<typeof CspReportBody>;
/** Content types browsers send CSP reports with (report-uri, report-to). */
export const CSP_REPORT_CONTENT_TYPES = ['application/csp-report', 'application/reports+json'] as const;
