// Exact small-integer combinatorics (results stay far below 2^53 for every game here: C(59,6) x C(20,1) tops out
// near 9e8).

const binomialCache = new Map<number, number>();

/** C(n, k); 0 outside 0 <= k <= n. */
export function binomial(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n) return 0;
  const key = n * 128 + k;
  const cached = binomialCache.get(key);
  if (cached !== undefined) return cached;
  let result = 1;
  const kk = Math.min(k, n - k);
  for (let i = 1; i <= kk; i++) result = (result * (n - kk + i)) / i;
  result = Math.round(result);
  binomialCache.set(key, result);
  return result;
}

/** Ordered selections P(n, r) = n! / (n - r)!. */
export function permutations(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let result = 1;
  for (let i = 0; i < r; i++) result *= n - i;
  return result;
}

/** All k-subsets of `items`, in lexicographic index order. */
export function* combinations<T>(items: readonly T[], k: number): Generator<T[]> {
  const n = items.length;
  if (k > n || k < 0) return;
  const idx = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    yield idx.map((i) => items[i]!);
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

/** All orderings of `items` (Heap's algorithm). */
export function permutationsOf<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  const a = [...items];
  const c = new Array<number>(a.length).fill(0);
  out.push([...a]);
  let i = 0;
  while (i < a.length) {
    if (c[i]! < i) {
      const j = i % 2 === 0 ? 0 : c[i]!;
      [a[j], a[i]] = [a[i]!, a[j]!];
      out.push([...a]);
      c[i]!++;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
  return out;
}
