// Unit specs of the seed's content builders (media files, workbooks), beside the code.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/**/*.spec.ts'],
});
