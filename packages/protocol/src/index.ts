// @shop/protocol: pure code the API and the browser must run identically (STYLE.md habit 9): request signing,
// snake/camel casing, the raffle winner derivation, zoned time and the redirect guard. No I/O, no Node-only APIs.
export { bytesToHex, constantTimeEqual, hexToBytes, utf8Bytes } from './bytes.ts';
export {
  camelToSnake,
  camelizeKeys,
  isForbiddenKey,
  MAX_KEY_DEPTH,
  NestingTooDeepError,
  snakeToCamel,
  snakeizeKeys,
  wireFieldPath,
} from './casing.ts';
export {
  commitmentOf,
  deriveWinners,
  isSubDraw,
  newSeed,
  pickIndex,
  soldListHash,
  soldListText,
  verifyRaffleDraw,
  VERIFICATION_PROCEDURE,
  type DerivedWinner,
  type DrawPrizeInput,
  type RafflePrizeKind,
  type VerifyInput,
  type VerifyOutcome,
} from './raffle-draw.ts';
export { safeRedirect } from './redirect.ts';
export {
  hmacSha256Hex,
  signaturePayload,
  signatureMatches,
  signRequest,
  unixSeconds,
  type SignatureInput,
} from './signature.ts';
export {
  addLocalDays,
  localDateOf,
  localDayStartIso,
  zonedLabel,
  zonedIsoString,
  zonedParts,
  zonedTimeToUtc,
  type ZoneAndLocale,
  type ZonedLabelStyle,
  type ZonedParts,
} from './zoned-time.ts';
