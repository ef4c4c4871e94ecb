// For any project's integration tests: start the TEST servers once per jest run.
//   module.exports = require('../../jest.preset.cjs').integration(__dirname, require('../../libs/test-kit/jest-infra.cjs'));
const path = require('node:path');

module.exports = {
  globalSetup: path.join(__dirname, 'src', 'jest-global-setup.ts'),
  globalTeardown: path.join(__dirname, 'src', 'jest-global-teardown.ts'),
};
