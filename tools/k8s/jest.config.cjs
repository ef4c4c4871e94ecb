// Unit spec of the offline Kubernetes validation (validate.mjs + validator/, Go).
module.exports = require('../../jest.preset.cjs').unit(__dirname, {
  testMatch: ['<rootDir>/*.spec.ts'],
  // the first run builds the Go validator into the cache dir (minutes with an empty Go cache)
  testTimeout: 600000,
});
