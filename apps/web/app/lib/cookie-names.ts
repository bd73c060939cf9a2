// Cookie names of spec core §9 plus ours (session_id, aff, sv), shared by the server and the browser.
export const COOKIE_NAMES = {
  sessionId: 'session_id',
  affiliate: 'aff',
  subVariant: 'sv',
  customerId: 'customer_id',
  customerToken: 'customer_token',
  accessToken: 'web_access_token',
  refreshToken: 'web_refresh_token',
  consent: 'cookie_consent',
  /** The anonymous visitor's cart (features/cart). */
  anonymousCart: 'anonymous_cart_token',
  /** A price list other than the default (spec core §9). */
  pricing: 'pricing_id',
  /** The analytics anonymous id (non-essential, about 365 days; core §9), also the experiment visitor id. */
  analyticsId: 'analytics_id',
  /** A toast a form post flashes for the page it redirects to (lib/toast.server.ts); essential, gone once shown. */
  toast: 'toast',
  /** A long-lived random id of this browser, sent with sign-ins (the new-device email); essential: security. */
  deviceId: 'device_id',
} as const;
