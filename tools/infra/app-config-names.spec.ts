// The environment model speaks the apps' language: for every profile, each app gets exactly the
// variables its config class (apps/<app>/src/config/<app>.env.ts) reads, under the same names.
// Fails when a config class reads a name the model neither sets for that app nor lists as left
// at the class's default (LEFT_AT_DEFAULT), and when the model sets a name no config class
// reads (issue 25: MONGO_URL, KEYCLOAK_JWKS_URL, STRIPE_API_BASE, MAILDEV_URL).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getMetadataStorage, IsOptional, IsString, IsUrl } from 'class-validator';
import { JETSTREAM_ENV as NEST_KIT_JETSTREAM_ENV } from '../../libs/nest-kit/src/jetstream/jetstream-settings';
import {
  appEnv,
  infraModel,
  JETSTREAM_ENV,
  LEFT_AT_DEFAULT,
  PROFILES,
  REPO_ROOT,
  RUNTIME_ENV,
  serverApps,
  sharedEnv,
} from './environment.cjs';

type EnvClass = new () => object;

/** The names a config class reads: its validated properties (loadConfig whitelists them). */
function classNames(cls: EnvClass): { all: string[]; defaulted: string[] } {
  const metas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  const all = [...new Set(metas.map((m) => m.propertyName))].sort();
  const instance = new cls() as Record<string, unknown>;
  const optional = new Set(
    metas.filter((m) => m.type === 'conditionalValidation').map((m) => m.propertyName),
  );
  return { all, defaulted: all.filter((n) => instance[n] !== undefined || optional.has(n)) };
}

/** Pure: what does not match between an app's config class and what the model gives it. */
function mismatches(
  app: string,
  cls: EnvClass,
  provided: string[],
  leftAtDefault: readonly string[] = [],
  runtime: readonly string[] = RUNTIME_ENV,
): string[] {
  const { all, defaulted } = classNames(cls);
  const out: string[] = [];
  for (const name of all) {
    if (!provided.includes(name) && !leftAtDefault.includes(name))
      out.push(`${cls.name} reads ${name}, which the model does not provide for ${app}`);
  }
  for (const name of provided) {
    if (!all.includes(name) && !runtime.includes(name))
      out.push(`the model provides ${name} to ${app}, which ${cls.name} does not read`);
  }
  for (const name of leftAtDefault) {
    if (!all.includes(name)) out.push(`${name} is left at ${cls.name}'s default but not read`);
    else if (!provided.includes(name) && !defaulted.includes(name))
      out.push(`${name} is left at ${cls.name}'s default, which it has not (required)`);
  }
  return out;
}

/** apps/<app>/src/config/<app>.env.ts: its one exported *Env class. */
function configClass(app: string): EnvClass {
  const dir = path.join(REPO_ROOT, 'apps', app, 'src', 'config');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.env.ts'));
  expect([app, files]).toEqual([app, [`${app}.env.ts`]]);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(path.join(dir, files[0])) as Record<string, unknown>;
  const classes = Object.values(mod).filter(
    (v): v is EnvClass => typeof v === 'function' && v.name.endsWith('Env'),
  );
  expect([app, classes.length]).toEqual([app, 1]);
  return classes[0];
}

const apps = serverApps();

describe.each(PROFILES)('the %s profile', (profile) => {
  it.each(apps)('gives %s exactly the names its config class reads', (app) => {
    const provided = Object.keys(appEnv(app, profile, {}, { env: {} }));
    expect(mismatches(app, configClass(app), provided, LEFT_AT_DEFAULT[app])).toEqual([]);
  });

  it('exports to integration tests only names some config class reads', () => {
    const read = new Set(apps.flatMap((app) => classNames(configClass(app)).all));
    const unread = Object.keys(sharedEnv(infraModel(profile, { env: {} }))).filter(
      (n) => !read.has(n),
    );
    expect(unread).toEqual([]);
  });
});

it('lists as left at default only apps that exist', () => {
  expect(Object.keys(LEFT_AT_DEFAULT).filter((app) => !apps.includes(app))).toEqual([]);
});

it('gives every app LOG_LEVEL, which the nest-kit logger reads', () => {
  const logger = fs.readFileSync(
    path.join(REPO_ROOT, 'libs', 'nest-kit', 'src', 'logging', 'logger.ts'),
    'utf8',
  );
  expect(logger).toContain('process.env.LOG_LEVEL');
  expect(RUNTIME_ENV).toEqual(['LOG_LEVEL', 'NODE_ENV', ...JETSTREAM_ENV]);
});

it('lists exactly the JetStream settings nest-kit reads, each in .env.example', () => {
  expect([...JETSTREAM_ENV]).toEqual([...NEST_KIT_JETSTREAM_ENV]);
  const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
  for (const name of JETSTREAM_ENV)
    expect([name, new RegExp(`^#? ?${name}=`, 'm').test(example)]).toEqual([name, true]);
});

it('gives NATS_STREAM_REPLICAS, which nest-kit reads for the streams, only on a NATS cluster (3)', () => {
  const streams = fs.readFileSync(
    path.join(REPO_ROOT, 'libs', 'nest-kit', 'src', 'config', 'nats-servers.ts'),
    'utf8',
  );
  expect(streams).toContain('env.NATS_STREAM_REPLICAS');
  for (const profile of PROFILES) {
    const expected = infraModel(profile, { env: {} }).natsNodes.length > 1 ? '3' : undefined;
    for (const app of apps)
      expect([profile, app, appEnv(app, profile, {}, { env: {} }).NATS_STREAM_REPLICAS]).toEqual([
        profile,
        app,
        expected,
      ]);
  }
});

describe('the check itself', () => {
  class DemoEnv {
    @IsUrl({ require_tld: false, protocols: ['nats'] })
    NATS_URL!: string;

    @IsString()
    DEMO_MONGODB_URI!: string;

    @IsOptional()
    @IsString()
    DEMO_TUNABLE?: string;

    @IsString()
    DEMO_REQUIRED!: string;
  }

  it('passes when the names match', () => {
    const provided = ['NATS_URL', 'DEMO_MONGODB_URI', 'DEMO_REQUIRED', 'LOG_LEVEL'];
    expect(mismatches('demo', DemoEnv, provided, ['DEMO_TUNABLE'])).toEqual([]);
  });

  it('fails on a name the class reads and the model does not provide', () => {
    expect(mismatches('demo', DemoEnv, ['NATS_URL', 'DEMO_REQUIRED'], ['DEMO_TUNABLE'])).toEqual([
      'DemoEnv reads DEMO_MONGODB_URI, which the model does not provide for demo',
    ]);
  });

  it('fails on a name the model provides and the class does not read', () => {
    const provided = ['NATS_URL', 'DEMO_MONGODB_URI', 'DEMO_REQUIRED', 'MONGO_URL'];
    expect(mismatches('demo', DemoEnv, provided, ['DEMO_TUNABLE'])).toEqual([
      'the model provides MONGO_URL to demo, which DemoEnv does not read',
    ]);
  });

  it('fails on a required name left at a default the class does not have', () => {
    const provided = ['NATS_URL', 'DEMO_MONGODB_URI'];
    expect(mismatches('demo', DemoEnv, provided, ['DEMO_TUNABLE', 'DEMO_REQUIRED'])).toEqual([
      "DEMO_REQUIRED is left at DemoEnv's default, which it has not (required)",
    ]);
  });
});
