// Server render of a raffle ticket: its numbers (not empty lottery lines), the winning ones marked in words, and
// the prize each won.
import type { Ticket } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { TicketCard } from './ticket-views.tsx';

const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;
const now = '2025-06-02T00:00:00.000Z';

const raffleTicket = (overrides: Partial<Ticket>): Ticket => ({
  id: 'tkt_raffle1',
  orderId: 'ord_raffle1',
  productType: 'raffle_ticket',
  productOfferKey: 'surf-rescue-car-raffle',
  offerName: 'Surf Rescue Car Raffle',
  gameType: null,
  gameOfferName: null,
  drawId: 'raf_draw2',
  drawNo: 2,
  drawDate: '2025-06-20T09:00:00.000Z',
  status: 'upcoming',
  lines: [],
  raffleTicketNumbers: [11, 12, 13],
  raffleWins: [],
  result: null,
  prize: null,
  causeKey: 'surf-life-saving',
  ...overrides,
});

describe('TicketCard for a raffle ticket', () => {
  it('marks the winning number in words with its prize, and shows the total prize', () => {
    const html = renderHtml(
      <TicketCard
        ticket={raffleTicket({
          status: 'won',
          raffleWins: [
            { ticketNumber: 12, prizeName: 'Toyota HiLux SR5 4x4', prize: { amount: 65_000, currency: 'AUD' } },
          ],
          prize: { amount: 65_000, currency: 'AUD' },
        })}
        now={now}
        site={site}
      />,
    );
    const text = textOf(html);
    expect(text).toContain('Ticket numbers 11 12 ✓ winning ticket 13');
    // textOf leaves a space where React separates text nodes.
    expect(text).toMatch(/Winning ticket 12\s?: Toyota HiLux SR5 4x4 \(\s?\$65,000\.00\s?\)/);
    expect(text).toContain('Total prize $65,000.00');
    expect(html.match(/data-winning="true"/g)).toHaveLength(1);
    expect(html).not.toContain('data-testid="ticket-line"');
  });

  it('shows a drawn ticket without a win as no prize, and a pre-order waiting for its numbers', () => {
    const lost = textOf(
      renderHtml(
        <TicketCard
          ticket={raffleTicket({ status: 'not_won', prize: { amount: 0, currency: 'AUD' } })}
          now={now}
          site={site}
        />,
      ),
    );
    expect(lost).toContain('No prize this time');
    expect(lost).not.toContain('Winning ticket');
    // A drawn ticket's prize is zero, not absent: it reads as no prize rather than "$0.00".
    expect(lost).toContain('Total prize: none');
    const preOrder = textOf(
      renderHtml(<TicketCard ticket={raffleTicket({ raffleTicketNumbers: [] })} now={now} site={site} />),
    );
    expect(preOrder).toContain('Your ticket numbers are given when the draw opens.');
  });
});
