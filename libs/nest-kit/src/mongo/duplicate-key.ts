/** MongoDB's duplicate key error (E11000). */
export const DUPLICATE_KEY = 11000;
/** PostgreSQL's unique violation: FerretDB 1.x answers an update that hits a unique index with it. */
const PG_UNIQUE_VIOLATION = '(SQLSTATE 23505)';

/**
 * Whether a unique key refused the write: E11000, or on FerretDB an update's InternalError
 * naming the unique violation (its inserts answer E11000; apps/schools/test/
 * schools-repositories.int-spec.ts shows both).
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: number; message?: unknown } | null;
  return (
    e?.code === DUPLICATE_KEY ||
    (typeof e?.message === 'string' && e.message.includes(PG_UNIQUE_VIOLATION))
  );
}
