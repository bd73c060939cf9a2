// Content pages SSR under load (issue 18 Measure): GET /blog and a managed page (/about), requests/s and p99 with the
// caches warm, against the home page's rate (target: each within 80 % of it). The machine is shared: compare the
// ratios more than the absolute numbers.
import autocannon from 'autocannon';
import { freePort, machine, startShop, tempDataDir } from './lib.mjs';

const PAGES = ['/', '/blog', '/about', '/blog/how-system-entries-work'];

async function measure(base, path) {
  // Warm: the web's GET cache and the API's in-memory content caches fill on the first requests.
  for (let i = 0; i < 10; i++) await (await fetch(`${base}${path}`)).text();
  const r = await autocannon({ url: `${base}${path}`, connections: 10, duration: 10 });
  return { path, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

export async function contentBench(base) {
  const results = [];
  for (const path of PAGES) results.push(await measure(base, path));
  const home = results[0].rps;
  return results.map((r) => ({ ...r, vsHome: home ? r.rps / home : null }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const data = tempDataDir();
  const shop = await startShop({ dataDir: data.dir, port: await freePort(), env: { RATE_LIMIT_MAX: '100000000' } });
  try {
    const results = await contentBench(shop.url);
    console.log(JSON.stringify({ machine: machine(), content: results }, null, 2));
    for (const r of results)
      console.log(
        `${r.path.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ${(100 * r.vsHome).toFixed(0)} % of home${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ''}`,
      );
  } finally {
    await shop.stop();
    data.remove();
  }
}
