// Unit specs of the system harness (harness.cjs): the plan of `up` and `down` for each option.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/*.spec.ts'],
});
