// Dev mailbox (GET /api/v2/dev/mailbox, non-production): emails delivered without SMTP.
import { z } from 'zod';

export const DevMailboxQuery = z
  .object({
    to: z.string().max(320).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const DevMailMessage = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  deliveredAt: z.string(),
});
export type DevMailMessage = z.infer<typeof DevMailMessage>;
export const DevMailboxResult = z.array(DevMailMessage);
