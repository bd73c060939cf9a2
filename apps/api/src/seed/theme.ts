// Seeded CMS theme. Every text colour reaches WCAG AA contrast (4.5:1) on white; brandSecondary (gold) is a
// background for mono text. theme.test.ts checks both.
import type { Theme } from '@shop/contracts';

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${body}</svg>`)}`;
const mark = (fill: string, ink: string) =>
  svg(
    `<rect width="40" height="40" rx="9" fill="${fill}"/><circle cx="11" cy="13" r="6" fill="${ink}"/><circle cx="29" cy="13" r="6" fill="${ink}"/><ellipse cx="20" cy="23" rx="11" ry="10" fill="${ink}"/><ellipse cx="20" cy="25" rx="3.5" ry="4.5" fill="${fill}"/>`,
  );

export const themeSeed: Theme = {
  attributes: {
    borderRadius: '0.5rem',
    boxShadow: '0 1px 3px rgba(31, 41, 51, 0.16), 0 4px 12px rgba(31, 41, 51, 0.08)',
  },
  colours: {
    brandPrimary: '#0b5d3b',
    brandSecondary: '#f4c542',
    brandTertiary: '#1b3a6b',
    actionPrimary: '#0a6640',
    actionSecondary: '#1d4f91',
    mono: '#1f2933',
    success: '#1e6b34',
    warning: '#8a4b00',
    error: '#b3261e',
  },
  logos: {
    default: mark('#0b5d3b', '#ffffff'),
    white: mark('#ffffff', '#0b5d3b'),
    navbar: mark('#0b5d3b', '#f4c542'),
  },
  metaImages: {
    favicon: mark('#0b5d3b', '#ffffff'),
    appleTouch: mark('#0b5d3b', '#ffffff'),
    ogImage: mark('#0b5d3b', '#f4c542'),
  },
  motifs: ['gum-leaf', 'confetti'],
  typography: {
    fonts: ['system-ui', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
    headings: "'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    styleSheetUrl: null,
  },
};
