// Scoring throughput of packages/lottery: 10,000,000 standard Oz Lotto games through the batch scorer (and 1,000,000
// through the bigint path), and 100,000 System 12 entries (792 games each) counted combinatorially.
// Run: node --import tsx bench/scoring.mjs
import { performance } from 'node:perf_hooks';
import {
  WORDS_PER_LINE,
  createScorer,
  getGame,
  quickPick,
  scoreEntry,
  seededRandom,
  simulateResult,
  writeLine,
  encodeLine,
  gamesInEntry,
} from '@shop/lottery';

const game = getGame('oz-lotto');
const rng = seededRandom(20_240_521);
const result = simulateResult(game, rng);
const scorer = createScorer(game, result);

// Distinct random lines, repeated to fill the buffer: encoding is not what is measured.
const DISTINCT = 100_000;
const LINES = 10_000_000;
const buffer = new Uint32Array(LINES * WORDS_PER_LINE);
for (let i = 0; i < DISTINCT; i++) writeLine(game, quickPick(game, rng), buffer, i);
for (let filled = DISTINCT; filled < LINES; filled *= 2)
  buffer.copyWithin(filled * WORDS_PER_LINE, 0, Math.min(filled, LINES - filled) * WORDS_PER_LINE);
const out = new Uint8Array(LINES);

const rows = [];
function measure(name, games, fn) {
  fn(); // warm-up
  const start = performance.now();
  const winners = fn();
  const seconds = (performance.now() - start) / 1000;
  rows.push({
    case: name,
    games,
    seconds: Number(seconds.toFixed(3)),
    'games/s': Math.round(games / seconds),
    winners,
  });
}

measure('Oz Lotto standard, batch (Uint32Array)', LINES, () => scorer.batch(buffer, out, LINES));

const BIGINT_LINES = 1_000_000;
const encoded = Array.from({ length: DISTINCT }, (_, i) =>
  encodeLine(game, { sets: { numbers: quickPick(game, seededRandom(i)).sets.numbers } }),
);
measure('Oz Lotto standard, bigint scorer', BIGINT_LINES, () => {
  let winners = 0;
  for (let i = 0; i < BIGINT_LINES; i++) if (scorer(encoded[i % DISTINCT]) !== null) winners++;
  return winners;
});

const ENTRIES = 100_000;
const systems = Array.from({ length: 1_000 }, () => quickPick(game, rng, 'system', { size: 12 }));
const perEntry = gamesInEntry(game, systems[0]);
measure('Oz Lotto System 12, combinatorial', ENTRIES * perEntry, () => {
  let winners = 0;
  for (let i = 0; i < ENTRIES; i++)
    for (const count of scoreEntry(game, result, systems[i % systems.length]).values()) winners += count;
  return winners;
});

console.table(rows);
console.log(`target: >= 20,000,000 games/s (System 12 = ${perEntry} games per entry)`);
