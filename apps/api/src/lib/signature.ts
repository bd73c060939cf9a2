// Request signing (spec core §7) lives in @shop/protocol, shared with the storefront's browser and SSR clients; this
// re-export keeps the API's lib/ the place its plugins and tests import helpers from.
export { signaturePayload, signatureMatches, signRequest, unixSeconds, type SignatureInput } from '@shop/protocol';
