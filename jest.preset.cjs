// Shared Jest settings: SWC transform with decorator metadata (NestJS DI needs it),
// and the workspace's "@examprep/source" export condition so tests run libs from source.
const path = require('node:path');

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        react: tsx ? { runtime: 'automatic' } : undefined,
      },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const swcJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const ESM_PACKAGES = [
  'jose',
  'content-disposition',
  // identity's Keycloak admin client and the ESM packages it loads (ADR 0034)
  '@keycloak/keycloak-admin-client',
  '@microsoft/kiota-[a-z-]+',
  'camelize-ts',
  'url-template',
  // NestJS 12 is ESM-only ("type": "module"); the apps load it with Node's require(esm), Jest's
  // CommonJS runtime through this transform (its own require(esm) needs --experimental-vm-modules)
  '@nestjs/[a-z-]+',
  // Fastify's inject (app.inject in the gateway's specs): light-my-request 6.8 loads the ESM-only
  // cookie 2 and set-cookie-parser 3 from its own node_modules, so the path names it first
  'light-my-request',
  'cookie',
  'set-cookie-parser',
];

/** Unit tests: `*.spec.ts` beside the code. */
function unit(projectDir, overrides = {}) {
  return {
    displayName: path.basename(projectDir),
    rootDir: projectDir,
    testEnvironment: 'node',
    testEnvironmentOptions: {
      customExportConditions: ['@examprep/source', 'node', 'require', 'default'],
    },
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    transform: { '^.+\\.ts$': swc(false), '^.+\\.tsx$': swc(true), '^.+\\.m?js$': swcJs },
    // ESM-only packages that Jest's CommonJS runtime must have transformed
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    ...overrides,
  };
}

// Integration tests: test/**/*.int-spec.ts, against the real local servers of tools/infra.
function integration(projectDir, overrides = {}) {
  return unit(projectDir, {
    displayName: `${path.basename(projectDir)}:int`,
    testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
    testTimeout: 30000,
    ...overrides,
  });
}

/** Every `{apps,libs}/<name>/<file>` that exists, for the root multi-project configs. */
function projectConfigs(file) {
  const fs = require('node:fs');
  const out = [];
  for (const group of ['apps', 'libs', 'tools']) {
    const dir = path.join(__dirname, group);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      if (fs.existsSync(path.join(dir, name, file))) out.push(`<rootDir>/${group}/${name}/${file}`);
    }
  }
  return out;
}

module.exports = { unit, integration, swc, projectConfigs };
