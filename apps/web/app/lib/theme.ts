// CMS theme -> CSS custom properties on :root, rendered by the server in a <style> element so the first paint
// already has the brand colours. Values come from the CMS: anything that could end the declaration or the element
// is refused and the design default is kept.
import type { Theme } from '@shop/contracts';

const SAFE_VALUE = /^[^<>{};\\]{1,200}$/;

export const THEME_DEFAULTS = {
  '--theme-brand-primary': '#0b5d3b',
  '--theme-brand-secondary': '#f2b705',
  '--theme-brand-tertiary': '#e7f3ee',
  '--theme-action-primary': '#0b5d3b',
  '--theme-action-secondary': '#1d3557',
  '--theme-mono': '#1f2933',
  '--theme-success': '#1e7d32',
  '--theme-warning': '#8a5a00',
  '--theme-error': '#b3261e',
  '--theme-radius': '8px',
  '--theme-shadow': '0 2px 8px rgba(0, 0, 0, 0.12)',
  '--theme-font-body': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  '--theme-font-headings': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
} as const;

export type ThemeVariable = keyof typeof THEME_DEFAULTS;

function fontStack(name: string, fallback: string): string {
  const trimmed = name.trim();
  if (!trimmed) return fallback;
  // A full stack ("Inter, system-ui, sans-serif") is used as given; a single family name gets our fallbacks.
  if (trimmed.includes(',')) return trimmed;
  const quoted = /[\s]/.test(trimmed) && !/^["'].*["']$/.test(trimmed) ? `"${trimmed.replace(/"/g, '')}"` : trimmed;
  return `${quoted}, ${fallback}`;
}

export function themeVariables(theme: Theme | null): Record<ThemeVariable, string> {
  const vars: Record<ThemeVariable, string> = { ...THEME_DEFAULTS };
  if (!theme) return vars;
  const set = (name: ThemeVariable, value: string | undefined) => {
    if (value && SAFE_VALUE.test(value)) vars[name] = value.trim();
  };
  const c = theme.colours;
  set('--theme-brand-primary', c.brandPrimary);
  set('--theme-brand-secondary', c.brandSecondary);
  set('--theme-brand-tertiary', c.brandTertiary);
  set('--theme-action-primary', c.actionPrimary);
  set('--theme-action-secondary', c.actionSecondary);
  set('--theme-mono', c.mono);
  set('--theme-success', c.success);
  set('--theme-warning', c.warning);
  set('--theme-error', c.error);
  set('--theme-radius', theme.attributes.borderRadius);
  set('--theme-shadow', theme.attributes.boxShadow);
  set('--theme-font-body', fontStack(theme.typography.body, THEME_DEFAULTS['--theme-font-body']));
  set('--theme-font-headings', fontStack(theme.typography.headings, THEME_DEFAULTS['--theme-font-headings']));
  return vars;
}

export function themeCss(theme: Theme | null): string {
  const vars = themeVariables(theme);
  const body = Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${body}}`;
}
