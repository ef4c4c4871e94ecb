// Unit specs of the environment model (environment.cjs, ADR 0024): the golden values of every
// profile and the names the apps' config classes read.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/*.spec.ts'],
});
