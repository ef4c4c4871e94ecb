import { randomInt } from 'node:crypto';
import { qidAt, QID_SPACE } from '@examprep/contracts';

export { qidAt };

/** A random QID (two uppercase letters, two digits; admin spec §3). */
export function randomQid(random: (max: number) => number = (max) => randomInt(max)): string {
  return qidAt(random(QID_SPACE));
}

/** A random QID not in `taken`, or null when every one is taken. */
export function randomFreeQid(
  taken: ReadonlySet<string>,
  random: (max: number) => number = (max) => randomInt(max),
): string | null {
  const free = QID_SPACE - taken.size;
  if (free <= 0) return null;
  let skip = random(free);
  for (let n = 0; n < QID_SPACE; n++) {
    const qid = qidAt(n);
    if (taken.has(qid)) continue;
    if (skip-- === 0) return qid;
  }
  return null;
}
