// Integration specs of the local servers themselves (our FerretDB build's pushdown on
// PostgreSQL, ADR 0028), against the running TEST profile.
module.exports = require('../../jest.preset.cjs').integration(__dirname, {
  ...require('../../libs/test-kit/jest-infra.cjs'),
  testTimeout: 120000,
});
