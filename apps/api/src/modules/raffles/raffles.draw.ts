// The verifiable raffle draw (DESIGN §7, docs/raffle-verification.md) is pure code in @shop/protocol, so that the
// draw job, the CLI, the API and the storefront's verification page in the visitor's browser run the very same
// derivation. The raffles module re-exports it under its own name.
export {
  commitmentOf,
  deriveWinners,
  isSubDraw,
  newSeed,
  pickIndex,
  soldListHash,
  verifyRaffleDraw,
  VERIFICATION_PROCEDURE,
  type DerivedWinner,
  type DrawPrizeInput,
  type VerifyInput,
  type VerifyOutcome,
} from '@shop/protocol';
