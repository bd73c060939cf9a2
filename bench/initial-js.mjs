// Initial JavaScript of a page: every script the browser downloads before any interaction (until the network is
// idle after load), in Debian's chromium at a phone's width. Prints each file with its gzip size (the budget's unit:
// the .gz the web build writes beside each bundle) and what actually went over the wire (brotli when accepted).
//   node bench/initial-js.mjs            `/`, budget 120 KB gzip: exits 1 when over
//   node bench/initial-js.mjs /powerball /cart
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, machine, repoRoot, startShop, tempDataDir } from './lib.mjs';

export const INITIAL_JS_BUDGET_BYTES = 120 * 1024;
const clientDir = path.join(repoRoot, 'apps/web/build/client');

function gzipSize(pathname) {
  const file = path.join(clientDir, pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : null;
}

export async function initialScripts(browser, url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes().catch(() => null);
    scripts.push({ pathname: new URL(request.url()).pathname, wire: sizes ? sizes.responseBodySize : 0 });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return scripts.map((s) => ({ ...s, gzip: gzipSize(s.pathname) ?? s.wire }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
  const data = tempDataDir();
  const shop = await startShop({ dataDir: data.dir, port: await freePort() });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  let over = false;
  try {
    console.log(machine());
    for (const pagePath of pages) {
      const scripts = await initialScripts(browser, `${shop.url}${pagePath}`);
      const kb = (n) => (n / 1024).toFixed(1);
      const gzip = scripts.reduce((a, s) => a + s.gzip, 0);
      const wire = scripts.reduce((a, s) => a + s.wire, 0);
      console.log(`\n${pagePath}: ${scripts.length} scripts, ${kb(gzip)} KB gzip, ${kb(wire)} KB on the wire`);
      for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${kb(s.gzip).padStart(6)} KB  ${s.pathname}`);
      if (pagePath === '/' && gzip > INITIAL_JS_BUDGET_BYTES) {
        over = true;
        console.log(`  over the budget of ${kb(INITIAL_JS_BUDGET_BYTES)} KB gzip`);
      }
    }
  } finally {
    await browser.close();
    await shop.stop();
    data.remove();
  }
  if (over) process.exitCode = 1;
}
