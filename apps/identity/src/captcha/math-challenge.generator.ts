/**
 * The contact challenge's question (learner spec §2 Dashboard "Contact", §4): a small sum,
 * difference or product whose answer is a non-negative integer a person works out at a
 * glance. Pure and seeded, so a stored seed replays its question (DESIGN.md §5).
 */

export type MathOperator = '+' | '-' | '×';

export interface MathChallenge {
  /** e.g. 'What is 7 + 5?' */
  question: string;
  answer: number;
  seed: number;
}

/** Operands: sums and differences up to 20, products of 2..10 (answers 0..100). */
export const MAX_ADDEND = 20;
export const MIN_FACTOR = 2;
export const MAX_FACTOR = 10;
export const MAX_ANSWER = Math.max(2 * MAX_ADDEND, MAX_FACTOR * MAX_FACTOR);

/** mulberry32: a small, well-mixed 32-bit generator; enough for picking operands. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
function intIn(next: () => number, min: number, max: number): number {
  return min + Math.floor(next() * (max - min + 1));
}

export function generateMathChallenge(seed: number): MathChallenge {
  const next = mulberry32(seed);
  const op = (['+', '-', '×'] as const)[intIn(next, 0, 2)]!;
  let a: number;
  let b: number;
  let answer: number;
  if (op === '+') {
    a = intIn(next, 1, MAX_ADDEND);
    b = intIn(next, 1, MAX_ADDEND);
    answer = a + b;
  } else if (op === '-') {
    // the larger operand first, so the answer is never negative
    a = intIn(next, 2, MAX_ADDEND);
    b = intIn(next, 1, a);
    answer = a - b;
  } else {
    a = intIn(next, MIN_FACTOR, MAX_FACTOR);
    b = intIn(next, MIN_FACTOR, MAX_FACTOR);
    answer = a * b;
  }
  return { question: `What is ${a} ${op} ${b}?`, answer, seed: seed >>> 0 };
}
