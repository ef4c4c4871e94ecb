// `docker compose up` starts with the demo data of `npm start` (issue 27): docker-compose.yml's
// one-shot `seed` service runs the seed entry point the local harness runs, every app waits for
// it, and it writes where the apps read. Checked offline (no Docker engine here): the file is
// parsed as YAML (the `yaml` package, ISC, which nx brings).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { fromEnv, fromEnvNames, SEEDED_DATABASES } from '../seed/seed.cjs';
import { upPlan } from '../system/harness.cjs';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string[];
  working_dir?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
}

const compose = parse(read('docker-compose.yml')) as { services: Record<string, ComposeService> };
const services = compose.services;
const seed = services.seed;

/** Names .env.example sets or shows commented out (`NAME=...` / `# NAME=...`). */
const envExampleNames = new Set(
  [...read('.env.example').matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]),
);

/** The apps whose images compose runs: apps/* tagged type:app (the services and web). */
const imageApps = fs
  .readdirSync(path.join(ROOT, 'apps'))
  .filter((name) => {
    const file = path.join(ROOT, 'apps', name, 'package.json');
    return (
      fs.existsSync(file) &&
      (JSON.parse(read(`apps/${name}/package.json`)).nx?.tags ?? []).includes('type:app')
    );
  })
  .sort();

describe("docker-compose.yml's seed service", () => {
  it('exists, runs once and is not restarted', () => {
    expect(seed).toBeDefined();
    expect(seed.restart).toBe('no');
  });

  it('runs the seed entry point of the local harness, with the servers from its environment', () => {
    const step = upPlan({ profile: 'dev' }).find((s) => s.what === 'seed');
    expect(step).toBeDefined();
    const script = path.relative(ROOT, step!.args[0]);
    expect(seed.command).toEqual(['node', script, '--from-env']);
    // the script is there in the container: tools/ mounted under the working directory
    expect(seed.working_dir).toBe('/app');
    expect(seed.volumes).toContain('./tools:/app/tools:ro');
  });

  it("is built from the apps' Dockerfile, at a stage that has the libs built", () => {
    expect(seed.build?.dockerfile).toBe('deploy/docker/Dockerfile');
    expect(read(seed.build!.dockerfile!)).toMatch(
      new RegExp(`^FROM \\S+ AS ${seed.build?.target}$`, 'm'),
    );
    const app = seed.build?.args?.APP as string;
    expect(fs.existsSync(path.join(ROOT, 'apps', app, 'package.json'))).toBe(true);
    // that app's build builds @examprep/generators, which the seed's question sets draw from
    expect(JSON.parse(read(`apps/${app}/package.json`)).dependencies).toHaveProperty(
      '@examprep/generators',
    );
  });

  it('starts once MongoDB is healthy and the buckets exist', () => {
    expect(seed.depends_on).toEqual({
      mongo: { condition: 'service_healthy' },
      's3-init': { condition: 'service_completed_successfully' },
    });
  });

  it.each(imageApps)('runs before the app %s starts', (app) => {
    expect(services[app]).toBeDefined();
    expect(services[app].depends_on?.seed).toEqual({ condition: 'service_completed_successfully' });
  });

  it('gives exactly the variables `--from-env` reads', () => {
    expect(Object.keys(seed.environment ?? {}).sort()).toEqual(fromEnvNames().sort());
  });

  it("writes each service's own database, and the objects where the media service reads them", () => {
    const env = seed.environment ?? {};
    for (const db of [...SEEDED_DATABASES, 'media']) {
      const uri = env[`${db.toUpperCase()}_MONGODB_URI`] as string;
      expect([db, new URL(uri.replace(/\$\{[^}]*\}/g, 'x')).pathname]).toEqual([db, `/${db}`]);
      expect(uri).toContain('@mongo:27017/');
    }
    const media = services.media.environment ?? {};
    for (const name of Object.keys(env).filter((n) => n.startsWith('S3_')))
      expect([name, env[name]]).toEqual([name, media[name]]);
  });

  it('uses only variables that .env.example names', () => {
    const text = JSON.stringify(seed);
    const interpolated = [...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);
    const used = [...new Set([...Object.keys(seed.environment ?? {}), ...interpolated])];
    expect(used.filter((name) => !envExampleNames.has(name))).toEqual([]);
  });
});

describe('seed.cjs --from-env', () => {
  const env = Object.fromEntries(fromEnvNames().map((n) => [n, `value-of-${n}`]));

  it('reads each database under its service variable and the media target under media names', () => {
    const u = fromEnv({ ...env, S3_ADDRESSING: 'path' });
    expect(u.mongoUrl('qbank')).toBe('value-of-QBANK_MONGODB_URI');
    expect(u.mediaTarget).toMatchObject({
      endpoint: 'value-of-S3_ENDPOINT',
      pathStyle: true,
      buckets: { media: 'value-of-S3_MEDIA_BUCKET', workbooks: 'value-of-S3_WORKBOOKS_BUCKET' },
      mongoUri: 'value-of-MEDIA_MONGODB_URI',
    });
  });

  it('stops naming every variable that is not set', () => {
    const partial = { ...env };
    delete partial.CATALOG_MONGODB_URI;
    delete partial.S3_ENDPOINT;
    expect(() => fromEnv(partial)).toThrow('--from-env: CATALOG_MONGODB_URI, S3_ENDPOINT not set');
  });

  it('needs no S3 variable without the media step', () => {
    const dbOnly = Object.fromEntries(fromEnvNames({ media: false }).map((n) => [n, 'x']));
    expect(fromEnv(dbOnly, { media: false }).mediaTarget).toBeNull();
    expect(fromEnvNames({ media: false })).not.toContain('S3_ENDPOINT');
  });
});
