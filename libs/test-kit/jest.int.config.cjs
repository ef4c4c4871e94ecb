module.exports = require('../../jest.preset.cjs').integration(__dirname, {
  ...require('./jest-infra.cjs'),
  testTimeout: 60000,
});
