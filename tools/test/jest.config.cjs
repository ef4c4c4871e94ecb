// Unit specs of the test runner's own pieces (the unit tier's sequencer), run with the other
// tool specs by the root jest.config.cjs.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/*.spec.ts'],
});
