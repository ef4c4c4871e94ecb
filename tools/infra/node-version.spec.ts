// One Node for everything we run (ADR 0031): the pinned version of infra.config.json and every
// other place that names a Node agree, so they cannot drift apart.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pinned = require('../node/pinned.cjs') as {
  pinnedVersion(): string;
  pinnedDir(version?: string): string;
  isPinned(versionString?: string): boolean;
  cacheDir(): string;
};

const version = pinned.pinnedVersion();
const major = Number(version.split('.')[0]);

describe('the pinned Node (tools/node/pinned.cjs, ADR 0031)', () => {
  it('is a version of an LTS line (even major) at 24 or later', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(24);
  });

  it("lives in the install cache, named by its version; only that version is 'pinned'", () => {
    expect(pinned.pinnedDir()).toBe(path.join(pinned.cacheDir(), `node-${version}`));
    expect(pinned.isPinned(`v${version}`)).toBe(true);
    expect(pinned.isPinned('v20.20.2')).toBe(false);
  });

  it('package.json engines allow that major and no other', () => {
    const engines = JSON.parse(read('package.json')).engines.node as string;
    expect(engines).toBe(`>=${major}.11.0 <${major + 1}`);
  });

  it("the Node types the code is checked against are that major's (@types/node)", () => {
    const declared = JSON.parse(read('package.json')).devDependencies['@types/node'] as string;
    expect(declared).toMatch(new RegExp(`^\\^${major}\\.`));
    const installed = JSON.parse(read('node_modules/@types/node/package.json')).version as string;
    expect(installed.split('.')[0]).toBe(String(major));
  });

  it('.nvmrc names the same version', () => {
    expect(read('.nvmrc').trim()).toBe(version);
  });

  it('the container images build on the same major', () => {
    for (const f of ['deploy/docker/Dockerfile', 'deploy/docker/web.Dockerfile'])
      expect(read(f)).toContain(`ARG NODE_IMAGE=node:${major}-bookworm-slim`);
    const compose = read('docker-compose.yml');
    const images = [...compose.matchAll(/image:\s*node:(\S+)/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toBe(`${major}-bookworm-slim`);
  });

  it('npm start, npm test and CI bring it before anything else runs', () => {
    for (const f of ['tools/start.sh', '.ci/run']) {
      expect(read(f)).toContain('PINNED_NODE_ENV="$(node tools/node/pinned.cjs env)"');
      expect(read(f)).toContain('eval "$PINNED_NODE_ENV"');
    }
    expect(read('tools/test/run-all.mjs')).toContain("('../node/pinned.cjs').reexecOnPinned()");
  });
});
