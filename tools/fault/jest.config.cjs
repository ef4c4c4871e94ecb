// Unit specs of the fault suite's pure parts (schedule, gap classification, data checks, report).
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/**/*.spec.ts'],
});
