// Unit specs of the load tooling (scenario checks, vegeta report figures), beside the code.
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/'],
  // specs that compare a scenario with the service code it mirrors import that TypeScript
  // source with the .js extension Node's ES module resolution asks for
  moduleNameMapper: { '^(?:\\.\\./)+apps/(.+)\\.js$': '<rootDir>/../../apps/$1' },
});
