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
// health ports: tools/infra/infra.config.json, the one place for ports (dev profile = the
// services' defaults, used by compose and Kubernetes too)
const DEV_PORTS: Record<string, number> = JSON.parse(read('tools/infra/infra.config.json')).profiles
  .dev.ports;
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

  // The deployments themselves, not only the gateway's list: a service named there but never
  // run would leave the gateway's /readyz degraded and its routes answering 503.
  it('is the services docker-compose.yml builds and runs, each on its health port', () => {
    const blocks = [
      ...read('docker-compose.yml').matchAll(/^ {2}([a-z-]+):\n((?: {4}.*\n|\n)*)/gm),
    ];
    const built = blocks.flatMap(([, , body]) => {
      const app = /^ {8}APP: ([a-z-]+)$/m.exec(body as string)?.[1];
      return app && app !== 'gateway' ? [app] : [];
    });
    expect(sorted(built)).toEqual(services);
    for (const [, name, body] of blocks) {
      if (!services.includes(name as string)) continue;
      expect([name, /HEALTH_PORT: '(\d+)'/.exec(body as string)?.[1]]).toEqual([
        name,
        String(DEV_PORTS[name as string]),
      ]);
    }
  });

  it('is the services of k8s/base: Deployment, Service, HPA, PDB and a config map on its health port', () => {
    const kustomization = read('k8s/base/kustomization.yaml');
    for (const kind of ['deployment', 'service', 'hpa', 'pdb']) {
      const dirs = [...kustomization.matchAll(new RegExp(`^ {2}- ([a-z-]+)/${kind}\\.yaml$`, 'gm'))]
        .map((m) => m[1] as string)
        .filter((dir) => dir !== 'gateway' && dir !== 'web');
      expect([kind, sorted(dirs)]).toEqual([kind, services]);
    }
    const configs = [
      ...kustomization.matchAll(/^ {2}- name: ([a-z-]+)-config\n {4}literals:\n((?: {6}.*\n)*)/gm),
    ].filter(([, name]) => name !== 'gateway' && name !== 'web');
    expect(sorted(configs.map(([, name]) => name as string))).toEqual(services);
    for (const [, name, body] of configs) {
      expect([name, /- HEALTH_PORT=(\d+)/.exec(body as string)?.[1]]).toEqual([
        name,
        String(DEV_PORTS[name as string]),
      ]);
    }
  });

  it.each(['k8s/overlays/dev/kustomization.yaml', 'k8s/overlays/prod/kustomization.yaml'])(
    'is the service images of %s',
    (file) => {
      const images = [...read(file).matchAll(/^ {2}- name: examprep\/([a-z-]+)$/gm)]
        .map((m) => m[1] as string)
        .filter((name) => !['gateway', 'web', 'keycloak'].includes(name));
      expect(sorted(images)).toEqual(services);
    },
  );

  it('with the gateway, is the NestJS apps of eslint.config.mjs', () => {
    const list = match('eslint.config.mjs', /const nestApps = \[([^\]]*)\]/);
    expect(sorted(quoted(list))).toEqual(sorted([...services, 'gateway']));
  });
});
