// Unit specs of the load tooling (scenario checks, vegeta report figures), beside the code.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/'],
});
