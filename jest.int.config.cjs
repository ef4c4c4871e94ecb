// Root integration-test run: every project's jest.int.config.cjs, against the real local
// servers (NATS, FerretDB, Keycloak, S3, maildev, stripe-mock) on the TEST ports.
const { projectConfigs } = require('./jest.preset.cjs');
// testTimeout is a global option: in a multi-project run the projects' own (the preset's 30 s)
// is not used, so it is set here too.
module.exports = { projects: projectConfigs('jest.int.config.cjs'), testTimeout: 30000 };
