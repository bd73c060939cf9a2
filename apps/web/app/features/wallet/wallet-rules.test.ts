import { describe, expect, it } from 'vitest';
import {
  browserDataFromForm,
  cardHolderNameError,
  checkAmount,
  depositPresets,
  offsetOf,
  pageFromParam,
  snapColourDepth,
} from './wallet-rules.ts';

const aud = { currency: 'AUD' as const, locale: 'en-AU' as const, minCents: 1000, maxCents: 500000 };

describe('checkAmount (features §5 form messages)', () => {
  it('accepts a plain amount with up to 2 decimals and returns cents', () => {
    expect(checkAmount('50', aud)).toEqual({ cents: 5000 });
    expect(checkAmount('12.5', aud)).toEqual({ cents: 1250 });
    expect(checkAmount(' 1,000.05 ', aud)).toEqual({ cents: 100005 });
  });

  it('requires a value', () => {
    expect(checkAmount('', aud)).toEqual({ error: 'This field is required.' });
    expect(checkAmount(null, aud)).toEqual({ error: 'This field is required.' });
  });

  it('rejects 3 decimals and non-numbers with the currency format message', () => {
    expect(checkAmount('10.005', aud)).toEqual({ error: 'Amount must follow format e.g: 1.50' });
    expect(checkAmount('ten', aud)).toEqual({ error: 'Amount must follow format e.g: 1.50' });
    expect(checkAmount('1e3', aud)).toEqual({ error: 'Amount must follow format e.g: 1.50' });
  });

  it('rejects zero, negative and below-minimum amounts with the minimum message', () => {
    expect(checkAmount('0', aud)).toEqual({ error: 'Please enter an amount equal to or greater than $10.00.' });
    expect(checkAmount('-20', aud)).toEqual({ error: 'Please enter an amount equal to or greater than $10.00.' });
    expect(checkAmount('9.99', aud)).toEqual({ error: 'Please enter an amount equal to or greater than $10.00.' });
  });

  it('defaults the minimum to 0.01 and names the maximum when above it', () => {
    expect(checkAmount('0', { currency: 'AUD', locale: 'en-AU' })).toEqual({
      error: 'Please enter an amount equal to or greater than $0.01.',
    });
    expect(checkAmount('5000.01', aud)).toEqual({ error: 'Please enter an amount equal to or less than $5,000.00.' });
  });

  it('uses the pound sign for pounds (en-GB labels)', () => {
    expect(checkAmount('1', { currency: 'GBP', locale: 'en-GB', minCents: 500 })).toEqual({
      error: 'Please enter an amount equal to or greater than £5.00.',
    });
  });
});

describe('depositPresets', () => {
  it('keeps the presets inside the method limits', () => {
    expect(depositPresets({ minCents: 1500, maxCents: 6000 })).toEqual([2000, 5000]);
    expect(depositPresets({})).toEqual([1000, 2000, 5000, 10000]);
  });
});

describe('cardHolderNameError', () => {
  it('rejects a name holding 13 or more digits and an empty name', () => {
    expect(cardHolderNameError('4111 1111 1111 1111')).toBe("Please enter the card holder's name.");
    expect(cardHolderNameError('Jo 1234567890123')).toBe("Please enter the card holder's name.");
    expect(cardHolderNameError('  ')).toBe('This field is required.');
    expect(cardHolderNameError('Jo Citizen 3rd 123456789012')).toBe("Please enter the card holder's name.");
    expect(cardHolderNameError('Jo Citizen 12')).toBeNull();
  });
});

describe('3-D Secure browser data (features §9)', () => {
  it('snaps the colour depth to an accepted value', () => {
    expect(snapColourDepth(24)).toBe(24);
    expect(snapColourDepth(30)).toBe(32);
    expect(snapColourDepth(2)).toBe(1);
    expect(snapColourDepth(64)).toBe(48);
  });

  it('reads the posted fields, snapping the depth and falling back on junk', () => {
    const form = new FormData();
    form.set('browserJavascript', 'true');
    form.set('browserColourDepth', '23');
    form.set('browserScreenWidth', '375');
    form.set('browserScreenHeight', 'tall');
    form.set('browserLanguage', '<script>');
    form.set('browserTimezoneOffset', '-600');
    const data = browserDataFromForm(form, 'https://shop.example');
    expect(data).toMatchObject({
      javascriptEnabled: true,
      javaEnabled: false,
      colourDepth: 24,
      screenWidth: 375,
      screenHeight: 800,
      language: 'en-AU',
      timezoneOffset: -600,
      challengeWindowSize: '05',
      notificationUrl: 'https://shop.example/3ds/notify',
    });
  });
});

describe('paging (features §5)', () => {
  it('parses pages of at least 1 and computes the offset', () => {
    expect(pageFromParam(undefined)).toBe(1);
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam('0')).toBeNull();
    expect(pageFromParam('2x')).toBeNull();
    expect(offsetOf(3, 10)).toBe(20);
  });
});
