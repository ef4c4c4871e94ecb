import * as fs from 'node:fs';
import * as path from 'node:path';
import { infraConfig, readInfraConfigFile } from './config';
import { containerImages, containerSpecs, infraBackend, stopContainers } from './containers';
import { INFRA_SERVERS } from './infra';

const cfg = infraConfig('test');
const features = readInfraConfigFile().keycloak?.features ?? '';
const specs = containerSpecs(cfg, '{"realm":"examprep"}', features);
const byServer = Object.fromEntries(specs.map((s) => [s.server, s]));

describe('infraBackend', () => {
  it('is local processes unless TEST_INFRA=containers', () => {
    expect(infraBackend({})).toBe('processes');
    expect(infraBackend({ TEST_INFRA: '' })).toBe('processes');
    expect(infraBackend({ TEST_INFRA: 'processes' })).toBe('processes');
    expect(infraBackend({ TEST_INFRA: 'Containers ' })).toBe('containers');
  });
  it('refuses a value it does not know instead of guessing', () => {
    expect(() => infraBackend({ TEST_INFRA: 'docker' })).toThrow(
      'TEST_INFRA must be "containers" or "processes" (the default), got "docker"',
    );
  });
});

describe('containerSpecs', () => {
  it('has every server of the local harness exactly once', () => {
    expect(specs.map((s) => s.server).sort()).toEqual([...INFRA_SERVERS].sort());
  });

  it("publishes each server on the profile's own ports, so tests reach containers as they reach processes", () => {
    const hostPorts = specs.flatMap((s) => s.ports.map((p) => p.host));
    expect(new Set(hostPorts).size).toBe(hostPorts.length);
    const p = cfg.ports;
    expect(byServer.nats.ports.map((x) => x.host)).toEqual([p.nats, p.natsMonitor]);
    expect(byServer.ferretdb.ports.map((x) => x.host)).toEqual([p.ferretdb]);
    expect(byServer.keycloak.ports.map((x) => x.host)).toEqual([p.keycloak, p.keycloakManagement]);
    expect(byServer.s3.ports.map((x) => x.host)).toEqual([p.s3]);
    expect(byServer.maildev.ports.map((x) => x.host)).toEqual([p.smtp, p.maildev]);
    expect(byServer['stripe-mock'].ports.map((x) => x.host)).toEqual([
      p.stripeMock,
      p.stripeMockHttps,
    ]);
  });

  it('runs the images docker-compose.yml names (one list of versions: infra.config.json)', () => {
    const compose = fs.readFileSync(path.join(cfg.repoRoot, 'docker-compose.yml'), 'utf8');
    const composeImages = new Set([...compose.matchAll(/^\s+image:\s*(\S+)\s*$/gm)].map((m) => m[1]));
    for (const image of Object.values(containerImages(cfg))) expect(composeImages).toContain(image);
  });

  it("builds Keycloak from the repo's Dockerfile and imports the merged test realm", () => {
    const kc = byServer.keycloak;
    expect(kc.build).toEqual({
      context: cfg.repoRoot,
      dockerfile: 'deploy/docker/keycloak.Dockerfile',
    });
    expect(fs.existsSync(path.join(cfg.repoRoot, kc.build!.dockerfile))).toBe(true);
    expect(kc.files).toEqual([
      { content: '{"realm":"examprep"}', target: '/opt/keycloak/data/import/examprep-realm.json' },
    ]);
    expect(kc.command).toEqual(['start-dev', '--import-realm']);
  });

  it('gives Keycloak the hostname the tests use, so token issuers match cfg.issuer', () => {
    const env = byServer.keycloak.env;
    expect(env.KC_HOSTNAME).toBe(cfg.keycloakUrl);
    expect(cfg.issuer.startsWith(env.KC_HOSTNAME)).toBe(true);
    expect(env.KC_BOOTSTRAP_ADMIN_USERNAME).toBe(cfg.keycloakAdmin.username);
    expect(env.EXAMPREP_WEB_URL).toBe(cfg.webUrl);
    // mail goes to the maildev container by its network alias
    expect(env.EXAMPREP_SMTP_HOST).toBe(byServer.maildev.alias);
  });

  it('turns on the same Keycloak features as the local server and the image', () => {
    const dockerfile = fs.readFileSync(
      path.join(cfg.repoRoot, 'deploy/docker/keycloak.Dockerfile'),
      'utf8',
    );
    expect(features).not.toBe('');
    expect(byServer.keycloak.env.KC_FEATURES).toBe(features);
    expect(dockerfile).toContain(`KC_FEATURES=${features}`);
  });

  it("gives the S3 server the profile's credentials and region", () => {
    expect(byServer.s3.env).toEqual({
      ROOT_ACCESS_KEY: cfg.s3.accessKey,
      ROOT_SECRET_KEY: cfg.s3.secretKey,
      VGW_REGION: cfg.s3.region,
    });
  });

  it('waits on the same health checks as infra.sh', () => {
    expect(byServer.nats.wait).toEqual({
      kind: 'http',
      port: 8222,
      path: '/healthz?js-enabled-only=true',
    });
    expect(byServer.keycloak.wait).toMatchObject({ kind: 'http', path: '/health/ready' });
    expect(byServer['stripe-mock'].wait).toMatchObject({
      headers: { Authorization: `Bearer ${cfg.stripeApiKey}` },
    });
    for (const s of specs)
      if (s.wait.kind === 'http')
        expect(s.ports.map((p) => p.container)).toContain(s.wait.port);
  });
});

describe('stopContainers', () => {
  it('does nothing when this process started no container', async () => {
    await expect(stopContainers()).resolves.toBeUndefined();
  });
});
