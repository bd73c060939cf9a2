// Public ids of recurring purchases (rcp_…: the spec's autoplayId, for autoplays and subscriptions alike).
import { randomBytes } from 'node:crypto';

export const newRecurringId = () => `rcp_${randomBytes(12).toString('hex')}`;
