// Load smoke against the running test system (vegeta, a few seconds per scenario).
module.exports = require('../../jest.preset.cjs').integration(
  __dirname,
  require('../../libs/test-kit/jest-infra.cjs'),
);
