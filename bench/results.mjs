// Results under load (issue 3 Measure): GET /api/v2/draws/pricing/default/past (the public results list, page size 5)
// and the server-rendered /lotto-results page, each for 10 s under autocannon against `npm start` on a fresh seeded
// shop (12 weeks of results for every game). Requests go to 127.0.0.1 only.
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
  const page = await fetch(`${base}/lotto-results`);
  if (page.status !== 200) throw new Error(`/lotto-results answered ${page.status}`);

  const run = (opts) => autocannon({ duration: 10, ...opts });
  await run({ url: api, connections: 10, duration: 3, headers }); // warm-up
  const a = await run({ url: api, connections: 50, headers });
  const s = await run({ url: `${base}/lotto-results`, connections: 10 });
  console.log(machine());
  console.log('| what | requests/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| GET /api/v2/draws/pricing/default/past (50 connections) | ${a.requests.average.toFixed(0)} | ${a.latency.p50} | ${a.latency.p99} | ${a.non2xx} |`,
  );
  console.log(
    `| SSR /lotto-results (10 connections) | ${s.requests.average.toFixed(0)} | ${s.latency.p50} | ${s.latency.p99} | ${s.non2xx} |`,
  );
} finally {
  await shop.stop();
  data.remove();
}
