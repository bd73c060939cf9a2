// SSR TTFB of `/` (median of 20), JS shipped by `/` (gzip), and GET /api/v2/config under autocannon.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { BENCH_APP_SECRET, freePort, machine, median, startShop, tempDataDir } from './lib.mjs';

function ttfb(url) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(url, { headers: { 'accept-encoding': 'identity' } }, (res) => {
      const first = performance.now() - start;
      res.resume();
      res.on('end', () => resolve({ ms: first, status: res.statusCode }));
    });
    req.on('error', reject);
  });
}

export async function jsShipped(base) {
  const html = await (await fetch(`${base}/`)).text();
  const srcs = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) srcs.add(m[1]);
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    br += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  return {
    files: srcs.size,
    rawKB: raw / 1024,
    gzipKB: gz / 1024,
    brotliKB: br / 1024,
    inlineGzipKB: gzipSync(Buffer.from(inline)).length / 1024,
  };
}

function signedHeaders(appKey, secret) {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', secret).update(`${ts}${appKey}`).digest('hex');
  return { 'x-app-key': appKey, 'x-timestamp': ts, 'x-signature': sig };
}

export async function httpBench(base) {
  for (let i = 0; i < 5; i++) await ttfb(`${base}/`); // warm-up
  const samples = [];
  for (let i = 0; i < 20; i++) samples.push((await ttfb(`${base}/`)).ms);
  const js = await jsShipped(base);
  const headers = signedHeaders('web', BENCH_APP_SECRET);
  const check = await fetch(`${base}/api/v2/config`, { headers });
  if (check.status !== 200) throw new Error(`GET /api/v2/config answered ${check.status}`);
  const result = await autocannon({ url: `${base}/api/v2/config`, connections: 50, duration: 10, headers });
  const pages = await autocannon({ url: `${base}/`, connections: 10, duration: 10 });
  return {
    ttfbMedianMs: median(samples),
    ttfbMinMs: Math.min(...samples),
    ttfbMaxMs: Math.max(...samples),
    js,
    pages: { rps: pages.requests.average, p50: pages.latency.p50, p99: pages.latency.p99, non2xx: pages.non2xx },
    config: {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const data = tempDataDir();
  // The rate limit protects the real shop; the load test measures raw throughput from one IP, so it is raised here.
  const shop = await startShop({ dataDir: data.dir, port: await freePort(), env: { RATE_LIMIT_MAX: '100000000' } });
  try {
    const r = await httpBench(shop.url);
    console.log(machine());
    console.log(
      `SSR TTFB of / : median ${r.ttfbMedianMs.toFixed(1)} ms (min ${r.ttfbMinMs.toFixed(1)}, max ${r.ttfbMaxMs.toFixed(1)}) over 20 requests`,
    );
    console.log(
      `JS shipped by / : ${r.js.files} files, ${r.js.rawKB.toFixed(1)} KB raw, ${r.js.gzipKB.toFixed(1)} KB gzip, ${r.js.brotliKB.toFixed(1)} KB brotli as served (+ ${r.js.inlineGzipKB.toFixed(1)} KB inline gzip)`,
    );
    console.log(
      `GET / (full SSR page), autocannon 10 connections 10 s: ${Math.round(r.pages.rps)} pages/s, p50 ${r.pages.p50} ms, p99 ${r.pages.p99} ms, non-2xx ${r.pages.non2xx}`,
    );
    console.log(
      `GET /api/v2/config, autocannon 50 connections 10 s: ${Math.round(r.config.rps)} req/s, p50 ${r.config.p50} ms, p99 ${r.config.p99} ms, non-2xx ${r.config.non2xx}, errors ${r.config.errors}`,
    );
  } finally {
    await shop.stop();
    data.remove();
  }
}
