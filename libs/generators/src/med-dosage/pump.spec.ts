import {
  PUMP_LIMITS,
  PUMP_QUESTION_KEYS,
  PUMP_TIME_FORMATS,
  pumpKindFor,
} from '@examprep/contracts/types';
import { checkPump, generatePump, isPreviewRef, PUMP_PREVIEW, publicView } from '@examprep/pump';
import fc from 'fast-check';
import type { GeneratedItem, PumpItem } from '../core';
import {
  bankableGeneratorKeys,
  generate,
  generatorKeys,
  isPumpTopic,
  toPublicQuestion,
} from '../registry';
import { assertTextRules } from '../testing/properties';
import { MED_DOSAGE_COURSE } from './index';
import {
  previewItemsOf,
  PUMP_PREVIEW_ITEM_SEEDS,
  pumpAnswerInput,
  pumpAnswerLength,
  pumpProblemOf,
  pumpRefOf,
} from './pump';

const PUMP_TOPICS = {
  md_pump_rate_single: pumpKindFor('rate', 'single'),
  md_pump_rate_dual: pumpKindFor('rate', 'dual'),
  md_pump_vtbi_single: pumpKindFor('vtbi', 'single'),
  md_pump_vtbi_dual: pumpKindFor('vtbi', 'dual'),
  md_pump_time_single: pumpKindFor('time', 'single'),
  md_pump_time_dual: pumpKindFor('time', 'dual'),
} as const;
const KEYS = Object.keys(PUMP_TOPICS) as (keyof typeof PUMP_TOPICS)[];
const RUNS = 2_000;

function asPump(item: GeneratedItem): PumpItem {
  if (item.type !== 'pump') throw new Error(`pump item expected, got ${item.type}`);
  return item;
}

/** Independent answer from the drawn numbers: channels as the pump reads them, or the total time. */
function independentAnswer(item: PumpItem): string[] {
  const p = item.params;
  const n = (key: string) => (p[key] === undefined ? null : Number(p[key]));
  if (item.pump.calculate !== 'time') {
    return (['A', 'B'] as const).flatMap((c) => {
      const rate = n(`${c}.rate`);
      const minutes = n(`${c}.minutes`);
      if (rate === null || minutes === null) return ['0', '0'];
      return [String(rate), String((rate * minutes) / 60)];
    });
  }
  const total = (n('A.minutes') ?? 0) + (n('B.minutes') ?? 0);
  return [String(Math.floor(total / 60)), String(total % 60).padStart(2, '0')];
}

describe('pump topics (issue 14): Infinite QBank items answered on the pump face', () => {
  it('is objective 8, IV Pump Programming, with one topic per pump kind, all answered on the pump', () => {
    const objective = MED_DOSAGE_COURSE.objectives.find((o) => o.code === '8');
    expect(objective?.name).toBe('IV Pump Programming');
    expect(objective?.topics.map((t) => [t.key, t.answeredOn])).toEqual(
      KEYS.map((k) => [k, 'pump']),
    );
    for (const key of KEYS) expect(isPumpTopic(key)).toBe(true);
    expect(isPumpTopic('md_iv_flow_rate')).toBe(false);
    expect(isPumpTopic('no_such_topic')).toBe(false);
  });

  it('keeps pump topics out of the bankable keys (stored questions, tests, workbooks)', () => {
    const bankable = bankableGeneratorKeys();
    expect(bankable.filter((k) => isPumpTopic(k))).toEqual([]);
    expect(new Set([...bankable, ...KEYS])).toEqual(new Set(generatorKeys()));
    for (const key of bankable) expect(generate(key, 11).type).not.toBe('pump');
  });

  it.each(KEYS)(
    '%s: the kind, a pump item with the canonical answer the checker accepts, over 2,000 seeds',
    (key) => {
      const check = (seed: number) => {
        const item = asPump(generate(key, seed));
        try {
          const problem = pumpProblemOf(item);
          expect(item.pump.kind).toBe(PUMP_TOPICS[key]);
          expect(item.pumpRef).toEqual(pumpRefOf(PUMP_TOPICS[key], seed));
          expect(item.choices).toEqual([]);
          expect(item.distractors).toEqual([]);
          expect(item.rounding).toBeNull();
          expect(item.correctAnswer).toHaveLength(pumpAnswerLength(problem));
          expect(item.correctAnswer).toEqual(independentAnswer(item));
          expect(checkPump(problem, pumpAnswerInput(problem, item.correctAnswer)).correct).toBe(
            true,
          );
          // each value as typed on the pump: digits only, no leading zero (minutes: two digits)
          const max =
            item.pump.calculate === 'time'
              ? PUMP_LIMITS.timeInputMaxDigits
              : PUMP_LIMITS.keypadMaxDigits;
          for (const value of item.correctAnswer)
            expect(value).toMatch(new RegExp(`^\\d{1,${max}}$`));
          // a wrong value is refused
          const wrong = [...item.correctAnswer];
          wrong[0] = String(Number(wrong[0]) + 1);
          expect(checkPump(problem, pumpAnswerInput(problem, wrong)).correct).toBe(false);
          expect(item.question).toBe(problem.text);
          assertTextRules(item.question);
          assertTextRules(item.explanation);
          expect(item.explanation).toMatch(/\\\[/);
        } catch (error) {
          throw new Error(`${key} seed ${seed}: ${(error as Error).message}`);
        }
      };
      for (const seed of [0, 1, 2, 0x7fffffff, 0xffffffff]) check(seed);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => check(seed)),
        { numRuns: RUNS },
      );
    },
  );

  it('replays: the same item seed always gives the same problem; seeds vary', () => {
    for (const key of KEYS) {
      for (let seed = 0; seed < 100; seed += 7) {
        expect(JSON.stringify(generate(key, seed))).toBe(JSON.stringify(generate(key, seed)));
      }
      const distinct = new Set(Array.from({ length: 200 }, (_, s) => generate(key, s).question));
      expect(distinct.size).toBeGreaterThanOrEqual(150);
    }
  });

  it('draws all three time formats for rate and VTBI kinds; time kinds are always given', () => {
    for (const key of KEYS) {
      const formats = new Set(
        Array.from({ length: 300 }, (_, s) => asPump(generate(key, s)).pump.timeFormat),
      );
      const time = key.startsWith('md_pump_time');
      expect([...formats].sort()).toEqual(time ? ['given'] : [...PUMP_TIME_FORMATS].sort());
    }
  });

  it('shows the browser the pump face without the answer (display only in Time mode; preview exactly for the preview problems)', () => {
    for (const key of KEYS) {
      for (let seed = 0; seed < 50; seed++) {
        const replayable = generate(key, seed);
        const item = asPump(replayable);
        const pub = toPublicQuestion(replayable);
        expect(pub.type).toBe('pump');
        expect(Object.keys(pub)).not.toContain('correctAnswer');
        expect(Object.keys(pub)).not.toContain('explanation');
        expect(pub.pump).toEqual(publicView(generatePump(item.pumpRef)));
        expect(pub.pump?.preview).toBe(seed < PUMP_PREVIEW_ITEM_SEEDS && previewItemsOf(key) > 0);
        if (item.pump.calculate === 'time') expect(pub.pump?.display).not.toBeNull();
        else expect(pub.pump?.display).toBeNull();
        expect(Object.keys(pub.pump ?? {}).sort()).toEqual([...PUMP_QUESTION_KEYS]);
      }
    }
  });

  it('gives other items pump: null in the public question', () => {
    expect(toPublicQuestion(generate('md_iv_flow_rate', 3)).pump).toBeNull();
    expect(toPublicQuestion(generate('teas_fraction_ops', 3)).pump).toBeNull();
  });

  it('item seeds below PUMP_PREVIEW_ITEM_SEEDS of a single-pump topic are the simulator’s preview problems (issue 24); dual topics have none', () => {
    expect(PUMP_PREVIEW_ITEM_SEEDS).toBe(PUMP_PREVIEW.seeds);
    for (const key of KEYS) {
      const kind = PUMP_TOPICS[key];
      const previewKind = PUMP_PREVIEW.kinds.includes(kind);
      expect(previewItemsOf(key)).toBe(previewKind ? PUMP_PREVIEW.seeds : 0);
      for (let seed = 0; seed < PUMP_PREVIEW.seeds; seed++) {
        const ref = asPump(generate(key, seed)).pumpRef;
        expect(isPreviewRef(ref)).toBe(previewKind);
        if (previewKind) expect(ref).toEqual({ kind, timeFormat: 'given', seed });
      }
      // above them, as before: drawn from the item seed, never a preview problem by accident
      for (let seed = PUMP_PREVIEW.seeds; seed < PUMP_PREVIEW.seeds + 200; seed++)
        expect(isPreviewRef(asPump(generate(key, seed)).pumpRef)).toBe(false);
    }
    expect(previewItemsOf('md_iv_flow_rate')).toBe(0);
  });
});
