import { type Purchases } from './identity';

/** A purchase counts as held when its value is true, 'true' or 1 (admin spec §3). */
export function isPurchaseHeld(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

/**
 * The one "held purchases" rule (admin spec §3, ADR 0018), for every service and the web app.
 *
 * Only held products, as true: values true, 'true' and 1 (legacy documents) are held, any other
 * value is not. Keys from stored data stay own keys ('__proto__' too): a Map, then
 * Object.fromEntries, never `out[key] = …`.
 */
export function heldPurchases(
  raw: Readonly<Record<string, unknown>> | null | undefined,
): Purchases {
  return Object.fromEntries(
    Object.entries(raw ?? {})
      .filter(([, v]) => isPurchaseHeld(v))
      .map(([k]) => [k, true]),
  );
}

/**
 * What a user owns as the API shows it (ADR 0018): the catalog ledger's view decides every
 * product it names — held or revoked —; a legacy value of the user document (from before the
 * ledger) still counts for a product the ledger has never named, so nothing already granted
 * disappears.
 */
export function effectivePurchases(
  legacy: Readonly<Record<string, unknown>> | null | undefined,
  ledger: Readonly<Record<string, unknown>> | null | undefined,
): Purchases {
  const held = new Map(Object.entries(heldPurchases(legacy)));
  for (const [id, value] of Object.entries(ledger ?? {})) {
    if (isPurchaseHeld(value)) held.set(id, true);
    else held.delete(id);
  }
  return Object.fromEntries(held);
}
