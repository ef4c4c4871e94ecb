/**
 * Property checks every generator must pass (issue #4): run from each topic's spec over
 * 10,000 seeds. Test-only: not part of the build (katex and fast-check are dev tools here).
 */
import fc from 'fast-check';
import katex from 'katex';
import { validateMathAnswer } from '@examprep/validation';
import { roundTo, parseNumber, roundingInstruction, sameValue } from '../core/numbers';
import { mathSegments } from '../core/latex';
import type { GeneratedItem, GenerateFn } from '../core/types';

export const PROPERTY_RUNS = 10_000;

export interface TopicProperties {
  /**
   * Recomputes the answer from `item.params` by a method independent of the generator's
   * own arithmetic (e.g. dimensional analysis vs formula). Numbers are rounded with the
   * item's rule before comparing; strings compare with sameValue.
   */
  independentAnswer: (item: GeneratedItem) => number | string;
  /** Throws (or returns false) when a drawn value leaves its plausible range. */
  ranges?: (item: GeneratedItem) => boolean | void;
}

/** Asserts the universal rules and the topic's own ones for `runs` random seeds plus edge seeds. */
export function assertGeneratorProperties(
  generate: GenerateFn,
  topic: TopicProperties,
  runs: number = PROPERTY_RUNS,
): void {
  const check = (seed: number) => {
    const item = generate(seed);
    try {
      checkItem(item);
      checkAnswer(item, topic);
      if (topic.ranges && topic.ranges(item) === false) throw new Error('value out of range');
    } catch (error) {
      throw new Error(
        `seed ${seed}: ${(error as Error).message}\n${JSON.stringify(item, null, 2)}`,
      );
    }
  };
  for (const seed of [0, 1, 2, 0x7fffffff, 0xffffffff]) check(seed);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => check(seed)),
    { numRuns: runs },
  );
}

/** Same seed, same item; different seeds vary (at least 50 distinct questions in 200 seeds). */
export function assertDeterministicAndVaried(generate: GenerateFn): void {
  for (let seed = 0; seed < 200; seed += 7) {
    expectEqual(JSON.stringify(generate(seed)), JSON.stringify(generate(seed)), 'replay');
  }
  const distinct = new Set<string>();
  for (let seed = 0; seed < 200; seed++) distinct.add(generate(seed).question);
  if (distinct.size < 50) throw new Error(`only ${distinct.size} distinct questions in 200 seeds`);
}

function checkItem(item: GeneratedItem): void {
  // Pump items have their own properties (med-dosage/pump.spec.ts): four or two answer strings
  // checked by @examprep/pump, no choices and no math-answer validator.
  if (item.type === 'pump') throw new Error('pump items are checked by med-dosage/pump.spec.ts');
  if (item.correctAnswer.length !== 1 || !item.correctAnswer[0].trim()) {
    throw new Error('exactly one non-empty correct answer expected');
  }
  const answer = item.correctAnswer[0];
  if (!item.question.trim() || !item.explanation.trim()) throw new Error('empty text');
  if (item.type === 'single') {
    if (item.choices.length !== 4)
      throw new Error(`4 choices expected, got ${item.choices.length}`);
    for (let i = 0; i < item.choices.length; i++) {
      for (let j = i + 1; j < item.choices.length; j++) {
        if (sameValue(item.choices[i], item.choices[j])) {
          throw new Error(`duplicate choices ${item.choices[i]} / ${item.choices[j]}`);
        }
      }
    }
    if (item.choices.filter((c) => sameValue(c, answer)).length !== 1) {
      throw new Error('the answer must be among the choices exactly once');
    }
    if (item.distractors.length !== 3) throw new Error('3 named distractors expected');
    for (const d of item.distractors) {
      if (!d.misconception.trim()) throw new Error(`distractor ${d.value} has no misconception`);
      if (sameValue(d.value, answer)) throw new Error(`distractor ${d.value} equals the answer`);
      if (!item.choices.includes(d.value)) throw new Error(`distractor ${d.value} not shown`);
    }
  } else {
    if (item.choices.length !== 0) throw new Error('blank items have no choices');
    const verdict = validateMathAnswer(answer);
    if (!verdict.isValid) throw new Error(`blank answer ${answer} fails the validator`);
  }
  for (const text of [item.question, item.explanation, ...item.choices, answer]) {
    checkNotation(text);
    checkLatex(text);
  }
  if (item.rounding) {
    const instruction = roundingInstruction(item.rounding.places);
    if (!item.question.includes(instruction)) throw new Error(`question must say '${instruction}'`);
    const numeric = parseNumber(answer);
    if (numeric !== null && roundTo(numeric, item.rounding.places) !== numeric) {
      throw new Error(`answer ${answer} is not rounded to ${item.rounding.places} places`);
    }
  }
}

function checkAnswer(item: GeneratedItem, topic: TopicProperties): void {
  const expected = topic.independentAnswer(item);
  const answer = item.correctAnswer[0];
  if (typeof expected === 'number') {
    const places = item.rounding?.places ?? 6;
    const actual = parseNumber(answer);
    if (actual === null) throw new Error(`answer ${answer} is not a number`);
    const want = roundTo(expected, places);
    if (Math.abs(actual - want) > 1e-9) {
      throw new Error(`independent answer ${want} differs from ${answer}`);
    }
  } else if (!sameValue(expected, answer)) {
    throw new Error(`independent answer ${expected} differs from ${answer}`);
  }
}

/** The notation and KaTeX rules every shown text obeys (for items with their own properties). */
export function assertTextRules(text: string): void {
  checkNotation(text);
  checkLatex(text);
  checkNumberAgreement(text);
}

/** Units of time and count the texts use: a 1 is singular, any other number plural. */
const COUNTED = [
  'hour',
  'minute',
  'day',
  'week',
  'month',
  'year',
  'tablet',
  'capsule',
  'dose',
  'drop',
];

/** 'every 1 hours', '3 tablet' (issue 24 #10: 'Enter 1 hours and 15 minutes'). */
function checkNumberAgreement(text: string): void {
  const words = COUNTED.join('|');
  const one = new RegExp(`(^|[^\\d.,/])1 (${words})s\\b`).exec(text);
  if (one) throw new Error(`'${one[0].trim()}' should be singular in: ${text}`);
  const many = new RegExp(`(^|[^\\d.,/])(0|[2-9]|[1-9]\\d+) (${words})\\b(?!s)`).exec(text);
  if (many) throw new Error(`'${many[0].trim()}' should be plural in: ${text}`);
}

/** Medication notation: no naked decimal point (.5) and no trailing zero (2.50, 5.0). */
function checkNotation(text: string): void {
  const naked = /(^|[^\d])\.\d/.exec(text.replace(/\\\.|\.\.\./g, ''));
  if (naked && !/[A-Za-z]\.\d/.test(naked[0])) throw new Error(`leading zero missing in: ${text}`);
  const trailing = /\d\.\d*0(?!\d)/.exec(text);
  if (trailing) throw new Error(`trailing zero '${trailing[0]}' in: ${text}`);
}

function checkLatex(text: string): void {
  const opens = (text.match(/\\\(/g) ?? []).length + (text.match(/\\\[/g) ?? []).length;
  const closes = (text.match(/\\\)/g) ?? []).length + (text.match(/\\\]/g) ?? []).length;
  if (opens !== closes) throw new Error(`unbalanced math delimiters in: ${text}`);
  if (/(^|[^\\])\$/.test(text)) throw new Error(`use \\( \\) instead of $ in: ${text}`);
  for (const segment of mathSegments(text)) {
    try {
      parseLatex(segment);
    } catch (error) {
      throw new Error(`KaTeX cannot parse '${segment}': ${(error as Error).message}`);
    }
  }
}

/** KaTeX's parser alone (rendering is 5x slower and adds nothing to the check). */
const parseLatex = (segment: string) =>
  (katex as unknown as { __parse: (tex: string, options: object) => unknown }).__parse(segment, {
    throwOnError: true,
    strict: 'ignore',
  });

function expectEqual(a: string, b: string, what: string): void {
  if (a !== b) throw new Error(`${what} differs:\n${a}\n${b}`);
}
