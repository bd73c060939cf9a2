// The raffle buy form (spec core §3 Cart item raffle_ticket): a bundle or another count of tickets and, for raffles
// with causes, the cause supported. Parsed by the action with Conform (docs/storefront.md, Forms).
import { z } from 'zod';

const CAUSE_KEY = /^[a-z0-9-]{1,80}$/;
const TICKETS = /^[1-9][0-9]{0,3}$/;
export const CHOOSE_TICKETS = 'Choose how many tickets you want (1 to 1,000).';
export const CHOOSE_CAUSE = 'Choose the cause you support.';

export const RaffleBuyForm = z
  .object({
    numTickets: z.string().trim().optional(),
    otherTickets: z.string().trim().optional(),
    causeKey: z.string().trim().regex(CAUSE_KEY, CHOOSE_CAUSE).optional(),
  })
  .superRefine((v, ctx) => {
    const picked = v.otherTickets || v.numTickets || '';
    if (!TICKETS.test(picked) || Number(picked) > 1000)
      ctx.addIssue({ code: 'custom', path: ['numTickets'], message: CHOOSE_TICKETS });
  })
  .transform((v) => ({ numTickets: Number(v.otherTickets || v.numTickets), causeKey: v.causeKey }));
