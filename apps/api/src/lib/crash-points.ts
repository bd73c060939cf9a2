// Named steps of money-moving work (ADR 026). The crash suite (apps/api/test/crash) runs the real app in a child
// process that installs a hook killing itself (SIGKILL, like a power cut) at one of these points, then proves that a
// retry with the same Idempotency-Key resumes or reports the first operation and never starts a second one. Without a
// hook (production, every other test) a crash point does nothing.

export const CRASH_POINTS = [
  /** The Idempotency-Key is claimed (running); nothing else is written yet. */
  'idempotency:claimed',
  /** A deposit is written pending with its key, before the gateway is called. */
  'deposit:recorded',
  /** The gateway answered (charged, declined or challenged); nothing of it is written yet. */
  'deposit:charged',
  /** The gateway's answer and the ledger credit are committed; the response is not sent. */
  'deposit:settled',
  /** A refund of a deposit and its ledger movement are committed, before the gateway is asked to refund. */
  'refund:recorded',
  /** A withdrawal and its ledger hold are committed; the response is not sent. */
  'withdrawal:recorded',
  /** A purchase (checkout, orders, ledger debit) is committed; the response is not sent. */
  'purchase:committed',
  /** The response is stored against the Idempotency-Key; it is not sent yet. */
  'idempotency:stored',
  /** The recurring processor's purchase is committed; the autoplay has not recorded it yet. */
  'recurring:purchased',
  /** A recurring purchase's card deposit is approved and credited; the purchase with it has not run yet. */
  'recurring:deposited',
  /** A scheduled purchase or pre-order is bought (committed); its row has not recorded it yet. */
  'scheduled:purchased',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

let hook: ((point: CrashPoint) => void) | null = null;

/** Marks a step; the crash suite's child process dies here when told to. */
export function crashPoint(point: CrashPoint): void {
  hook?.(point);
}

/** Test processes only: run `fn` at every crash point (the crash child kills itself at the one it was given). */
export function onCrashPoint(fn: ((point: CrashPoint) => void) | null): void {
  hook = fn;
}
