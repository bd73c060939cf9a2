import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Money } from './common.ts';
import {
  MAX_WIRE_CENTS,
  centsToDecimalString,
  formatCurrency,
  formatJackpotAmount,
  fromCents,
  moneyToCents,
  toCents,
  toMoney,
} from './money.ts';

const wireCents = fc.integer({ min: -MAX_WIRE_CENTS, max: MAX_WIRE_CENTS });

/** Reads a formatted amount back: keep the sign, digits and decimal point, drop symbols and grouping. */
function parseFormatted(text: string): number {
  return toCents(text.replace(/[^\d.-]/g, ''));
}

describe('toCents', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.01', 1],
    ['0.1', 10],
    ['.5', 50],
    ['7.', 700],
    ['-3.07', -307],
    ['+3.07', 307],
    ['-0.00', 0],
    ['12.500', 1250],
    ['000123.40', 12340],
    ['1e2', 10000],
    ['1.5e1', 1500],
    ['1234e-2', 1234],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('parses the decimal string %s exactly', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each([
    [12.5, 1250],
    [0.07, 7],
    [1.15, 115],
    [4.35, 435],
    [1e2, 10000],
    [5e-2, 5],
    [-0, 0],
    [70368744177663.99, MAX_WIRE_CENTS],
  ])('parses the number %s through its shortest text, not float multiplication', (input, cents) => {
    // 1.15 * 100 === 114.99999999999999 and 4.35 * 100 === 434.99999999999994: naive scaling gets these wrong.
    expect(toCents(input)).toBe(cents);
    expect(Object.is(toCents(input), -0)).toBe(false);
  });

  it.each([['0.001'], ['12.345'], ['1e-3'], ['12.301']])('rejects %s: more than 2 decimal places', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });

  it('rejects a float sum that is not a 2-place amount', () => {
    expect(() => toCents(0.1 + 0.2)).toThrow(/more than 2 decimal places/);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])('rejects %s', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });

  it.each([
    [''],
    ['abc'],
    ['1,000.00'],
    [' 12'],
    ['12 '],
    ['$12'],
    ['1_000'],
    ['-'],
    ['.'],
    ['NaN'],
    ['Infinity'],
    ['0x10'],
  ])('rejects the non-decimal string %j', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });

  it('property: a third decimal that is not zero is always rejected, never rounded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 9 }), (cents, extra) => {
        const text = `${centsToDecimalString(cents)}${extra}`;
        expect(() => toCents(text)).toThrow(RangeError);
        expect(toCents(`${centsToDecimalString(cents)}0`)).toBe(cents);
      }),
    );
  });

  it('rejects amounts beyond Number.MAX_SAFE_INTEGER cents', () => {
    expect(() => toCents('90071992547409.92')).toThrow(RangeError);
    expect(() => toCents('-90071992547409.92')).toThrow(RangeError);
    expect(() => toCents('1e30')).toThrow(RangeError);
    expect(() => toCents(1e300)).toThrow(RangeError);
  });
});

describe('fromCents', () => {
  it('gives the wire decimal', () => {
    expect(fromCents(1250)).toBe(12.5);
    expect(fromCents(1)).toBe(0.01);
    expect(fromCents(-307)).toBe(-3.07);
    expect(fromCents(0)).toBe(0);
    expect(Object.is(fromCents(-0), -0)).toBe(false);
    expect(fromCents(123456789n)).toBe(1234567.89);
    expect(fromCents(MAX_WIRE_CENTS)).toBe(70368744177663.99);
  });

  it('refuses cents a wire number cannot hold to the cent', () => {
    // 9007199254740991 / 100 prints as 90071992547409.9: one cent lost. fromCents must refuse instead.
    expect(() => fromCents(MAX_WIRE_CENTS + 1)).toThrow(RangeError);
    expect(() => fromCents(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
    expect(() => fromCents(-MAX_WIRE_CENTS - 1)).toThrow(RangeError);
    expect(() => fromCents(2n ** 60n)).toThrow(RangeError);
  });

  it('refuses fractional or unsafe cents', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => fromCents(Number.NaN)).toThrow(RangeError);
    expect(() => fromCents(2 ** 60)).toThrow(RangeError);
  });

  it('property: toCents(fromCents(x)) === x for every cent value the wire carries', () => {
    fc.assert(
      fc.property(wireCents, (cents) => toCents(fromCents(cents)) === cents),
      { numRuns: 5000 },
    );
  });

  it('property: the wire amount prints with at most 2 decimals and passes the Money contract', () => {
    fc.assert(
      fc.property(wireCents, (cents) => {
        const amount = fromCents(cents);
        expect(String(amount)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(Money.safeParse({ amount, currency: 'AUD' }).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: bigint and number cents give the same amount', () => {
    fc.assert(fc.property(wireCents, (cents) => fromCents(BigInt(cents)) === fromCents(cents)));
  });
});

describe('toMoney / moneyToCents', () => {
  it('converts to and from the wire shape', () => {
    expect(toMoney(202050, 'AUD')).toEqual({ amount: 2020.5, currency: 'AUD' });
    expect(toMoney(5n, 'GBP')).toEqual({ amount: 0.05, currency: 'GBP' });
    expect(moneyToCents({ amount: 2020.5, currency: 'AUD' })).toBe(202050);
  });

  it('property: moneyToCents(toMoney(x)) === x', () => {
    fc.assert(
      fc.property(wireCents, fc.constantFrom('AUD' as const, 'GBP' as const), (cents, currency) => {
        const money = toMoney(cents, currency);
        return money.currency === currency && moneyToCents(money) === cents;
      }),
    );
  });
});

describe('centsToDecimalString', () => {
  it('is exact for every safe integer, beyond what a double amount holds', () => {
    expect(centsToDecimalString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(100)).toBe('1.00');
  });

  it('property: toCents reads it back', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (cents) => toCents(centsToDecimalString(cents)) === cents));
  });
});

describe('formatCurrency', () => {
  it('shows 2 decimals in en-AU by default', () => {
    expect(formatCurrency(123450, 'AUD')).toBe('$1,234.50');
    expect(formatCurrency(0, 'AUD')).toBe('$0.00');
    expect(formatCurrency(5, 'AUD')).toBe('$0.05');
    expect(formatCurrency(-1205, 'AUD')).toBe('-$12.05');
    expect(formatCurrency(2_000_000_000, 'AUD', 'en-AU')).toBe('$20,000,000.00');
  });

  it('shows £ for GBP', () => {
    expect(formatCurrency(1200, 'GBP', 'en-GB')).toBe('£12.00');
    expect(formatCurrency(1200, 'GBP', 'en-AU')).toBe('£12.00');
    expect(formatCurrency(123456, 'GBP', 'en-GB')).toBe('£1,234.56');
  });

  it('keeps every cent of amounts beyond the double-exact range', () => {
    expect(formatCurrency(Number.MAX_SAFE_INTEGER, 'AUD')).toBe('$90,071,992,547,409.91');
    expect(formatCurrency(2n ** 53n - 1n, 'AUD')).toBe('$90,071,992,547,409.91');
  });

  it('property: formatted strings round-trip to the same cents', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        fc.constantFrom('AUD' as const, 'GBP' as const),
        fc.constantFrom('en-AU', 'en-GB'),
        (cents, currency, locale) => {
          const text = formatCurrency(cents, currency, locale);
          expect(text).toMatch(/\.\d{2}$/);
          expect(parseFormatted(text)).toBe(cents);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('formatJackpotAmount', () => {
  it('shows 0 decimals', () => {
    expect(formatJackpotAmount(2_000_000_000, 'AUD')).toBe('$20,000,000');
    expect(formatJackpotAmount(100_000, 'GBP', 'en-GB')).toBe('£1,000');
    expect(formatJackpotAmount(0, 'AUD')).toBe('$0');
  });

  it('drops cents rather than rounding a prize up', () => {
    expect(formatJackpotAmount(99_999, 'AUD')).toBe('$999');
    expect(formatJackpotAmount(150, 'AUD')).toBe('$1');
  });

  it('property: the formatted jackpot is the whole-dollar part of the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = formatJackpotAmount(cents, 'AUD');
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*$/);
        expect(parseFormatted(text)).toBe(cents - (cents % 100));
      }),
      { numRuns: 2000 },
    );
  });
});
