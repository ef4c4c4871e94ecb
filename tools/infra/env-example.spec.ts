// .env.example matches what the apps read (issue 27): every variable an app reads (its config
// class, apps/<app>/src/config/<app>.env.ts, and the reads of process.env in apps/*/src and
// libs/*/src) is named there, everything named there is read by an app or by docker-compose.yml,
// and its values are the local defaults: the dev profile's environment model (ADR 0024), the
// config classes' defaults and the defaults docker-compose.yml falls back to.
import fs from 'node:fs';
import path from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { appEnv, REPO_ROOT, serverApps } from './environment.cjs';

type EnvClass = new () => object;
const read = (f: string) => fs.readFileSync(path.join(REPO_ROOT, f), 'utf8');

/**
 * Read by our code but not a setting for .env.example, each with the reason. Keep it short: a
 * name here is one nobody is told about.
 */
const NOT_SETTINGS: Record<string, string> = {
  SERVICE_NAME:
    "written by nest-kit's createLogger from the app's own name and read back by the logger",
};

/**
 * Values .env.example may give differently from the dev model, each with the reason (one file
 * serves every app, e.g. `node --env-file=.env apps/<app>/dist/main.js`).
 */
const OWN_VALUE: Record<string, string> = {
  HEALTH_PORT:
    "each service's own (announcements' in the file; the others get theirs on the command line)",
  NODE_ENV:
    "development for every app started from the file (the model gives the catalog development, the other apps production, which turns the gateway's OpenAPI document off)",
  PEER_TIMEOUT_MS:
    "one value for every service in the file: 5000, testing's and media's default (qbank's and the catalog's is 8000, said beside it)",
};

/** The variables .env.example names: `NAME=value` set, `# NAME=value` shown commented out. */
function exampleEntries(text: string): Map<string, { value: string; commented: boolean }> {
  const out = new Map<string, { value: string; commented: boolean }>();
  for (const m of text.matchAll(/^(# ?)?([A-Z][A-Z0-9_]*)=(.*)$/gm)) {
    const [, hash, name, value] = m as unknown as [string, string | undefined, string, string];
    if (!out.has(name) || out.get(name)!.commented) out.set(name, { value, commented: !!hash });
  }
  return out;
}

/**
 * Names a source file reads: process.env.X, env.X, env['X'] and helper(env, 'X'); and in a file
 * that reads the raw environment (process.env), every quoted NAME_LIKE_THIS, as modules that
 * read many list them (JETSTREAM_ENV of nest-kit) or name them in calls of their own.
 */
function readsOf(source: string): string[] {
  const patterns = [
    /\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
    /\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
    ...(/\bprocess\.env\b/.test(source) ? [/['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"`]/g] : []),
  ];
  return [
    ...new Set(patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1] as string))),
  ];
}

/** Source files of an app or lib, not its tests. */
function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === '__tests__' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(spec|int-spec|e2e)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** apps/<app>/src/config/<app>.env.ts: its one exported *Env class. */
function configClass(app: string): EnvClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(
    path.join(REPO_ROOT, 'apps', app, 'src', 'config', `${app}.env.ts`),
  ) as Record<string, unknown>;
  const classes = Object.values(mod).filter(
    (v): v is EnvClass => typeof v === 'function' && v.name.endsWith('Env'),
  );
  expect([app, classes.length]).toEqual([app, 1]);
  return classes[0] as EnvClass;
}

const classNames = (cls: EnvClass) => [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(cls, '', true, false)
      .map((m) => m.propertyName),
  ),
];

/**
 * Test code reads its own switches (libs/test-kit, apps/web-e2e: TEST_INFRA, EXAMPREP_* ...),
 * documented in the README beside the commands that take them, not in the apps' .env.
 */
const TEST_CODE = new Set(['libs/test-kit', 'apps/web-e2e']);
const projects = ['apps', 'libs'].flatMap((group) =>
  fs
    .readdirSync(path.join(REPO_ROOT, group))
    .map((name) => `${group}/${name}`)
    .filter((p) => fs.existsSync(path.join(REPO_ROOT, p, 'package.json')) && !TEST_CODE.has(p)),
);

const apps = serverApps();
const example = exampleEntries(read('.env.example'));
const compose = read('docker-compose.yml');
/** ${NAME} and ${NAME:-default} of docker-compose.yml: name -> default ('' when none). */
const composeVars = new Map(
  [...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::-([^}]*))?\}/g)].map(
    (m) => [m[1] as string, m[2] ?? ''] as const,
  ),
);

/** name -> the files (or config classes) that read it */
const readers = new Map<string, string[]>();
const note = (name: string, where: string) =>
  readers.set(name, [...(readers.get(name) ?? []), where]);
for (const app of apps)
  for (const name of classNames(configClass(app))) note(name, `${app}.env.ts`);
for (const project of projects)
  for (const file of sources(path.join(REPO_ROOT, project, 'src')))
    for (const name of readsOf(fs.readFileSync(file, 'utf8')))
      note(name, path.relative(REPO_ROOT, file));

describe('.env.example', () => {
  it('names every variable an app or lib reads', () => {
    const missing = [...readers.keys()]
      .filter((name) => !example.has(name) && !(name in NOT_SETTINGS))
      .sort()
      .map((name) => `${name} (read by ${[...new Set(readers.get(name))].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('names nothing that no app, lib or docker-compose.yml reads', () => {
    const unread = [...example.keys()].filter((n) => !readers.has(n) && !composeVars.has(n));
    expect(unread).toEqual([]);
  });

  it('keeps its exceptions to names that are still read', () => {
    for (const name of Object.keys(NOT_SETTINGS))
      expect([name, readers.has(name)]).toEqual([name, true]);
    for (const name of Object.keys(OWN_VALUE))
      expect([name, example.has(name)]).toEqual([name, true]);
  });

  it.each(apps)("gives %s's variables the values of the dev profile's model", (app) => {
    const model = appEnv(app, 'dev', {}, { env: {} }) as Record<string, string>;
    const differing = Object.entries(model)
      .filter(
        ([name]) => example.has(name) && !example.get(name)!.commented && !(name in OWN_VALUE),
      )
      .filter(([name, value]) => example.get(name)!.value !== value)
      .map(([name, value]) => `${name}: .env.example ${example.get(name)!.value}, model ${value}`);
    expect(differing).toEqual([]);
  });

  it.each(apps)("gives what the model leaves to %s's config class that class's default", (app) => {
    const cls = configClass(app);
    const defaults = new cls() as Record<string, unknown>;
    const model = appEnv(app, 'dev', {}, { env: {} }) as Record<string, string>;
    const differing = classNames(cls)
      .filter((name) => !(name in model) && defaults[name] !== undefined && example.has(name))
      .filter((name) => !example.get(name)!.commented && !(name in OWN_VALUE))
      .map((name) => {
        const d = defaults[name];
        return [name, Array.isArray(d) ? d.join(',') : String(d)] as const;
      })
      .filter(([name, value]) => example.get(name)!.value !== value)
      .map(
        ([name, value]) => `${name}: .env.example ${example.get(name)!.value}, default ${value}`,
      );
    expect(differing).toEqual([]);
  });

  it("shows docker-compose.yml's own variables with the defaults compose falls back to", () => {
    const differing = [...composeVars]
      .filter(([name, fallback]) => fallback !== '' && example.has(name))
      .filter(([name, fallback]) => example.get(name)!.value !== fallback)
      .map(
        ([name, fallback]) =>
          `${name}: .env.example ${example.get(name)!.value}, compose ${fallback}`,
      );
    expect(differing).toEqual([]);
  });
});

describe('the check itself', () => {
  it('reads set and commented names with their values', () => {
    const entries = exampleEntries('# comment line\nA_B=1\n# C_D=two words\n#E=3\nlower=4\n');
    expect([...entries]).toEqual([
      ['A_B', { value: '1', commented: false }],
      ['C_D', { value: 'two words', commented: true }],
      ['E', { value: '3', commented: true }],
    ]);
  });

  it('finds the reads of process.env, of an env object and of a helper given one', () => {
    const source = [
      "const a = process.env.LOG_LEVEL ?? 'info';",
      'const b = env.NATS_URL;',
      "const c = env['OTEL_SDK_DISABLED'];",
      "const d = value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');",
      "export const NAMES = ['NATS_CONSUMER_ACK_WAIT'];",
      'const e = config.portNumber;',
    ].join('\n');
    expect(readsOf(source)).toEqual([
      'LOG_LEVEL',
      'NATS_URL',
      'OTEL_SDK_DISABLED',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'NATS_CONSUMER_ACK_WAIT',
    ]);
  });

  it('takes quoted names as reads only in a file that reads process.env', () => {
    const typed = "const code = 'STORAGE_UNAVAILABLE'; const p = env.PORT;";
    expect(readsOf(typed)).toEqual(['PORT']);
  });
});
