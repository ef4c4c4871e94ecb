// Root unit-test run: every project's jest.config.cjs (unit tier).
const os = require('node:os');
const { projectConfigs } = require('./jest.preset.cjs');

module.exports = {
  projects: projectConfigs('jest.config.cjs'),
  // Jest's default is one worker fewer than the cores: on the 2-core machine of npm test that
  // is one, and with one worker Jest runs the files in band, one after another in its own
  // process, while the second core idles (the unit tier runs before the servers start). Two
  // workers there; on a larger machine Jest's default.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // the slowest specs start first, also on a fresh clone (tools/test/slow-first.sequencer.cjs)
  testSequencer: '<rootDir>/tools/test/slow-first.sequencer.cjs',
};
