/**
 * `list` with `item` in it, added or replacing the entry of the same id (`list` itself is not changed).
 * Without `compare` a replaced entry keeps its place and a new one is appended. With `compare` the other entries and then
 * `item` are sorted (a stable sort, so `item` comes after the entries that compare equal to it).
 */
export function upsertBy<T>(list: readonly T[] | undefined, item: T, idOf: (entry: T) => unknown, compare?: (a: T, b: T) => number): T[] {
  const entries = list ?? [];
  const id = idOf(item);
  if (compare) return [...entries.filter((entry) => idOf(entry) !== id), item].sort(compare);
  const known = entries.some((entry) => idOf(entry) === id);
  return known ? entries.map((entry) => (idOf(entry) === id ? item : entry)) : [...entries, item];
}
