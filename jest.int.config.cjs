// Root integration-test run: every project's jest.int.config.cjs, against the real local
// servers (NATS, FerretDB, Keycloak, S3, maildev, stripe-mock) on the TEST ports.
const { projectConfigs } = require('./jest.preset.cjs');
module.exports = { projects: projectConfigs('jest.int.config.cjs') };
