import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ServiceNames } from './subjects';

// ServiceNames lists the services that exist; every other list of services (deployment,
// database users, health ports, lint scopes) names the same ones, so a new service adds
// itself everywhere when it lands and a planned one is nowhere yet.
const ROOT = resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const sorted = (names: Iterable<string>) => [...names].sort();
const services = sorted(ServiceNames);

function match(file: string, pattern: RegExp): string {
  const m = pattern.exec(read(file));
  if (!m?.[1]) throw new Error(`${file}: no match for ${pattern}`);
  return m[1];
}
const quoted = (list: string) => [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1] as string);

describe('ServiceNames', () => {
  it('names exactly the server apps of apps/ (Nx tag scope:server), the gateway aside', () => {
    const apps = readdirSync(join(ROOT, 'apps')).filter((name) => {
      try {
        const pkg = JSON.parse(read(`apps/${name}/package.json`));
        return (pkg.nx?.tags ?? []).includes('scope:server') && name !== 'gateway';
      } catch {
        return false;
      }
    });
    expect(services).toEqual(sorted(apps));
  });

  it.each(['docker-compose.yml', 'k8s/base/kustomization.yaml'])(
    "is the gateway's DOWNSTREAM_SERVICES in %s",
    (file) => {
      const list = match(file, /DOWNSTREAM_SERVICES[:=]\s*([a-z,-]+)/);
      expect(sorted(list.split(','))).toEqual(services);
    },
  );

  it('is the database users of deploy/docker/mongo-init', () => {
    const list = match(
      'deploy/docker/mongo-init/10-service-users.js',
      /const services = \[([^\]]*)\]/,
    );
    expect(sorted(quoted(list))).toEqual(services);
  });

  it('is the default health ports of deploy/docker/healthcheck.cjs', () => {
    const body = match(
      'deploy/docker/healthcheck.cjs',
      /SERVICE_DEFAULT_HEALTH_PORTS = \{([^}]*)\}/,
    );
    expect(sorted([...body.matchAll(/([a-z-]+):\s*\d+/g)].map((m) => m[1] as string))).toEqual(
      services,
    );
  });

  it('with the gateway, is the NestJS apps of eslint.config.mjs', () => {
    const list = match('eslint.config.mjs', /const nestApps = \[([^\]]*)\]/);
    expect(sorted(quoted(list))).toEqual(sorted([...services, 'gateway']));
  });
});
