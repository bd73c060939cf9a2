// Run after any change to dependencies (`npm install ...`, then `node scripts/lockfile-platforms.mjs`).
//
// Why: the npm registry this project installs from answers 404 for some packages built for other platforms
// (rollup, tailwind oxide and unrs-resolver binaries for darwin, win32, android, ...). npm then leaves them out of
// package-lock.json entirely, and `npm ci` refuses the lockfile ("Missing: ... from lock file"). This adds an entry
// for every such optional dependency with the os/cpu/libc its name states, so `npm ci` sees a complete lockfile and
// skips them on this platform without fetching anything. On a platform that needs one, npm fetches it as usual.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OSES = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPUS = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OSES.includes(p)) ?? (parts.includes('ohos') ? 'openharmony' : undefined);
  const cpu = parts.find((p) => CPUS.includes(p));
  if (!cpu) return undefined;
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

/** Where Node would find `name` from the package at `from` (walking up nested node_modules). */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i === -1 ? '' : dir.slice(0, i);
  }
}

let added = 0;
const unknown = [];
for (const [location, pkg] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    const platform = platformOf(name);
    if (!platform) {
      unknown.push(`${name} (wanted by ${location || 'the root'})`);
      continue;
    }
    const entry = { version: String(spec).replace(/^[\^~=]/, ''), ...(pkg.dev ? { dev: true } : {}), optional: true };
    if (platform.cpu) entry.cpu = [platform.cpu];
    if (platform.os) entry.os = [platform.os];
    if (platform.libc) entry.libc = [platform.libc];
    packages[`node_modules/${name}`] = entry;
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platforms: added ${added} platform entries`);
if (unknown.length) {
  console.error(`lockfile-platforms: cannot tell the platform of: ${unknown.join(', ')}`);
  process.exit(1);
}
