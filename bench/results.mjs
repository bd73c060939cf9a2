// Results and catalogue under load (issue 3 Measure, issue 22 item 6): GET /api/v2/draws/pricing/default/past (the
// public results list, page size 5) and the server-rendered /lotto-results page and /powerball play screen (warm
// caches: each is read before it is measured), each for BENCH_SECONDS (default 10) under autocannon against
// `npm start` on a fresh seeded shop (12 weeks of results for every game). Requests go to 127.0.0.1 only;
// SHOP_WORKERS is passed through to scripts/start.mjs.
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { BENCH_APP_SECRET, freePort, machine, startShop, tempDataDir } from './lib.mjs';

function signedHeaders(appKey, secret) {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', secret).update(`${ts}${appKey}`).digest('hex');
  return { 'x-app-key': appKey, 'x-timestamp': ts, 'x-signature': sig };
}

const data = tempDataDir();
const port = await freePort();
const shop = await startShop({ dataDir: data.dir, port, env: { JOBS_ENABLED: 'false', RATE_LIMIT_MAX: '100000000' } });
try {
  const base = `http://127.0.0.1:${port}`;
  const api = `${base}/api/v2/draws/pricing/default/past?limit=5&offset=0`;
  const headers = signedHeaders('web', BENCH_APP_SECRET);
  const check = await fetch(api, { headers });
  if (check.status !== 200) throw new Error(`${api} answered ${check.status}`);
  const pages = ['/lotto-results', '/powerball'];
  for (const path of pages) {
    const page = await fetch(`${base}${path}`);
    if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  }

  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  const run = (opts) => autocannon({ duration, ...opts });
  await run({ url: api, connections: 10, duration: 3, headers }); // warm-up
  const a = await run({ url: api, connections: 50, headers });
  const rows = [
    `| GET /api/v2/draws/pricing/default/past (50 connections) | ${a.requests.average.toFixed(0)} | ${a.latency.p50} | ${a.latency.p99} | ${a.non2xx} |`,
  ];
  for (const path of pages) {
    const s = await run({ url: `${base}${path}`, connections: 10 });
    rows.push(
      `| SSR ${path} (10 connections) | ${s.requests.average.toFixed(0)} | ${s.latency.p50} | ${s.latency.p99} | ${s.non2xx} |`,
    );
  }
  console.log(machine());
  console.log('| what | requests/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await shop.stop();
  data.remove();
}
