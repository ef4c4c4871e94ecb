// The unit tier's test order (root jest.config.cjs, `testSequencer`).
//
// Jest starts the files it timed before longest first (its cache), and files it never timed
// largest first. A fresh clone has no timings, and the slowest unit specs are among the
// smallest files: a registry lint spec is five lines that lint some 70,000 generated items.
// By size they started last and ran on alone while the other worker had nothing left to do.
// So a file named below that Jest has no timing for starts first, in the order of the list
// (slowest first, seconds measured in npm test on the 2-core machine); the rest keep Jest's
// order, and once Jest has timed a file its own timing decides.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = path.resolve(__dirname, '..', '..');

/** Path prefixes (from the repository root) of the slowest unit specs, slowest first. */
const SLOW_FIRST = [
  // builds the Go validator when the cache dir has none (205 s on a fresh machine), else 5 s
  'tools/k8s/validate.spec.ts',
  // lint every registry topic over 10,000 seeds (8-16 s each)
  'libs/generators/src/lint/registry-med-dosage-a.spec.ts',
  'libs/generators/src/lint/registry-med-dosage-b.spec.ts',
  'libs/generators/src/lint/registry-teas-b.spec.ts',
  'libs/generators/src/lint/registry-teas-a.spec.ts',
  'libs/generators/src/lint/registry-pump.spec.ts',
  // replays the pump topics (7 s)
  'libs/generators/src/med-dosage/pump.spec.ts',
  // 10,000 seeds of each Med Dosage topic against the clinical reference table (1-3 s each)
  'libs/generators/src/med-dosage/reference/',
];

/** The place of a file in SLOW_FIRST, or SLOW_FIRST.length when it is not named there. */
function rank(file) {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const i = SLOW_FIRST.findIndex((prefix) => relative.startsWith(prefix));
  return i === -1 ? SLOW_FIRST.length : i;
}

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    // Jest's order first (it also reads each file's timing into test.duration)
    const ordered = super.sort(tests);
    const place = (test) => (test.duration == null ? rank(test.path) : SLOW_FIRST.length);
    return ordered
      .map((test, i) => ({ test, i, place: place(test) }))
      .sort((a, b) => a.place - b.place || a.i - b.i)
      .map(({ test }) => test);
  }
}

module.exports = SlowFirstSequencer;
module.exports.rank = rank;
