// Unit and component tests of the web app: jsdom, the workspace's source condition so
// `@examprep/contracts/types` runs from TypeScript, CSS imports stubbed.
const { unit } = require('../../jest.preset.cjs');

module.exports = unit(__dirname, {
  testEnvironment: '<rootDir>/jest.environment.cjs',
  testEnvironmentOptions: {
    customExportConditions: ['@examprep/source', 'browser', 'require', 'default'],
  },
  moduleNameMapper: { '\\.(css|scss)$': 'identity-obj-proxy' },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // server/: the Vite servers' security headers (node code, `@jest-environment node`)
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/src/**/*.spec.tsx',
    '<rootDir>/server/**/*.spec.ts',
  ],
});
