// Unit specs of the repository's own documents (README.md's layout), run with the other tool
// specs by the root jest.config.cjs.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/*.spec.ts'],
});
