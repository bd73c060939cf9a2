// The Lotto Party posts (docs/lotto-party.md "Storefront"), parsed by the actions with Conform: the modal's group and
// session creation, buying shares of a session, and the organiser's autosession switch.
import { AUTOSESSION_STATUSES, LOTTO_PARTY_LIMITS, LOTTO_PARTY_TEXTS } from '@shop/contracts';
import { z } from 'zod';

export const CHOOSE_SHARES = `Choose how many shares to buy (1 to ${LOTTO_PARTY_LIMITS.maxShares}).`;
const KEY = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,80}$/, LOTTO_PARTY_TEXTS.createFailed);

export const CreationForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('group'),
    groupName: z.string({ error: LOTTO_PARTY_TEXTS.groupNameRequired }).max(500),
  }),
  z.object({
    intent: z.literal('session'),
    groupId: KEY,
    drawId: KEY,
    productOfferKey: KEY,
    gameOffer: KEY,
    numGames: z.coerce.number().int().min(1).max(100),
    sharePrice: z.coerce.number().positive().max(100_000),
    autosessionStatus: z.enum(AUTOSESSION_STATUSES),
    inviteAllExistingMembers: z.enum(['true', 'false']).transform((v) => v === 'true'),
  }),
]);

export const SessionForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('buy'),
    numShares: z.coerce
      .number({ error: CHOOSE_SHARES })
      .int(CHOOSE_SHARES)
      .min(1, CHOOSE_SHARES)
      .max(LOTTO_PARTY_LIMITS.maxShares, CHOOSE_SHARES),
  }),
  z.object({
    intent: z.literal('autosession'),
    sessionId: z.string().regex(/^lps_[A-Za-z0-9_-]{1,60}$/),
    status: z.enum(AUTOSESSION_STATUSES),
  }),
]);
