import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from './constants.ts';

/** Spec core §5: stored identifiers are letters, digits, hyphen and underscore only. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]+$/;
export const Identifier = z.string().min(1).max(128).regex(IDENTIFIER_PATTERN);

export const CurrencyCode = z.enum(['AUD', 'GBP']);
export type CurrencyCode = z.infer<typeof CurrencyCode>;

/** Money on the wire: a decimal amount with at most 2 places. Inside the code we use integer cents. */
export const Money = z.object({
  amount: z.number().multipleOf(0.01).finite(),
  currency: CurrencyCode,
});
export type Money = z.infer<typeof Money>;

export const MessageLevel = z.enum(['error', 'warning', 'info', 'success']);
export const ApiMessage = z.object({ code: z.string(), text: z.string(), level: MessageLevel });
export type ApiMessage = z.infer<typeof ApiMessage>;

export const PageInfo = z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() });
export type PageInfo = z.infer<typeof PageInfo>;

export const PageLinks = z.object({ next: z.string().nullable(), prev: z.string().nullable() });
export type PageLinks = z.infer<typeof PageLinks>;

/** Spec defaults: 10, groups 6, results 5, giveaways 9, blog 12. */
export { MAX_PAGE_LIMIT, PAGE_SIZES };

export function paginationQuery(defaultLimit: number = PAGE_SIZES.default) {
  return z
    .object({
      limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
      offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    })
    .strict();
}
export const PaginationQuery = paginationQuery();
export type PaginationQuery = z.infer<typeof PaginationQuery>;

/** Success envelope of DESIGN.md §4: { result, page_info, links, messages } (snake_case on the wire). */
export function successEnvelope<T extends z.ZodType>(result: T) {
  return z.object({
    result,
    pageInfo: PageInfo.nullable(),
    links: PageLinks.nullable(),
    messages: z.array(ApiMessage),
  });
}

/** Error envelope: { status, errors: { field: [msg], this: [msg] }, error: [msg], messages, result: null }. */
export const ErrorEnvelope = z.object({
  status: z.number().int(),
  errors: z.record(z.string(), z.array(z.string())),
  error: z.array(z.string()),
  messages: z.array(ApiMessage),
  result: z.null(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** API versions (spec core §7): 3.0 to 3.9, default 3.0. */
export const API_VERSIONS = ['3.0', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8', '3.9'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const DEFAULT_API_VERSION: ApiVersion = '3.0';

/** Request headers of spec core §7 (lower-case, as Node sees them). */
export const HEADERS = {
  version: 'version',
  appKey: 'x-app-key',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
  requestId: 'x-request-id',
  sessionId: 'x-session-id',
  subVariant: 'x-sub-variant',
  /**
   * The price list a visit asked for (the `p` address code, core §1, kept in the pricing_id cookie): the spec names no
   * header for it, so the storefront sends it beside the sub-variant (ADR 081).
   */
  pricingId: 'x-pricing-id',
  customerId: 'x-customer-id',
  customerToken: 'x-customer-token',
  idempotencyKey: 'idempotency-key',
  /** The storefront's long-lived device id, sent with sign-ins (the new-device email). */
  deviceId: 'x-device-id',
} as const;

/** Spec: Regions (GB, LW, NSWL are internal). */
export const Region = z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'OTHER']);
export type Region = z.infer<typeof Region>;

/**
 * A sub-variant (spec core §1, §7: the `sv` address code, sent as the sub-variant header) is one state's site: its
 * lower-case state code (`qld`, `vic` ...). It selects that state's offers: names and urls (offer urlAliases and
 * regionOverrides) and what is not sold there. Any other value is the national site (null).
 */
export function regionOfSubVariant(subVariant: string | null | undefined): Region | null {
  const region = subVariant?.toUpperCase();
  return region && region !== 'OTHER' && Region.safeParse(region).success ? (region as Region) : null;
}
