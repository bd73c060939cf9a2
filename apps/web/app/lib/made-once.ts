// What a loader makes of an API answer (a zod parse, a view model), made once per answer. The server-side GET cache
// (spec core §9 lifetimes) hands every request the same answer object until it expires, so under a rush the parse
// and the view model are worth keeping beside it: a WeakMap keyed by the answer drops them when the cache does.
// What is made is frozen, deep: it is shared by every request, so a caller that changed it would change it for all.
const made = new WeakMap<object, Map<(raw: unknown) => unknown, unknown>>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function madeOnce<T>(raw: unknown, make: (raw: unknown) => T): T {
  if (typeof raw !== 'object' || raw === null) return make(raw);
  let byMaker = made.get(raw);
  if (!byMaker) made.set(raw, (byMaker = new Map()));
  if (byMaker.has(make)) return byMaker.get(make) as T;
  const value = deepFreeze(make(raw));
  byMaker.set(make, value);
  return value;
}
