// `npm run bench`: every measurement of bench/, one after the other (they share the machine's two cores).
import { execFileSync } from 'node:child_process';
import { repoRoot } from './lib.mjs';

for (const script of ['cold-start.mjs', 'http.mjs', 'lighthouse.mjs']) {
  console.log(`\n# ${script}`);
  execFileSync(process.execPath, [`bench/${script}`], { cwd: repoRoot, stdio: 'inherit' });
}
