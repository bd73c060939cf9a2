// Feedback rules (features §3, §5, §6): a rating of -1..1 with an optional comment; an email is kept from guests
// only, a signed-in customer is known by their account (the email they typed, if any, is ignored).
import { randomBytes } from 'node:crypto';
import type { FeedbackEntry, FeedbackEventBody } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { feedbackRepo, type FeedbackFilter, type FeedbackRow } from './feedback.repository.ts';

export interface FeedbackDeps {
  db: Db;
  clock: Clock;
  /** The account's email of a signed-in customer (identity's directory); null when unknown. */
  emailOf(customerId: string): Promise<string | null>;
}

const newEventId = () => `fbk_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

function entryOf(r: FeedbackRow): FeedbackEntry {
  return {
    eventId: r.publicId,
    createdAt: r.createdAt.toISOString(),
    rating: r.rating,
    comment: r.comment,
    email: r.email,
    customerId: r.customerId,
    source: r.source,
    variant: r.variant,
    clientInformation: r.clientInformation as FeedbackEntry['clientInformation'],
  };
}

export function createFeedbackService(deps: FeedbackDeps) {
  return {
    async record(event: FeedbackEventBody, visitor: { customerId: string | null }): Promise<{ eventId: string }> {
      const email = visitor.customerId ? await deps.emailOf(visitor.customerId) : event.email || null;
      const row = await feedbackRepo.insert(deps.db, {
        publicId: newEventId(),
        rating: event.rating,
        comment: event.comment || null,
        email,
        customerId: visitor.customerId,
        source: event.source,
        variant: event.variant ?? null,
        clientInformation: event.clientInformation,
        createdAt: deps.clock.now(),
      });
      return { eventId: row.publicId };
    },

    async list(filter: FeedbackFilter): Promise<{ items: FeedbackEntry[]; total: number }> {
      const { rows, total } = await feedbackRepo.list(deps.db, filter);
      return { items: rows.map(entryOf), total };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
