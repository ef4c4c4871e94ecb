// Integration specs of nest-kit against the running TEST profile's NATS: the JetStream streams
// and consumers as configured (ADR 0033), the trace context carried over request/reply and
// JetStream (ADR 0035).
module.exports = require('../../jest.preset.cjs').integration(
  __dirname,
  require('../../libs/test-kit/jest-infra.cjs'),
);
