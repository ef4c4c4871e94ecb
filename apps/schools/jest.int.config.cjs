module.exports = require('../../jest.preset.cjs').integration(
  __dirname,
  require('../../libs/test-kit/jest-infra.cjs'),
);
