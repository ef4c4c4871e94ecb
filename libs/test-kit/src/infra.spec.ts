import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { findRepoRoot, infraConfig } from './config';
import { healthUrls, parseStartedServers, realmImportIsStale } from './infra';
import { realmFiles } from './seeded';

const root = findRepoRoot();

describe('healthUrls', () => {
  it('derives the health endpoints from the profile', () => {
    const cfg = infraConfig('test', { env: {} });
    const urls = healthUrls(cfg);
    expect(urls.nats).toBe(
      `http://127.0.0.1:${cfg.ports.natsMonitor}/healthz?js-enabled-only=true`,
    );
    expect(urls.keycloak).toBe(`http://127.0.0.1:${cfg.ports.keycloakManagement}/health/ready`);
    expect(urls.s3).toBe(`http://127.0.0.1:${cfg.ports.s3}/health`);
  });
});

describe('realmImportIsStale', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'testkit-realm-'));
  // a config whose data dir is the temp dir
  const cfg = { ...infraConfig('test', { env: {} }), dataDir: tmp };
  const stamp = path.join(tmp, 'keycloak', 'data', '.realm-import.sha256');

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is false when nothing was imported yet', () => {
    expect(realmImportIsStale(cfg)).toBe(false);
  });

  it('compares the recorded hash with the merged realm files', () => {
    const req = createRequire(__filename)(path.join(root, 'tools', 'infra', 'merge-realm.cjs')) as {
      renderMergedRealm: (a: string, b: string) => string;
    };
    const files = realmFiles(root);
    const hash = createHash('sha256')
      .update(req.renderMergedRealm(files.realm, files.overlay))
      .digest('hex');
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    fs.writeFileSync(stamp, `${hash}\n`);
    expect(realmImportIsStale(cfg)).toBe(false);
    fs.writeFileSync(stamp, 'something-else\n');
    expect(realmImportIsStale(cfg)).toBe(true);
  });
});

describe('parseStartedServers', () => {
  it('lists the servers started from nothing, not the running or restarted ones', () => {
    const output = [
      '[infra] realm files changed since the test realm was imported: restarting Keycloak',
      '[infra] keycloak     stopped (pid 11)',
      '[infra] nats         starting (pid 12, log x)',
      '[infra] ferretdb     already running (pid 13)',
      '[infra] keycloak     starting (pid 14, log y)',
      '[infra] stripe-mock  starting (pid 15, log z)',
      '  ready  nats (0.1s)',
    ].join('\n');
    expect(parseStartedServers(output)).toEqual(['nats', 'stripe-mock']);
    expect(parseStartedServers('')).toEqual([]);
  });
});
