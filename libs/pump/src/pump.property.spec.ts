import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  PUMP_KINDS,
  PUMP_LIMITS as L,
  PUMP_MESSAGES,
  PUMP_TIME_FORMATS,
  pumpControlsOf,
  type PumpKind,
} from '@examprep/contracts/types';
import { canonicalAnswer, checkPump } from './check';
import { explainPump } from './explain';
import { generatePump, publicView } from './generate';
import { MAX_PUMP_SEED, parsePumpProblemId, type PumpProblem } from './problem';

const RUNS = 10_000;
const seed = fc.integer({ min: 0, max: MAX_PUMP_SEED });
const format = fc.constantFrom(...PUMP_TIME_FORMATS);

/**
 * Reads a problem back from its TEXT alone, as a learner would, with clock arithmetic of
 * its own: each pump's VTBI (mL), rate (mL/hr) and running time (minutes) where stated.
 */
function readText(text: string): { vtbi?: number; rate?: number; minutes?: number }[] {
  const clock = (s: string): number => {
    const military = /^(\d{2})(\d{2})$/.exec(s);
    if (military) return Number(military[1]) * 60 + Number(military[2]);
    const ampm = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(s);
    if (!ampm) throw new Error(`not a clock time: ${s}`);
    return ((Number(ampm[1]) % 12) + (ampm[3] === 'PM' ? 12 : 0)) * 60 + Number(ampm[2]);
  };
  const span = (s: string): number | undefined => {
    const over = /over (?:(\d+) hours?)?\s?(?:(\d+) minutes?)?/.exec(s);
    if (over && (over[1] || over[2])) return Number(over[1] ?? 0) * 60 + Number(over[2] ?? 0);
    const range =
      /from (\d{4}|\d{1,2}:\d{2} [AP]M) to (\d{4}|\d{1,2}:\d{2} [AP]M)( the next day)?/.exec(s);
    if (!range) return undefined;
    const start = clock(range[1]!);
    let end = clock(range[2]!);
    if (range[3]) end += 24 * 60;
    return end - start;
  };
  // One sentence per pump: 'Pump A: ...', 'Pump B (secondary) holds ...'.
  return text
    .split(/(?=Pump [AB][ :(])/)
    .filter((s) => /^Pump [AB]/.test(s))
    .map((s) => ({
      // the text shows 1,000 mL with its thousands separator
      vtbi: Number(/([\d,]+) mL(?!\/)/.exec(s)?.[1]?.replace(/,/g, '') ?? NaN) || undefined,
      rate: Number(/(\d+) mL\/hr/.exec(s)?.[1] ?? NaN) || undefined,
      minutes: span(s),
    }));
}

const checks: [string, (p: PumpProblem) => void][] = [];
/** Collects the properties; each kind then runs all of them on the same 10,000 seeds. */
function eachKind(name: string, check: (p: PumpProblem) => void) {
  checks.push([name, check]);
}

describe('pump generator properties', () => {
  eachKind('every constant of spec §9 holds', (p) => {
    const timeKind = p.calculate === 'time';
    for (const i of p.infusions) {
      assert.ok(Number.isInteger(i.rate) && Number.isInteger(i.vtbi));
      assert.ok(i.rate >= L.rateMin);
      assert.ok(i.rate <= L.rateMax);
      assert.ok(i.vtbi < L.vtbiBelow);
      assert.equal(i.vtbi % L.vtbiMultiple, 0);
      assert.equal(i.vtbi, (i.rate * i.minutes) / 60);
      if (timeKind) {
        assert.equal(i.rate % L.timeRateMultiple, 0);
        assert.equal(i.vtbi % L.timeVtbiMultiple, 0);
      } else {
        // 1 to 24 hours in 0.5 steps
        assert.ok(i.minutes >= L.hoursMin * 60);
        assert.ok(i.minutes <= L.hoursMax * 60);
        assert.equal(i.minutes % (L.hoursStep * 60), 0);
      }
      if (p.calculate === 'vtbi') assert.match(String(i.vtbi), /(00|50)$/);
      if (p.timeFormat === 'given') assert.equal(i.start, null);
      else assert.ok((L.clockStartMinutes as readonly number[]).includes((i.start ?? -1) % 60));
    }
    if (p.expected.mode === 'time') {
      const total = p.expected.totalMinutes;
      assert.ok(total >= L.timeMinMinutes);
      assert.ok(total <= L.timeMaxMinutes);
      assert.ok((L.timeMinutes as readonly number[]).includes(total % 60));
    }
    if (p.timeFormat === 'military') {
      const times = p.text.match(/from \S+ to [^\s.]+/g) ?? [];
      assert.equal(times.length, p.infusions.length);
      for (const t of times) assert.match(t, /^from \d{4} to \d{4}$/);
    }
    assert.equal(p.infusions.length, pumpControlsOf(p.kind).pumpCount === 'single' ? 1 : 2);
  });

  eachKind('the answer recomputed from the question text (time = VTBI / rate)', (p) => {
    const read = readText(p.text);
    assert.equal(read.length, p.infusions.length);
    const e = p.expected;
    if (e.mode === 'time') {
      const total = read.reduce((sum, r) => sum + (r.vtbi! * 60) / r.rate!, 0);
      assert.equal(Number(e.hours) * 60 + Number(e.minutes), total);
      return;
    }
    p.infusions.forEach((infusion, n) => {
      const r = read[n]!;
      const hours = r.minutes! / 60;
      const want =
        p.calculate === 'rate'
          ? { rate: String(r.vtbi! / hours), vtbi: String(r.vtbi) }
          : { rate: String(r.rate), vtbi: String(r.rate! * hours) };
      assert.deepEqual(e[infusion.channel], want);
    });
  });

  eachKind('answers are whole numbers, the idle pump reads 0, minutes have two digits', (p) => {
    const e = p.expected;
    if (e.mode === 'time') {
      assert.match(e.hours, /^[1-9]\d?$/);
      assert.match(e.minutes, /^\d\d$/);
      return;
    }
    for (const channel of ['A', 'B'] as const) {
      const used = p.infusions.some((i) => i.channel === channel);
      if (used) {
        assert.match(e[channel].rate, /^[1-9]\d{1,3}$/);
        assert.match(e[channel].vtbi, /^[1-9]\d{1,3}$/);
      } else assert.deepEqual(e[channel], { rate: '0', vtbi: '0' });
    }
  });

  eachKind('replays from its id; the public view holds no answer', (p) => {
    const ref = parsePumpProblemId(p.id);
    assert.notEqual(ref, null);
    assert.deepEqual(generatePump(ref!), p);
    const view = publicView(p);
    assert.ok(!('expected' in view));
    assert.ok(!('infusions' in view));
    assert.equal(view.display === null, p.calculate !== 'time');
    assert.ok(explainPump(p).length > 0);
  });

  eachKind('its words agree in number: never "1 hours", "1 minutes" (issue 24 #10)', (p) => {
    for (const text of [p.text, explainPump(p)]) {
      assert.doesNotMatch(text, /(^|[^\d.,])1 (hours|minutes|hrs|mins)\b/);
      assert.doesNotMatch(text, /(^|[^\d.,])(0|[2-9]|\d{2,}) (hour|minute)\b(?!s)/);
    }
    if (p.calculate === 'time') {
      const { hours, minutes } = canonicalAnswer(p);
      assert.match(
        explainPump(p),
        new RegExp(`Enter ${hours} for the hours and ${minutes} for the minutes`),
      );
    }
  });

  eachKind('the checker takes the canonical answer and refuses off-by-one and out-by-10', (p) => {
    const answer = canonicalAnswer(p);
    assert.equal(checkPump(p, answer).message, PUMP_MESSAGES.correct);
    if (answer.hours !== undefined) {
      const offByOne = checkPump(p, { ...answer, hours: String(Number(answer.hours) + 1) });
      assert.equal(offByOne.correct, false);
      return;
    }
    const channel = p.infusions[0]!.channel;
    const reading = answer[channel]!;
    const offByOne = {
      ...answer,
      [channel]: { ...reading, rate: String(Number(reading.rate) + 1) },
    };
    assert.deepEqual(checkPump(p, offByOne), {
      correct: false,
      message: PUMP_MESSAGES.incorrect,
      hint: null,
    });
    const slipped = { ...answer, [channel]: { ...reading, vtbi: `${reading.vtbi}0` } };
    assert.equal(checkPump(p, slipped).hint, PUMP_MESSAGES.hintOutBy10);
  });

  it.each(PUMP_KINDS)(`every property holds (%s, ${RUNS} seeds and formats)`, (kind: PumpKind) => {
    fc.assert(
      fc.property(seed, format, (s, f) => {
        const problem = generatePump({ kind, timeFormat: f, seed: s });
        for (const [name, check] of checks) {
          try {
            check(problem);
          } catch (err) {
            throw new Error(`${name}: ${problem.id}: ${(err as Error).message}`);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
