// `npm run bench`: every measurement of bench/, one after the other (they share the machine's two cores).
import { execFileSync } from 'node:child_process';
import { repoRoot } from './lib.mjs';

for (const script of ['cold-start.mjs', 'http.mjs', 'content.mjs', 'results.mjs', 'lighthouse.mjs']) {
  console.log(`\n# ${script}`);
  execFileSync(process.execPath, [`bench/${script}`], { cwd: repoRoot, stdio: 'inherit' });
}

// The engine bench imports TypeScript sources, so it runs under tsx.
console.log('\n# scoring.mjs');
execFileSync(process.execPath, ['--import', 'tsx', 'bench/scoring.mjs'], { cwd: repoRoot, stdio: 'inherit' });

console.log('\n# wallet.mjs');
execFileSync(process.execPath, ['--import', 'tsx', 'bench/wallet.mjs'], { cwd: repoRoot, stdio: 'inherit' });

// Settlement registers tsx itself (it imports the API's TypeScript sources).
console.log('\n# settlement.mjs');
execFileSync(process.execPath, ['bench/settlement.mjs'], { cwd: repoRoot, stdio: 'inherit' });

console.log('\n# login.mjs');
execFileSync(process.execPath, ['--import', 'tsx', 'bench/login.mjs'], { cwd: repoRoot, stdio: 'inherit' });

console.log('\n# checkout.mjs');
execFileSync(process.execPath, ['--import', 'tsx', 'bench/checkout.mjs'], { cwd: repoRoot, stdio: 'inherit' });

// The rush: browsing, carts, purchases, the close and the results rush at once; exits non-zero (and so does
// `npm run bench`) when a correctness check fails.
console.log('\n# rush.mjs');
execFileSync(process.execPath, ['--import', 'tsx', 'bench/rush.mjs'], { cwd: repoRoot, stdio: 'inherit' });
