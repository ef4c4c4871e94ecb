// Workspace lint rules, loaded by @nx/eslint-plugin and named `@nx/workspace-<rule>`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const routeRequiresAuthDecorator = require('./route-requires-auth-decorator.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const noHandTypedApiPath = require('./no-hand-typed-api-path.cjs');

export const rules = {
  'route-requires-auth-decorator': routeRequiresAuthDecorator,
  'no-hand-typed-api-path': noHandTypedApiPath,
};
