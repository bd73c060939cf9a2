import { FORM_MESSAGES } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { gameOdds, oddsLabel, oddsOf } from './odds.ts';
import {
  afterSavePath,
  checkLimitAmount,
  depositPeriodHelp,
  excessCents,
  exclusionEndsAt,
  exclusionWarning,
  limitFieldLabel,
  remainingCents,
  spentPercent,
  uploadProblems,
  UPLOAD_MAX_BYTES,
} from './rg-rules.ts';

describe('limit amounts', () => {
  it('takes plain amounts with up to two decimals, in cents', () => {
    expect(checkLimitAmount('50', 'AUD', 'en-AU')).toEqual({ cents: 5000 });
    expect(checkLimitAmount(' 1,250.5 ', 'AUD', 'en-AU')).toEqual({ cents: 125050 });
    expect(checkLimitAmount('$20.00', 'AUD', 'en-AU')).toEqual({ cents: 2000 });
  });

  it('refuses three decimals, negatives, zero, junk, empty and absurd amounts with the form messages', () => {
    expect(checkLimitAmount('1.505', 'AUD', 'en-AU')).toEqual({ error: FORM_MESSAGES.currency });
    expect(checkLimitAmount('abc', 'AUD', 'en-AU')).toEqual({ error: FORM_MESSAGES.currency });
    expect(checkLimitAmount('', 'AUD', 'en-AU')).toEqual({ error: FORM_MESSAGES.required });
    expect(checkLimitAmount('-5', 'AUD', 'en-AU')).toEqual({ error: FORM_MESSAGES.minimumAmount('$0.01') });
    expect(checkLimitAmount('0', 'AUD', 'en-AU')).toEqual({ error: FORM_MESSAGES.minimumAmount('$0.01') });
    expect(checkLimitAmount('1000000.01', 'AUD', 'en-AU')).toEqual({
      error: FORM_MESSAGES.maximumAmount('$1,000,000.00'),
    });
    expect(checkLimitAmount('99999999999999999', 'AUD', 'en-AU')).toEqual({
      error: FORM_MESSAGES.maximumAmount('$1,000,000.00'),
    });
    expect(checkLimitAmount('1000000', 'AUD', 'en-AU')).toEqual({ cents: 100_000_000 });
  });

  it('labels limits with the pound sign on en-GB sites and pounds anywhere', () => {
    expect(limitFieldLabel('daily', 'AUD', 'en-AU')).toBe('Daily limit ($)');
    expect(limitFieldLabel('weekly', 'GBP', 'en-GB')).toBe('Weekly limit (£)');
    expect(limitFieldLabel('monthly', 'AUD', 'en-GB', 'deposit')).toBe('Monthly deposit limit (£)');
    expect(checkLimitAmount('-1', 'GBP', 'en-GB')).toEqual({ error: FORM_MESSAGES.minimumAmount('£0.01') });
  });

  it('gives the weekly deposit limit the spec help text', () => {
    expect(depositPeriodHelp('weekly')).toBe('The maximum deposit in any 7-day period.');
  });
});

describe('spend-limit check (core §5)', () => {
  it('remaining = limit - spent; excess = order - remaining', () => {
    expect(remainingCents(5000, 2000)).toBe(3000);
    expect(remainingCents(5000, 7000)).toBe(0);
    expect(excessCents(4500, 5000, 2000)).toBe(1500);
    expect(excessCents(1000, 5000, 2000)).toBe(0);
    expect(spentPercent(5000, 2500)).toBe(50);
    expect(spentPercent(5000, 9000)).toBe(100);
  });
});

describe('back to the cart', () => {
  it('returns to the cart only when the cart sent the customer', () => {
    expect(afterSavePath('cart')).toBe('/cart');
    expect(afterSavePath(null)).toBeNull();
    expect(afterSavePath('https://evil.example')).toBeNull();
  });
});

describe('take a break and self-exclusion', () => {
  const now = new Date('2026-08-31T10:00:00Z');

  it('states when a break or exclusion would end', () => {
    expect(exclusionEndsAt('take-a-break', '24h', now)?.toISOString()).toBe('2026-09-01T10:00:00.000Z');
    expect(exclusionEndsAt('take-a-break', '6w', now)?.toISOString()).toBe('2026-10-12T10:00:00.000Z');
    // 31 August + 6 months is the end of February, not early March.
    expect(exclusionEndsAt('self-exclusion', '6m', now)?.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(exclusionEndsAt('self-exclusion', '5y', now)?.toISOString()).toBe('2031-08-31T10:00:00.000Z');
    expect(exclusionEndsAt('take-a-break', '6m', now)).toBeNull();
    expect(exclusionEndsAt('self-exclusion', '24h', now)).toBeNull();
  });

  it('warns in the words of the brief', () => {
    expect(exclusionWarning('1 September 2026')).toBe(
      "You won't be able to buy tickets or deposit until 1 September 2026. This can't be undone.",
    );
  });
});

describe('photo ID uploads', () => {
  it('names a file that is too large or not an image or PDF, and too many files', () => {
    expect(uploadProblems([{ name: 'front.jpg', size: 1000, type: 'image/jpeg' }])).toEqual([]);
    expect(uploadProblems([{ name: 'scan.pdf', size: 1000, type: 'application/pdf' }])).toEqual([]);
    expect(uploadProblems([{ name: 'big.png', size: UPLOAD_MAX_BYTES + 1, type: 'image/png' }])).toEqual([
      'big.png is larger than 5 MB.',
    ]);
    expect(uploadProblems([{ name: 'notes.txt', size: 10, type: 'text/plain' }])).toEqual([
      'notes.txt is not an image or a PDF.',
    ]);
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.png`, size: 10, type: 'image/png' }));
    expect(uploadProblems(five)).toEqual(['Choose at most 4 files.']);
  });
});

describe('game odds', () => {
  it('lists the site region games with the published division odds', () => {
    const au = gameOdds('AUD');
    expect(au.map((g) => g.key)).toContain('oz-lotto');
    expect(au.every((g) => g.key !== 'uk-lotto')).toBe(true);
    const oz = au.find((g) => g.key === 'oz-lotto')!;
    expect(oz.divisions[0]).toEqual({ division: 1, label: '7', odds: 62_891_499 });
    expect(oddsLabel(oz.divisions[0]!.odds, 'en-AU')).toBe('1 in 62,891,499');
    expect(gameOdds('GBP').map((g) => g.key)).toContain('uk-lotto');
  });

  it('works out the odds of any prize only when every division is published', () => {
    const row = oddsOf({
      key: 'x',
      name: 'X',
      divisions: [
        { division: 1, label: 'a', odds: 2 },
        { division: 2, label: 'b', odds: 2 },
      ],
    } as never);
    expect(row.anyPrize).toBe(1);
    const partial = oddsOf({
      key: 'y',
      name: 'Y',
      divisions: [
        { division: 1, label: 'a', odds: 10 },
        { division: 2, label: 'b' },
      ],
    } as never);
    expect(partial.anyPrize).toBeNull();
    expect(oddsLabel(null, 'en-AU')).toBe('Not published');
    expect(oddsLabel(96.2, 'en-GB')).toBe('1 in 96.2');
  });
});
