// Unit spec of the third-party licence list (generate.cjs): the committed
// THIRD-PARTY-LICENSES.md is what the lockfile gives, and every licence is accepted.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/*.spec.ts'],
});
