import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import fs from 'node:fs';

// Who may import whom (STYLE.md §11): web never imports server code, services never
// import each other (apps import only libs), libs never import apps.
const depConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:test', onlyDependOnLibsWithTags: ['scope:test', 'scope:shared'] },
];

// The NestJS apps that exist: the gateway and ServiceNames of libs/contracts/src/subjects.ts.
// A new service adds itself here when it lands (and to the lists named beside ServiceNames).
const nestApps = [
  'gateway',
  'announcements',
  'catalog',
  'identity',
  'media',
  'qbank',
  'schools',
  'testing',
];
const nestAppFiles = `apps/{${nestApps.join(',')}}/**/*.ts`;

// The gateway's routes, as the web app's generated client types name them (the keys of `paths`
// in openapi.generated.ts): no-hand-typed-api-path refuses them typed by hand in the web app.
const apiRoutes = [
  ...fs
    .readFileSync(
      new URL('./apps/web/src/shared/api/openapi.generated.ts', import.meta.url),
      'utf8',
    )
    .matchAll(/^ {2}'(\/api\/[^']*)': \{$/gm),
].map((match) => match[1]);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.nx/**',
      '.infra/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'deploy/keycloak/themes/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'error',
    },
  },
  {
    // NestJS needs runtime imports of injected classes for decorator metadata.
    files: [nestAppFiles, 'libs/nest-kit/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // A handler's message and answer are checked against RpcMap (libs/contracts) only
    // through nest-kit's @RpcPattern.
    files: [nestAppFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/microservices',
              importNames: ['MessagePattern', 'EventPattern'],
              message:
                "Use @RpcPattern(Subjects.x) from '@examprep/nest-kit': it checks the handler against RpcMap.",
            },
          ],
        },
      ],
    },
  },
  {
    // A notice's subject and payload are checked against NoticeMap (libs/contracts) only
    // through nest-kit's publishNotice/subscribeNotice (ADR 0017, notices).
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['libs/nest-kit/src/notices/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(publish|subscribe)$/] > CallExpression[callee.property.name='userChanged']",
          message:
            "Use publishNotice/subscribeNotice from '@examprep/nest-kit': they type the notice by NoticeMap and drop one that does not decode.",
        },
      ],
    },
  },
  {
    files: ['apps/gateway/src/**/*.controller.ts'],
    rules: { '@nx/workspace-route-requires-auth-decorator': 'error' },
  },
  {
    // Tests may use the integration harness (scope:test) on top of their own scope.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', 'apps/web-e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          depConstraints: depConstraints.map((c) =>
            c.sourceTag.startsWith('scope:')
              ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:test'] }
              : c,
          ),
        },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every API call goes through the typed client (ADR 0025); the specs and their helpers
    // quote the requests on the wire, and the generated file is the document itself.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.spec.{ts,tsx}',
      'apps/web/src/test-utils/**',
      'apps/web/src/shared/api/openapi.generated.ts',
    ],
    rules: {
      '@nx/workspace-no-hand-typed-api-path': [
        'error',
        // the app's own pages that share their names with API routes (a class's page,
        // instructor-format.ts's classPath, as its API route /api/instructor/classes/{contextKey})
        { routes: apiRoutes, pages: ['/gradebook', '/instructor/classes/{}'] },
      ],
    },
  },
  {
    // The browser gets only the web-safe entry of libs/contracts: its root (and the files
    // behind it) pull in @nestjs/swagger and class-validator. libs/validation runs in the
    // browser too (the question editor), so it keeps the same rule.
    files: ['apps/web/**/*.{ts,tsx}', 'libs/validation/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@examprep/contracts',
              message:
                "Import '@examprep/contracts/types' in browser code: the package root pulls in @nestjs/swagger and class-validator.",
            },
          ],
          patterns: [
            {
              group: ['@examprep/contracts/*', '!@examprep/contracts/types'],
              message:
                "Import '@examprep/contracts/types' in browser code: only that entry of libs/contracts is browser-safe.",
            },
            {
              group: ['@nestjs/*', 'class-validator', 'class-transformer'],
              message: 'Server packages do not belong in browser code.',
            },
          ],
        },
      ],
    },
  },
  {
    // tool configuration (jest, playwright, vite): may reach the shared presets by path
    files: [
      '**/jest*.config.cjs',
      '**/jest-infra.cjs',
      '**/playwright.config.ts',
      '**/vite.config.ts',
    ],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['tools/**/*.{js,mjs,cjs}', '*.cjs', '*.mjs', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
  {
    // k6 scripts for load testers: k6's globals and modules, nothing of Node
    files: ['tools/load/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'k6 scripts run in k6, not in Node.' }] },
      ],
    },
  },
  {
    // scenario modules: shared by the k6 scripts and the vegeta measurements, so neither's APIs
    files: ['tools/load/scenarios/**/*.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['k6', 'k6/*', 'node:*'],
              message:
                'Scenario modules are plain ES modules: the k6 scripts and the vegeta driver both import them.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', '__ENV', 'process', 'Buffer', 'require'],
    },
  },
  prettier,
);
