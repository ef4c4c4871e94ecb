// Unit specs of the media operator tools (replace-asset), beside the code.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/**/*.spec.ts'],
});
