/**
 * Lookups of a key that came from outside — a request, a URL, a stored document, a server
 * answer — in a plain object. `record[key]` also finds what every object inherits from
 * Object.prototype: `objectives['constructor']` is a function and `objectives['__proto__']`
 * is Object.prototype itself, so an unknown key looks known (and then breaks: a 500 on the
 * server, a crashed screen in the browser). These helpers see the object's own properties
 * only. Where a table is built from such keys, build a Map (or use Object.fromEntries, which
 * defines own properties: `record[key] = value` with key '__proto__' replaces the prototype).
 */

/** Whether `record` itself has `key` (never a name inherited from Object.prototype). */
export function hasOwnKey<T extends object>(record: T, key: PropertyKey): key is keyof T {
  return Object.hasOwn(record, key);
}

/** The value `record` itself holds under `key`; undefined for an unknown or inherited key. */
export function ownValue<V>(
  record: Readonly<Record<string, V>> | null | undefined,
  key: string,
): V | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
