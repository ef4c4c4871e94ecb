import { randomInt } from 'node:crypto';
import { QID_SPACE } from '@examprep/contracts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The n-th QID of the space, n in [0, 67,600): AA00, AA01, ... ZZ99. */
export function qidAt(n: number): string {
  const digits = n % 100;
  const pair = Math.floor(n / 100);
  return `${LETTERS[Math.floor(pair / 26)]}${LETTERS[pair % 26]}${String(digits).padStart(2, '0')}`;
}

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
