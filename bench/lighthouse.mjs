// Lighthouse 12.8 (mobile, default throttling) performance and accessibility of the pages the rush hits: `/`, a play
// screen, `/cart` and `/lotto-results`, three runs each in Debian's chromium, median reported.
//   node bench/lighthouse.mjs                  the four pages
//   node bench/lighthouse.mjs /powerball       only the pages given
//   LH_RUNS=5 LH_JSON_DIR=/tmp/lh node bench/lighthouse.mjs   more runs; each run's full report saved as JSON
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, machine, median, startShop, tempDataDir } from './lib.mjs';

export const LIGHTHOUSE_PAGES = ['/', '/powerball', '/cart', '/lotto-results'];

export async function lighthouseScores(url, runs = 3, { jsonDir } = {}) {
  const scores = [];
  // A run Lighthouse itself could not record (NO_NAVSTART on a busy machine: no score) is run again, twice at most.
  let retries = 2;
  for (let i = 0; i < runs; i++) {
    const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lh-'));
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      userDataDir,
      chromeFlags: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (result.lhr.runtimeError && retries > 0) {
        retries -= 1;
        i -= 1;
        continue;
      }
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || '_';
        writeFileSync(path.join(jsonDir, `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
      const c = result.lhr.categories;
      scores.push({
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        fcpMs: result.lhr.audits['first-contentful-paint'].numericValue,
        lcpMs: result.lhr.audits['largest-contentful-paint'].numericValue,
        tbtMs: result.lhr.audits['total-blocking-time'].numericValue,
        cls: result.lhr.audits['cumulative-layout-shift'].numericValue,
      });
    } finally {
      await chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  }
  return scores;
}

/** One line per page: the median of each figure over the runs, and the performance scores of every run. */
export function summarise(page, scores) {
  const m = (key) => median(scores.map((s) => s[key]));
  return (
    `| ${page} | ${m('performance')} (${scores.map((s) => s.performance).join(', ')}) | ${m('accessibility')} | ` +
    `${Math.round(m('fcpMs'))} | ${Math.round(m('lcpMs'))} | ${Math.round(m('tbtMs'))} | ${m('cls').toFixed(3)} |`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : LIGHTHOUSE_PAGES;
  const runs = Number(process.env.LH_RUNS ?? 3);
  const data = tempDataDir();
  const shop = await startShop({ dataDir: data.dir, port: await freePort() });
  try {
    const lines = [];
    for (const page of pages) {
      const scores = await lighthouseScores(`${shop.url}${page}`, runs, { jsonDir: process.env.LH_JSON_DIR });
      lines.push(summarise(page, scores));
    }
    console.log(machine());
    console.log(`Lighthouse 12.8 mobile, median of ${runs} runs`);
    console.log('| page | performance (runs) | accessibility | FCP ms | LCP ms | TBT ms | CLS |');
    console.log('|---|---|---|---|---|---|---|');
    for (const line of lines) console.log(line);
  } finally {
    await shop.stop();
    data.remove();
  }
}
