// After `react-router build`: write .br and .gz beside every fingerprinted asset, at the highest levels, once.
// @fastify/static serves them (preCompressed), so no request pays for compression and phones get the smallest files.
// The .gz files are Zopfli's (ADR 097): the same gzip format any client reads, about 3 % smaller than zlib's level 9,
// at a cost paid once per build (a few seconds).
import { gzipAsync } from '@gfx/zopfli';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/client/assets');
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map)$/;

let files = 0;
let raw = 0;
let br = 0;
for (const name of fs.readdirSync(assets)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assets, name);
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, await gzipAsync(body, { numiterations: 15 }));
  files++;
  raw += body.length;
  br += brotli.length;
}
console.log(`precompressed ${files} assets: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`);
