// After `react-router build`: write .br and .gz beside every fingerprinted asset, at the highest levels, once.
// @fastify/static serves them (preCompressed), so no request pays for compression and phones get the smallest files.
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
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files++;
  raw += body.length;
  br += brotli.length;
}
console.log(`precompressed ${files} assets: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`);
