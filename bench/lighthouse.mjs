// Lighthouse 12.8 (mobile, default throttling) performance and accessibility of `/`, in Debian's chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, machine, startShop, tempDataDir } from './lib.mjs';

export async function lighthouseScores(url, runs = 3) {
  const scores = [];
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
      const c = result.lhr.categories;
      scores.push({
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const data = tempDataDir();
  const shop = await startShop({ dataDir: data.dir, port: await freePort() });
  try {
    const scores = await lighthouseScores(`${shop.url}/`);
    console.log(machine());
    for (const s of scores) {
      console.log(
        `Lighthouse mobile /: performance ${s.performance}, accessibility ${s.accessibility} (LCP ${Math.round(s.lcpMs)} ms, TBT ${Math.round(s.tbtMs)} ms, CLS ${s.cls.toFixed(3)})`,
      );
    }
  } finally {
    await shop.stop();
    data.remove();
  }
}
