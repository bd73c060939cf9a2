// The forms of an autoplay's page (/my-account/autoplay/ticket/:id, features §7 autoplay calls): pause (until a date
// when one is given), unpause, cancel (after the confirmation step), the minimum jackpot (set or remove) and quickpick
// each draw. The amounts and dates are checked by the API (its field errors are shown next to the field), so the
// schema only tells the intents apart.
import { AUTOPLAY_MESSAGES, type Autoplay, type RecurringStatus } from '@shop/contracts';
import { z } from 'zod';

export const AutoplayForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('pause'), pausedUntil: z.string().max(40).optional() }),
  z.object({ intent: z.literal('unpause') }),
  z.object({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('minimum-jackpot'), minimumJackpotAmount: z.string().max(40).optional() }),
  z.object({ intent: z.literal('remove-minimum-jackpot') }),
  z.object({ intent: z.literal('quickpick'), quickpick: z.enum(['on', 'off']) }),
]);
export type AutoplayForm = z.infer<typeof AutoplayForm>;
export type AutoplayIntent = AutoplayForm['intent'];

/** What the page shows after a refused change: the spec's title, the messages, and errors next to their fields. */
export interface AutoplayChangeRefused {
  intent: string;
  title: string;
  messages: string[];
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

/** The success notifications (features §8 "autoplay value changed"; the wording is ours), shown as toasts. */
export const AUTOPLAY_NOTICES = {
  paused: 'Your autoplay is paused.',
  unpaused: 'Your autoplay is on again: it buys the next draw.',
  cancelled: 'Your autoplay was cancelled. It buys no more draws.',
  minimum: 'Your minimum jackpot was saved.',
  'minimum-removed': 'Your autoplay now buys every draw, whatever the jackpot.',
  quickpick: 'Your quickpick choice was saved.',
} as const;
export type AutoplayNotice = keyof typeof AUTOPLAY_NOTICES;

/** The notice a successful change of this intent shows. */
export function noticeFor(form: AutoplayForm): AutoplayNotice {
  switch (form.intent) {
    case 'pause':
      return 'paused';
    case 'unpause':
      return 'unpaused';
    case 'cancel':
      return 'cancelled';
    case 'minimum-jackpot':
      return form.minimumJackpotAmount ? 'minimum' : 'minimum-removed';
    case 'remove-minimum-jackpot':
      return 'minimum-removed';
    case 'quickpick':
      return 'quickpick';
  }
}

/** Core §4 recurring status values, in words. */
export function statusLabel(status: RecurringStatus): string {
  switch (status) {
    case 'active':
      return 'Active';
    case 'paused':
      return 'Paused';
    case 'timed_paused':
      return 'Paused until a date';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** 'Paused' means paused or timed pause (core §4). */
export const isPaused = (a: Pick<Autoplay, 'status'>) => a.status === 'paused' || a.status === 'timed_paused';

/** The last attempt in words; a failure says why (the processor's reason) and what the customer can do. */
export function lastAttemptText(a: Pick<Autoplay, 'lastAttemptStatus' | 'lastFailureReason'>): string {
  switch (a.lastAttemptStatus) {
    case null:
      return 'No draw bought yet';
    case 'purchased':
      return 'Bought';
    case 'soft_failure':
      return `Not bought: ${a.lastFailureReason ?? 'the purchase was refused'}. It is tried again before the draw closes.`;
    case 'hard_failure':
      return `Not bought: ${a.lastFailureReason ?? 'the payment failed'}. Add funds, then unpause to try again.`;
  }
}

/** What a failed change shows above the forms: the spec's texts (features §8) for the autoplay errors. */
export function changeErrorTitle(status: number | undefined, code: string | undefined): string {
  if (code === 'cannot_unpause') return AUTOPLAY_MESSAGES.cannotUnpause;
  return status === 422 ? 'Please check the form' : AUTOPLAY_MESSAGES.cannotUpdateTitle;
}
