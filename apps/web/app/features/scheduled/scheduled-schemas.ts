// The cancel post of the scheduled purchase screen (ADR 022: every action parses its post with a schema).
import { z } from 'zod';

export const CancelScheduledSchema = z.object({ intent: z.literal('cancel') });
