// Root unit-test run: every project's jest.config.cjs (unit tier).
const { projectConfigs } = require('./jest.preset.cjs');
module.exports = { projects: projectConfigs('jest.config.cjs') };
