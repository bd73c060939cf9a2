// The seeded palette meets WCAG 2.2 AA text contrast (4.5:1): text colours on white, mono text on the gold.
import { Theme } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { themeSeed } from './theme.ts';

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('seeded theme', () => {
  it('matches the Theme contract', () => {
    expect(Theme.parse(themeSeed)).toEqual(themeSeed);
  });

  it('every text and action colour reaches 4.5:1 against white', () => {
    const { brandSecondary: _gold, ...textColours } = themeSeed.colours;
    for (const [name, colour] of Object.entries(textColours)) {
      expect(contrast(colour, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('mono text on the brand gold reaches 4.5:1', () => {
    expect(contrast(themeSeed.colours.mono, themeSeed.colours.brandSecondary)).toBeGreaterThanOrEqual(4.5);
  });

  it('the contrast helper tells a failing pair apart', () => {
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
