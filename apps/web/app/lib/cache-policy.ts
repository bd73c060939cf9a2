// Cache lifetimes of spec core §9, in milliseconds.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Server-side GET cache (SSR loaders). Disabled in the browser and by WEB_API_CACHE=off; `?clear_cache` empties it. */
export const SERVER_CACHE_TTL = {
  default: 60 * SECOND,
  theme: 10 * MINUTE,
  navigation: 24 * HOUR,
  components: 24 * HOUR,
  lottoPartyConfig: 5 * MINUTE,
  featurePlacement: 5 * MINUTE,
  seoTranslations: 24 * HOUR,
} as const;

/** Seconds a shared cache (a CDN) may keep a page that is the same for every anonymous visitor (lib/http-caching.ts). */
export const SHARED_PAGE_MAX_AGE_S = SERVER_CACHE_TTL.default / SECOND;

/** Browser-side lifetimes (TanStack Query stale times and the browser api client's own cache). */
export const CLIENT_CACHE_TTL = {
  cart: 20 * SECOND,
  productOffers: 1_080_000,
  drawResults: 24 * HOUR,
  productBranding: 24 * HOUR,
  tips: 1_080_000,
} as const;
