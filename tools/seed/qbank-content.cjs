// Question-bank seed content (issue #4), built deterministically from the question generators
// (libs/generators, built) so every stored question has a worked explanation, a checked answer
// and named-misconception distractors, plus a few hand-made select-all-that-apply items.
// Same input, same output: fixed seeds and a fixed QID order, so every fresh system matches.
'use strict';

const {
  COURSE_DEFINITIONS,
  defaultCatalog,
  generate,
  Rng,
  formatNumber,
} = require('@examprep/generators');

const { qidAt, QID_SPACE } = require('@examprep/contracts/types');

/** Stored course names of the seeded sets (products refer to them by these names). */
const SETS = {
  teasQbank: { course: 'TEAS Math QBank', from: 'teas_math', count: 204, salt: 1 },
  medQbank: { course: 'Med Dosage QBank', from: 'med_dosage', count: 66, salt: 2 },
  teasSample: { course: 'TEAS Math Sample QBank', from: 'teas_math', count: 15, salt: 3 },
  medSample: { course: 'Med Dosage Sample QBank', from: 'med_dosage', count: 10, salt: 4 },
  medConversions: {
    course: 'Med Dosage Conversions',
    from: 'med_dosage',
    count: 20,
    salt: 5,
    topicFilter: (key) => key.startsWith('md_convert'),
  },
  teasPractice: { course: 'TEAS Math Practice Test', from: 'teas_math', count: 38, salt: 6 },
};

/** FNV-1a: a stable 32-bit number from a string (seed derivation). */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Every generator topic of a course as { key, objectiveName }, in catalogue order. */
function topicsOf(courseId, topicFilter) {
  const def = COURSE_DEFINITIONS.find((c) => c.id === courseId);
  const out = [];
  for (const o of def.objectives) {
    for (const t of o.topics) {
      // Pump topics are answered on the pump face (issue 14): Infinite QBank only, never stored.
      if (t.generate && t.answeredOn !== 'pump' && (!topicFilter || topicFilter(t.key))) {
        out.push({ key: t.key, objective: `${o.section} - ${o.name}` });
      }
    }
  }
  return out;
}

/** Round-robin over the topics so every objective is covered, skipping repeated texts. */
function generatedSet(set) {
  const topics = topicsOf(set.from, set.topicFilter);
  const seen = new Set();
  const out = [];
  for (let round = 0; out.length < set.count && round < 1000; round++) {
    for (const t of topics) {
      if (out.length >= set.count) break;
      const seed = hash(`${set.course}|${t.key}|${round}`);
      const item = generate(t.key, seed);
      if (item.type !== 'single' && item.type !== 'blank')
        throw new Error(`${item.id}: a ${item.type} item cannot become a stored question`);
      if (seen.has(item.question)) continue;
      seen.add(item.question);
      out.push({
        question: item.question,
        type: item.type,
        choices: item.choices,
        correctAnswer: item.correctAnswer,
        explanation: item.explanation,
        course: set.course,
        objective: t.objective,
        rounding: item.rounding,
        generatedFrom: item.id,
      });
    }
  }
  return out;
}

/** Select-all-that-apply: which forms equal a fraction (TEAS) or a dose (Med Dosage). */
function sataItems(course, objective, count, salt, kind) {
  const rng = new Rng(hash(`${course}|sata|${salt}`));
  const out = [];
  const seen = new Set();
  while (out.length < count) {
    if (kind === 'teas') {
      const d = rng.pick([2, 4, 5, 8, 10, 20, 25]);
      const n = rng.int(1, d - 1);
      const value = n / d;
      const correct = [
        `${n}/${d}`,
        formatNumber(value, 4),
        `${formatNumber(value * 100, 2)}%`,
        `${n * 2}/${d * 2}`,
      ];
      const wrong = [
        formatNumber(value / 10, 4),
        `${d}/${n}`,
        `${formatNumber(value * 10, 4)}%`,
        formatNumber(n + d / 100, 4),
      ].filter((w) => !correct.includes(w));
      const key = `${n}/${d}`;
      if (seen.has(key) || wrong.length < 2) continue;
      seen.add(key);
      const choices = rng.shuffle([...correct.slice(1), ...wrong.slice(0, 2)]);
      out.push({
        question: `Select all that apply. Which of the following are equal to \\(\\frac{${n}}{${d}}\\)?`,
        type: 'sata',
        choices,
        correctAnswer: correct.slice(1),
        explanation:
          `Divide the numerator by the denominator: \\(${n} \\div ${d} = ${formatNumber(value, 4)}\\). ` +
          `As a percent: \\(${formatNumber(value, 4)} \\times 100 = ${formatNumber(value * 100, 2)}\\%\\). ` +
          `Multiplying top and bottom by 2 gives the equivalent fraction \\(\\frac{${n * 2}}{${d * 2}}\\). ` +
          `The other choices come from a decimal slip or an inverted fraction.`,
        course,
        objective,
        rounding: null,
      });
    } else {
      const mg = rng.pick([0.25, 0.5, 1.5, 2, 2.5, 5, 12.5, 25, 125, 250, 500, 750, 1000, 1500]);
      const key = String(mg);
      if (seen.has(key)) continue;
      seen.add(key);
      const correct = [
        `${formatNumber(mg / 1000, 6)} g`,
        `${formatNumber(mg * 1000, 2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} mcg`,
      ];
      const wrong = [
        `${formatNumber(mg / 100, 6)} g`,
        `${formatNumber(mg * 100, 2)} mcg`,
        `${formatNumber(mg * 10, 2)} mg`,
      ];
      const choices = rng.shuffle([...correct, ...wrong]);
      out.push({
        question: `Select all that apply. Which amounts are equal to ${formatNumber(mg, 2)} mg?`,
        type: 'sata',
        choices,
        correctAnswer: correct,
        explanation:
          `There are 1,000 mg in 1 g and 1,000 mcg in 1 mg. ` +
          `\\[${formatNumber(mg, 2)}\\,\\text{mg} \\times \\frac{1\\,\\text{g}}{1000\\,\\text{mg}} = ${formatNumber(mg / 1000, 6)}\\,\\text{g}\\] ` +
          `\\[${formatNumber(mg, 2)}\\,\\text{mg} \\times \\frac{1000\\,\\text{mcg}}{1\\,\\text{mg}} = ${formatNumber(mg * 1000, 2)}\\,\\text{mcg}\\] ` +
          `The other amounts come from moving the decimal point the wrong number of places.`,
        course,
        objective,
        rounding: null,
      });
    }
  }
  return out;
}

/** The question documents of every seeded set, with deterministic unique QIDs. */
function seedQuestions() {
  const all = [];
  for (const set of Object.values(SETS)) all.push(...generatedSet(set));
  all.push(
    ...sataItems(SETS.teasQbank.course, 'Numbers and Algebra - Equivalent forms', 12, 1, 'teas'),
  );
  all.push(...sataItems(SETS.medQbank.course, 'Conversions - Equivalent doses', 6, 2, 'med'));
  const rng = new Rng(hash('qids'));
  const order = rng.shuffle(Array.from({ length: QID_SPACE }, (_, i) => i));
  return all.map((q, i) => {
    const qid = qidAt(order[i]);
    const { generatedFrom, ...rest } = q;
    return {
      _id: qid,
      ...rest,
      media: { questionImage: null, explanationImage: null, video: null },
      ...(generatedFrom ? { generatedFrom } : {}),
    };
  });
}

/** The course catalogue: every topic; those with a generator free and available (open beta). */
function seedCourses() {
  return defaultCatalog().map((course) => ({
    _id: course.id,
    name: course.name,
    revision: 0,
    objectives: Object.entries(course.objectives).map(([code, o]) => ({
      code,
      name: o.name,
      section: o.section,
      topics: o.topics.map((t) => ({
        key: t.key,
        name: t.name,
        free: t.hasGenerator,
        available: t.hasGenerator,
      })),
    })),
  }));
}

module.exports = { SETS, seedQuestions, seedCourses, hash };
