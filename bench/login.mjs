// Login throughput (issue 4 "Measure"): POST /api/v2/login requests/s and p99 with argon2id at the configured cost
// (default OWASP m=19456 KiB, t=2, p=1), driven by autocannon against an in-process server on the embedded database;
// and memory per concurrent login (peak RSS growth while N logins hash at once, divided by N).
// Runs under tsx (it imports the API's TypeScript): node --import tsx bench/login.mjs. Numbers are reported only.
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/env.ts';
import { migrate, openDatabase } from '../apps/api/src/db/index.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { signRequest, unixSeconds } from '../apps/api/src/lib/signature.ts';
import { createServices } from '../apps/api/src/services.ts';
import { machine, tempDataDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CLIENTS ?? 8);
const PASSWORD = 'bench passphrase for login';

const data = tempDataDir();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: undefined,
  DATA_DIR: data.dir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000000',
  AUTH_SECRET: 'bench-auth-secret-0123456789abcdef0123456789',
});
const database = await openDatabase(config, { forTests: false });
try {
  await migrate(database);
  const services = createServices({ database, clock: { now: () => new Date() }, config, liveCaches: true });
  const app = await buildApp({ services, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = app.server.address().port;
  const body = (email) => ({
    firstname: 'Bench',
    lastname: 'User',
    email,
    password: PASSWORD,
    dateOfBirth: '1980-01-01',
    phone: '0412 345 678',
    address: '1 Bench St',
    addressLine2: '',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'AU',
    marketingConsent: false,
    termsAndConditions: true,
    metadata: { platform: 'Web' },
  });
  // A few accounts, so logins do not all update one customer row.
  const emails = Array.from({ length: 8 }, (_, i) => `bench${i}.${Date.now()}@example.test`);
  for (const email of emails) await services.identity.signup.signup(body(email), { ip: '127.0.0.1' });

  const [appKey, secret] = Object.entries(config.appKeys)[0];
  const timestamp = unixSeconds(new Date());
  const headers = {
    'content-type': 'application/json',
    'x-app-key': appKey,
    'x-timestamp': String(timestamp),
    'x-signature': signRequest({ timestamp, appKey, secret }),
  };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/v2/login`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: emails.map((email) => ({ method: 'POST', headers, body: JSON.stringify({ email, password: PASSWORD }) })),
  });
  const non2xx = result.non2xx;

  // Memory per concurrent login: peak RSS growth while N password logins run at once.
  const concurrency = 8;
  if (global.gc) global.gc();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  await Promise.all(
    Array.from({ length: concurrency }, (_, i) =>
      services.identity.login.loginWithPassword(emails[i % emails.length], PASSWORD, { ip: '127.0.0.1' }),
    ),
  );
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const a = config.argon2;
  console.log(
    `login (argon2id m=${a.memoryKib} KiB, t=${a.timeCost}, p=${a.parallelism}; ${CONNECTIONS} connections, ${SECONDS}s; ${machine()})`,
  );
  console.log(
    `  ${result.requests.average.toFixed(1)} logins/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${non2xx}, errors ${result.errors}`,
  );
  console.log(
    `  memory: peak RSS +${((peak - base) / 1024 / 1024).toFixed(1)} MiB for ${concurrency} concurrent logins = ${((peak - base) / 1024 / 1024 / concurrency).toFixed(1)} MiB per login (argon2 needs ${(a.memoryKib / 1024).toFixed(1)} MiB each; libuv runs 4 at once)`,
  );
  await app.close();
} finally {
  await database.close();
  data.remove();
}
