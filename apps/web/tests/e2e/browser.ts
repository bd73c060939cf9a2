// Chromium for the journeys (playwright-core driving Debian's /usr/bin/chromium), a fresh profile per context.
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * bypassCSP only for injecting axe-core: every other journey runs under the real Content-Security-Policy.
 * javaScriptEnabled: false for journeys of a visitor whose browser runs no script.
 */
export interface BrowserOptions {
  bypassCSP?: boolean;
  javaScriptEnabled?: boolean;
}

export async function openBrowser(viewport = DESKTOP, opts: BrowserOptions = {}): Promise<OpenBrowser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
    bypassCSP: opts.bypassCSP ?? false,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    baseUrl: inject('baseUrl'),
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * The number of elements a locator finds, asked again until the assertion holds (10 s): after a client navigation
 * the address changes before React has rendered the new page, so a count taken at once can still see the old one.
 */
export function settledCount(locator: Locator) {
  return expect.poll(() => locator.count(), { timeout: 10_000, interval: 100 });
}

/** The consent banner sits over the bottom of a phone screen until answered. */
export async function answerConsent(page: Page): Promise<void> {
  const banner = page.getByTestId('cookie-consent');
  if ((await banner.count()) === 0) return;
  await banner.getByRole('button', { name: 'Essential only' }).click();
  await banner.waitFor({ state: 'detached' });
}

export function screenshotPath(name: string): string {
  const dir = path.join(inject('repoRoot'), 'tmp/screens');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/**
 * Full-page screenshots of the current page at 375 px (or the phone viewport given) and 1280 px wide:
 * `{dir}/{name}-375.png`, `-1280.png`.
 */
export async function shootBothWidths(page: Page, dir: string, name: string, phone = PHONE): Promise<void> {
  for (const [label, viewport] of [
    [String(phone.width), phone],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
}

/** axe-core's serious and critical violations on the current page. */
export async function axeViolations(
  page: Page,
): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  const source = readFileSync(path.join(inject('repoRoot'), 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/**
 * A browser per test, closed after it, that collects page errors and console errors so a journey can assert there
 * were none. Call once at the top of a test file: `const browse = useBrowser();`.
 */
export function useBrowser() {
  let open: OpenBrowser | null = null;
  afterEach(async () => {
    await open?.close();
    open = null;
  });
  return async (viewport = DESKTOP, opts: BrowserOptions = {}) => {
    open = await openBrowser(viewport, opts);
    const errors: string[] = [];
    open.page.on('pageerror', (e) => errors.push(e.message));
    open.page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return { ...open, errors };
  };
}
