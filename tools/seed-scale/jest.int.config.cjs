// Against the running test system: the scale seed of its own tag, read through the gateway
// and removed (test/seed-scale.int-spec.ts); the CI_FULL=1 smoke at 10x the demo seed's data
// (test/full-smoke.int-spec.ts, skipped otherwise).
module.exports = require('../../jest.preset.cjs').integration(
  __dirname,
  require('../../libs/test-kit/jest-infra.cjs'),
);
