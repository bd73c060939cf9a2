// "Schedule for later" on the play screen: the date and time read in the site's zone (Sydney +11:00 in daylight
// saving, +10:00 otherwise), the form's own checks, the panel a signed-out visitor, an autoplay ticket and a customer
// see, and the post: one POST /scheduled-purchases with the form's Idempotency-Key, its refusals on the form (the
// time under the date and time, the rest above the button) with a fresh key, a retry still running with the same one.
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { scheduledPurchase } from '../../test-support/api-fixtures.ts';
import { errorEnvelope, fakeApiClient, formDataOf, ok, type FakeHandler } from '../../test-support/fake-api.ts';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { SchedulePanel, SCHEDULE_TEXTS, zoneCity, type TicketToSchedule } from './schedule-form.tsx';
import { scheduledAtOf, ScheduleTicketSchema } from './scheduled-schemas.ts';
import { scheduleTicket } from './scheduled.server.ts';

const SYDNEY = 'Australia/Sydney';
const KEY = '0f8e4b2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const ticketInput = {
  productType: 'lottery_ticket',
  productOfferKey: 'oz-lotto',
  gameType: 'standard',
  gameOffer: 'standard',
  games: [{ sets: { numbers: [3, 9, 14, 22, 31, 38, 44] }, quickpick: false }],
  numDraws: 1,
  hasFavouriteNumbers: false,
};

const post = (o: Record<string, string> = {}) =>
  formDataOf({
    intent: 'schedule',
    ticket: JSON.stringify(ticketInput),
    date: '2026-12-01',
    time: '09:00',
    idempotencyKey: KEY,
    ...o,
  });

describe('the scheduled time', () => {
  it('is the chosen wall-clock time in Sydney with that date’s offset: +11:00 in daylight saving, +10:00 otherwise', () => {
    expect(scheduledAtOf('2026-12-01', '09:00', SYDNEY)).toBe('2026-12-01T09:00:00+11:00');
    expect(scheduledAtOf('2027-01-15', '20:30', SYDNEY)).toBe('2027-01-15T20:30:00+11:00');
    expect(scheduledAtOf('2026-07-01', '09:00', SYDNEY)).toBe('2026-07-01T09:00:00+10:00');
    expect(scheduledAtOf('2027-06-15', '18:45:30', SYDNEY)).toBe('2027-06-15T18:45:00+10:00');
    // The night daylight saving ends (5 April 2026, 3 am → 2 am) and starts (4 October 2026, 2 am → 3 am).
    expect(scheduledAtOf('2026-04-05', '09:00', SYDNEY)).toBe('2026-04-05T09:00:00+10:00');
    expect(scheduledAtOf('2026-10-04', '09:00', SYDNEY)).toBe('2026-10-04T09:00:00+11:00');
    // Whatever zone the server runs in, it is the same instant.
    expect(new Date(scheduledAtOf('2026-12-01', '09:00', SYDNEY)).toISOString()).toBe('2026-11-30T22:00:00.000Z');
  });

  it('needs a real date and a time of day', () => {
    const errorsOf = (o: Record<string, string>) => {
      const s = parseWithZod(post(o), { schema: ScheduleTicketSchema });
      return s.status === 'success' ? {} : s.error;
    };
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ date: '' })).toEqual({ date: ['Choose the date to buy it.'] });
    expect(errorsOf({ date: '2027-02-30' })).toEqual({ date: ['Choose the date to buy it.'] });
    expect(errorsOf({ date: '1/12/2026' })).toEqual({ date: ['Choose the date to buy it.'] });
    expect(errorsOf({ time: '' })).toEqual({ time: ['Choose the time to buy it.'] });
    expect(errorsOf({ time: '24:00' })).toEqual({ time: ['Choose the time to buy it.'] });
    expect(errorsOf({ time: '9am' })).toEqual({ time: ['Choose the time to buy it.'] });
  });
});

const ticket = (o: Partial<TicketToSchedule> = {}): TicketToSchedule => ({
  input: JSON.stringify(ticketInput),
  valid: true,
  reason: null,
  autoplay: false,
  keep: () => {},
  ...o,
});

const panel = (o: Partial<Parameters<typeof SchedulePanel>[0]> = {}) =>
  renderHtml(
    <SchedulePanel
      ticket={ticket()}
      signedIn
      loginHref="/login?redirect=%2Foz-lotto%23schedule-later"
      idempotencyKey={KEY}
      result={null}
      today="2026-11-25"
      timeZone={SYDNEY}
      {...o}
    />,
  );

describe('the schedule panel', () => {
  it('says what happens — nothing now, the wallet at that time, the retries and when it stops — and never more', () => {
    const text = textOf(panel());
    expect(zoneCity(SYDNEY)).toBe('Sydney');
    expect(text).toContain('Nothing is charged now.');
    expect(text).toContain(
      'At the date and time you choose (Sydney time), or within a minute or two of it, we buy this ticket from your wallet for the draw on sale then, at its price then.',
    );
    expect(text).toContain(
      'If your wallet is short, or the purchase is refused, we try again about an hour later. After 24 refused attempts, or if the draw has closed, we stop trying, charge nothing and email you.',
    );
    expect(text).toContain('Until it is bought you can cancel it in My account');
  });

  it('a customer: the date (from today in Sydney) and the time in Sydney, posting the ticket with the page key', () => {
    const html = panel();
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('name="intent" value="schedule"');
    expect(html).toContain(`name="idempotencyKey" value="${KEY}"`);
    expect(html).toContain('name="ticket" value="{&quot;productType&quot;:&quot;lottery_ticket&quot;');
    expect(html).toMatch(/type="date"[^>]*name="date"|name="date"[^>]*type="date"/);
    expect(html).toContain('min="2026-11-25"');
    expect(html).toMatch(/type="time"[^>]*name="time"|name="time"[^>]*type="time"/);
    expect(textOf(html)).toContain('When to buy it (Sydney time)');
    expect(textOf(html)).toContain('Time (Sydney)');
    expect(html).not.toContain('data-testid="schedule-login"');
  });

  it('an incomplete ticket cannot be sent and says why', () => {
    const html = panel({ ticket: ticket({ valid: false, reason: 'Game 1 needs 3 more numbers' }) });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="schedule-submit"/);
    expect(textOf(html)).toContain('Game 1 needs 3 more numbers');
  });

  it('signed out: the terms and a login that comes back here, no form', () => {
    const html = panel({ signedIn: false, idempotencyKey: null });
    expect(html).toContain('href="/login?redirect=%2Foz-lotto%23schedule-later"');
    expect(textOf(html)).toContain(SCHEDULE_TEXTS.login);
    expect(html).not.toContain('<form');
  });

  it('autoplay: explains it cannot be scheduled, no form', () => {
    const html = panel({ ticket: ticket({ autoplay: true }) });
    expect(textOf(html)).toContain('Autoplay cannot be scheduled');
    expect(html).not.toContain('<form');
  });

  it('the API’s refusal: the time’s message under the date and time, the envelope’s above the button', () => {
    const html = panel({
      result: {
        status: 'error',
        initialValue: { date: '2020-01-01', time: '09:00' },
        error: { '': ['The time to buy has passed.'], scheduledAt: ['Choose a time in the future.'] },
      },
    });
    expect(html).toMatch(/<ul id="schedule-when-error"[^>]*><li>Choose a time in the future\.<\/li>/);
    expect(html).toMatch(/aria-invalid="true"[^>]*data-testid="schedule-date"/);
    expect(html).toMatch(/role="alert"[^>]*>.*The time to buy has passed\./s);
    expect(html).toContain('value="2020-01-01"');
  });
});

function setup(routes: Record<string, FakeHandler>) {
  const { api, fake } = fakeApiClient(routes);
  return { api, posts: () => fake.requests.filter((r) => r.method === 'POST') };
}

const made = scheduledPurchase({
  kind: 'scheduled_purchase',
  productType: 'lottery_ticket',
  productOfferKey: 'oz-lotto',
  description: 'Oz Lotto, 1 game, 1 draw',
  drawNo: null,
});

describe('the schedule post', () => {
  it('sends the ticket and the Sydney time with its offset once, with the form’s key; made → its screen', async () => {
    const { api, posts } = setup({ 'POST /api/v2/scheduled-purchases': () => ok(made) });
    await expect(scheduleTicket(api, post(), SYDNEY)).resolves.toEqual({
      redirectTo: '/my-account/scheduled-purchases/sch_abc123?notice=scheduled',
    });
    expect(posts()).toHaveLength(1);
    const [sent] = posts();
    expect(sent!.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(sent!.body!)).toEqual({
      item: {
        product_type: 'lottery_ticket',
        product_offer_key: 'oz-lotto',
        game_type: 'standard',
        game_offer: 'standard',
        games: [{ sets: { numbers: [3, 9, 14, 22, 31, 38, 44] }, quickpick: false }],
        num_draws: 1,
        has_favourite_numbers: false,
      },
      scheduled_at: '2026-12-01T09:00:00+11:00',
    });
  });

  it('a time refused by the API: under the date and time, with a fresh key (nothing was made)', async () => {
    const { api } = setup({
      'POST /api/v2/scheduled-purchases': () =>
        errorEnvelope(422, {
          errors: { scheduled_at: ['Choose a time in the future.'] },
          error: ['The time to buy has passed.'],
          messages: [{ code: 'invalid_scheduled_at', text: 'The time to buy has passed.', level: 'error' }],
        }),
    });
    const outcome = await scheduleTicket(api, post(), SYDNEY);
    if (!('feedback' in outcome)) throw new Error('expected the form again');
    expect(outcome.status).toBe(422);
    expect(outcome.feedback.result.error).toEqual({
      '': ['The time to buy has passed.'],
      scheduledAt: ['Choose a time in the future.'],
    });
    expect(outcome.feedback.result.initialValue).toMatchObject({ date: '2026-12-01', time: '09:00' });
    expect(outcome.feedback.idempotencyKey).not.toBe(KEY);
  });

  it('a ticket refused by the API: its messages above the button', async () => {
    const { api } = setup({
      'POST /api/v2/scheduled-purchases': () =>
        errorEnvelope(422, {
          errors: { num_draws: ['Choose a number of draws.'] },
          error: ['A scheduled purchase buys a number of draws, not autoplay.'],
          messages: [
            {
              code: 'invalid_ticket',
              text: 'A scheduled purchase buys a number of draws, not autoplay.',
              level: 'error',
            },
          ],
        }),
    });
    const outcome = await scheduleTicket(api, post(), SYDNEY);
    if (!('feedback' in outcome)) throw new Error('expected the form again');
    expect(outcome.feedback.result.error).toEqual({
      '': ['A scheduled purchase buys a number of draws, not autoplay.', 'Choose a number of draws.'],
    });
  });

  it('the first post still running (a double submit): the same key, so the next post is answered with what it made', async () => {
    const { api } = setup({
      'POST /api/v2/scheduled-purchases': () =>
        errorEnvelope(409, {
          messages: [
            { code: 'idempotency_in_flight', text: 'Your earlier attempt is still being processed.', level: 'error' },
          ],
          error: ['Your earlier attempt is still being processed.'],
        }),
    });
    const outcome = await scheduleTicket(api, post(), SYDNEY);
    if (!('feedback' in outcome)) throw new Error('expected the form again');
    expect(outcome.status).toBe(409);
    expect(outcome.feedback.idempotencyKey).toBe(KEY);
    expect(outcome.feedback.result.error).toEqual({ '': ['Your earlier attempt is still being processed.'] });
  });

  it('sends nothing without a date, a time or a ticket', async () => {
    const { api, posts } = setup({ 'POST /api/v2/scheduled-purchases': () => ok(made) });
    const bad: Record<string, string>[] = [
      { date: '' },
      { time: '' },
      { ticket: 'not json' },
      { ticket: '{"productType":"lottery_ticket"}' },
    ];
    for (const o of bad) {
      const outcome = await scheduleTicket(api, post(o), SYDNEY);
      expect('feedback' in outcome, JSON.stringify(o)).toBe(true);
    }
    expect(posts()).toEqual([]);
  });
});
