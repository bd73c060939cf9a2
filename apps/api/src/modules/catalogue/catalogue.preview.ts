// Offer preview links (issue 20; spec core §2 "A preview flag exists", ADR 084): a signed, expiring token naming
// one product offer, so that an operator can show the offer page of an offer that is not on sale (suspended, or not
// available yet) before it is. Minted by the operator CLI; the storefront shows the page with `?preview=<token>`,
// never buyable. Signed with a key of its own (content previews, ADR 036, have theirs).
import { purposeKey, signClaims, verifyClaims } from '../../lib/signed-token.ts';

export const OFFER_PREVIEW_TTL_SECONDS = { default: 60 * 60, max: 7 * 24 * 60 * 60 } as const;

const AUDIENCE = 'offer-preview';
const offerPreviewKey = (secret: string) => purposeKey(secret, 'offer-preview-v1');

export interface OfferPreviewDeps {
  clock: { now(): Date };
  secret: () => string;
  /** Whether the catalogue has an offer of this key (on sale or not). */
  offerExists: (offerKey: string) => Promise<boolean>;
}

export function createOfferPreviews(deps: OfferPreviewDeps) {
  return {
    /** A preview token for an existing offer, valid `ttlSeconds`; null when there is no such offer. */
    async mint(offerKey: string, ttlSeconds: number = OFFER_PREVIEW_TTL_SECONDS.default): Promise<string | null> {
      if (!(await deps.offerExists(offerKey))) return null;
      const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), OFFER_PREVIEW_TTL_SECONDS.max);
      return signClaims(offerPreviewKey(deps.secret()), { aud: AUDIENCE, o: offerKey }, deps.clock.now(), ttl);
    },
    /** The offer key a valid, unexpired preview token names; null for anything else (never throws). */
    read(token: string): string | null {
      const claims = verifyClaims(offerPreviewKey(deps.secret()), token, deps.clock.now());
      if (!claims || claims.aud !== AUDIENCE || typeof claims.o !== 'string' || claims.o.length === 0) return null;
      return claims.o;
    },
  };
}

export type OfferPreviews = ReturnType<typeof createOfferPreviews>;
