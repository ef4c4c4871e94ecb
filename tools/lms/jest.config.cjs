// Unit specs of the local LMS stand-in: its pages and endpoints, played from the tool's side.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/**/*.spec.ts'],
});
