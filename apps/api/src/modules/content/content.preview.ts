// Preview links (ADR 036): a signed, expiring token naming one item (and optionally one of its versions). Minted by
// the operator CLI (and the back office); anyone holding the link sees that item as it will look, nothing else.
import { PREVIEWABLE_COLLECTIONS } from '@shop/contracts';
import { purposeKey, signClaims, verifyClaims } from '../../lib/signed-token.ts';

export type PreviewCollection = (typeof PREVIEWABLE_COLLECTIONS)[number];
export interface PreviewClaims {
  collection: PreviewCollection;
  id: string;
  /** null: the item's newest version at the time the link is opened. */
  version: number | null;
}

export const PREVIEW_TTL_SECONDS = { default: 60 * 60, max: 7 * 24 * 60 * 60 } as const;

/** Preview tokens are signed with a key derived from the shop's secret, so no other token can pass for one. */
const previewKey = (secret: string) => purposeKey(secret, 'content-preview-v1');

export function mintPreviewToken(secret: string, claims: PreviewClaims, now: Date, ttlSeconds: number): string {
  return signClaims(
    previewKey(secret),
    { aud: 'preview', c: claims.collection, id: claims.id, v: claims.version },
    now,
    ttlSeconds,
  );
}

/** The claims of a valid, unexpired preview token; null for anything else. */
export function readPreviewToken(secret: string, token: string, now: Date): PreviewClaims | null {
  const c = verifyClaims(previewKey(secret), token, now);
  if (!c || c.aud !== 'preview' || typeof c.id !== 'string') return null;
  if (!(PREVIEWABLE_COLLECTIONS as readonly unknown[]).includes(c.c)) return null;
  const version = c.v === null || c.v === undefined ? null : Number.isInteger(c.v) ? (c.v as number) : NaN;
  if (Number.isNaN(version)) return null;
  return { collection: c.c as PreviewCollection, id: c.id, version };
}
