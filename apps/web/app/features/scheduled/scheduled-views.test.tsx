// Server render of a scheduled purchase's screen in each state: waiting (cancel offered), confirming (the question
// and its post), bought (the receipt, no cancel), given up (why), cancelled.
import type { ScheduledPurchase } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { scheduledPurchase } from '../../test-support/api-fixtures.ts';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { ScheduledDetail, ScheduledList } from './scheduled-views.tsx';

const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;

const preOrder = scheduledPurchase;

const render = (s: ScheduledPurchase, confirming = false) =>
  renderHtml(<ScheduledDetail s={s} site={site} confirming={confirming} message={null} />);

describe('ScheduledDetail', () => {
  it('a waiting pre-order: when it is charged, its draw, price, and a link to cancel (no post yet)', () => {
    const html = render(preOrder());
    const text = textOf(html);
    expect(text).toContain('Waiting for sales to open');
    expect(text).toContain('Charged when sales open');
    expect(text).toContain('Monday 9 June 2025');
    expect(text).toContain('Draw 1');
    expect(text).toContain('$10.00');
    expect(text).toContain('Not tried yet');
    expect(html).toContain('href="/my-account/scheduled-purchases/sch_abc123?cancel=confirm"');
    expect(html).not.toContain('method="post"');
  });

  it('confirming: asks, and only "Yes, cancel it" posts the cancel', () => {
    const html = render(preOrder(), true);
    expect(textOf(html)).toContain('Cancel this pre-order? It will not be bought and nothing will be charged.');
    expect(html).toMatch(/<form[^>]*action="\/my-account\/scheduled-purchases\/sch_abc123"[^>]*method="post"/);
    expect(html).toContain('name="intent" value="cancel"');
  });

  it('bought: the receipt link and no cancel; given up: why; cancelled: no cancel', () => {
    const bought = render(
      preOrder({
        finished: true,
        checkoutId: 'chk_1',
        lastAttemptStatus: 'purchased',
        lastAttemptAt: '2025-06-09T00:01:00.000Z',
      }),
    );
    expect(textOf(bought)).toContain('Bought');
    expect(bought).toContain('href="/receipt/chk_1"');
    expect(bought).not.toContain('cancel=confirm');
    const gaveUp = render(
      preOrder({
        kind: 'scheduled_purchase',
        drawNo: null,
        finished: true,
        gaveUp: true,
        attempts: 24,
        lastAttemptStatus: 'hard_failure',
        lastAttemptAt: '2025-06-10T00:00:00.000Z',
        lastFailureReason: 'Not bought after 24 attempts. You need $1.55 more to buy these tickets.',
      }),
    );
    expect(textOf(gaveUp)).toContain('Not bought after 24 attempts.');
    expect(textOf(gaveUp)).not.toContain('Draw ');
    expect(gaveUp).not.toContain('cancel=confirm');
    expect(textOf(render(preOrder({ status: 'cancelled' })))).toContain('Cancelled');
    expect(render(preOrder({ status: 'cancelled' }))).not.toContain('cancel=confirm');
  });
});

describe('ScheduledList', () => {
  it('lists each with its kind, what, when and a link to its screen', () => {
    const html = renderHtml(
      <ScheduledList
        items={[preOrder(), preOrder({ encodedId: 'sch_def456', kind: 'scheduled_purchase', drawNo: null })]}
        site={site}
      />,
    );
    expect(textOf(html)).toMatch(/Pre-order.*Charged when sales open: .*Scheduled purchase.*Due: /s);
    expect(html).toContain('href="/my-account/scheduled-purchases/sch_def456"');
  });
});
