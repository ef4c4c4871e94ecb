// Unit specs of the scale data set's generator, beside the code (the integration spec and the
// CI_FULL smoke in test/ run from jest.int.config.cjs).
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/*.spec.ts'],
});
