// The third-party licence list (issue 27): THIRD-PARTY-LICENSES.md is what generate.cjs writes
// from the current lockfile, the installed packages and the servers of tools/infra, and nothing
// we install is under AGPL, SSPL, BUSL, Commons Clause or an unknown or missing licence.
import fs from 'node:fs';
import path from 'node:path';
import {
  ACCEPTED_FOR_PROGRAMS,
  OUTPUT,
  imageApps,
  npmPackages,
  productionPaths,
  programs,
  render,
  resolveFrom,
  verdict,
  type Lockfile,
} from './generate.cjs';

const ROOT = path.resolve(__dirname, '..', '..');
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;

describe('THIRD-PARTY-LICENSES.md', () => {
  it('is what `npm run licenses` writes from the current lockfile', () => {
    const committed = fs.readFileSync(path.join(ROOT, OUTPUT), 'utf8');
    const generated = render();
    if (committed !== generated)
      throw new Error(
        `${OUTPUT} is out of date with package-lock.json (or tools/infra/infra.config.json, ` +
          'tools/licenses/servers.json): run `npm run licenses` and commit the file',
      );
    expect(committed).toBe(generated);
  });

  it('lists every third-party package of the lockfile under an accepted or reviewed licence', () => {
    const { rows, problems, unusedReviews } = npmPackages();
    expect(problems).toEqual([]);
    expect(unusedReviews).toEqual([]);
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows.filter((row) => !row.reviewed))
      expect([r.name, verdict(r.licence)]).toEqual([r.name, 'ok']);
  });

  it('lists every program tools/infra installs, under an accepted licence', () => {
    const { programs: listed, problems } = programs();
    expect(problems).toEqual([]);
    const versions = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'tools/infra/infra.config.json'), 'utf8'),
    ).versions as Record<string, string>;
    const shown = new Map(
      listed.filter((p) => p.version).map((p) => [p.version as string, p.shown] as const),
    );
    for (const [key, version] of Object.entries(versions))
      expect([key, shown.get(key)]).toEqual([key, version]);
    for (const p of listed)
      expect([p.name, verdict(p.licence, ACCEPTED_FOR_PROGRAMS)]).toEqual([p.name, 'ok']);
  });
});

describe('production vs development', () => {
  const prod = productionPaths(lock, imageApps(ROOT));

  it('counts the image apps: the server apps and the web app, not the browser tests', () => {
    expect(imageApps(ROOT)).toEqual(expect.arrayContaining(['gateway', 'web', 'catalog']));
    expect(imageApps(ROOT)).not.toContain('web-e2e');
  });

  it("carries the apps' runtime packages and not the test or build tooling", () => {
    for (const p of [
      'node_modules/@nestjs/core',
      'node_modules/react',
      'node_modules/@nats-io/transport-node',
    ])
      expect([p, prod.has(p)]).toEqual([p, true]);
    // testcontainers is a dependency of libs/test-kit, which no app depends on at run time
    for (const p of ['node_modules/jest', 'node_modules/typescript', 'node_modules/testcontainers'])
      expect([p, prod.has(p)]).toEqual([p, false]);
  });

  it('never counts as production a package the lockfile marks dev-only', () => {
    expect([...prod].filter((p) => lock.packages[p]?.dev)).toEqual([]);
  });

  it('resolves a dependency as Node does: the nearest node_modules upwards', () => {
    const packages = {
      'node_modules/a': { version: '1.0.0' },
      'node_modules/b': { version: '1.0.0' },
      'node_modules/b/node_modules/a': { version: '2.0.0' },
      'apps/x': { version: '0.0.0' },
      'apps/x/node_modules/b': { version: '3.0.0' },
    };
    expect(resolveFrom(packages, 'node_modules/b', 'a')).toBe('node_modules/b/node_modules/a');
    expect(resolveFrom(packages, 'node_modules/b/node_modules/a', 'b')).toBe('node_modules/b');
    expect(resolveFrom(packages, 'apps/x', 'b')).toBe('apps/x/node_modules/b');
    expect(resolveFrom(packages, 'apps/x', 'a')).toBe('node_modules/a');
    expect(resolveFrom(packages, 'apps/x', 'c')).toBeNull();
  });

  it('follows the workspace libs an app depends on, not their dev dependencies', () => {
    const demo: Lockfile = {
      packages: {
        'apps/api': { dependencies: { '@demo/lib': '*', express: '^5' } },
        'libs/lib': { dependencies: { pino: '^9' }, devDependencies: { jest: '^30' } },
        'node_modules/@demo/lib': { link: true, resolved: 'libs/lib' },
        'node_modules/express': { version: '5.0.0', license: 'MIT' },
        'node_modules/pino': {
          version: '9.0.0',
          license: 'MIT',
          peerDependencies: { thing: '*', other: '*' },
          peerDependenciesMeta: { other: { optional: true } },
        },
        'node_modules/thing': { version: '1.0.0', license: 'MIT' },
        'node_modules/other': { version: '1.0.0', license: 'MIT' },
        'node_modules/jest': { version: '30.0.0', license: 'MIT', dev: true },
      },
    };
    expect([...productionPaths(demo, ['api'])].sort()).toEqual([
      'apps/api',
      'libs/lib',
      'node_modules/express',
      'node_modules/pino',
      'node_modules/thing',
    ]);
  });
});

describe('the licence check itself', () => {
  it.each([
    ['MIT', 'ok'],
    ['(MIT OR CC0-1.0)', 'ok'],
    ['(MIT AND Zlib)', 'ok'],
    ['Apache-2.0 WITH LLVM-exception', 'ok'],
    ['MIT OR AGPL-3.0-only', 'ok'],
    ['AGPL-3.0-only', 'refused'],
    ['AGPL-3.0-or-later', 'refused'],
    ['SSPL-1.0', 'refused'],
    ['BUSL-1.1', 'refused'],
    ['MIT AND Commons-Clause', 'refused'],
    ['Apache-2.0 with Commons Clause', 'refused'],
    ['UNLICENSED', 'refused'],
    ['GPL-3.0-only', 'unknown'],
    ['SEE LICENSE IN LICENSE.md', 'unknown'],
    ['WTFPL', 'unknown'],
    ['', 'missing'],
    [null, 'missing'],
  ])('%s: %s', (field, expected) => {
    expect(verdict(field)).toBe(expected);
  });

  it('accepts the GPL only for programs we run beside ours, never the AGPL', () => {
    expect(verdict('GPL-2.0-only OR GPL-3.0-only', ACCEPTED_FOR_PROGRAMS)).toBe('ok');
    expect(verdict('AGPL-3.0-only', ACCEPTED_FOR_PROGRAMS)).toBe('refused');
  });

  const demoLock = (license?: string): Lockfile => ({
    packages: {
      'apps/web': { dependencies: { left: '*' } },
      'node_modules/left': { version: '1.0.0', ...(license === undefined ? {} : { license }) },
    },
  });
  // no repository behind it: the lockfile, the image apps and the servers are given
  const opts = {
    root: '/nonexistent',
    apps: ['web'],
    infraConfig: { versions: {} },
    servers: { servers: [] },
  };

  it('fails on a package under a refused licence, naming it', () => {
    const { problems } = npmPackages({ ...opts, lock: demoLock('SSPL-1.0'), reviewed: {} });
    expect(problems).toEqual(['left@1.0.0: refused licence "SSPL-1.0"']);
    expect(() => render({ ...opts, lock: demoLock('SSPL-1.0'), reviewed: {} })).toThrow(
      /left@1\.0\.0: refused licence/,
    );
  });

  it('fails on a package without a licence in the lockfile or its installed package.json', () => {
    const { problems } = npmPackages({ ...opts, lock: demoLock(), reviewed: {} });
    expect(problems).toEqual(['left@1.0.0: missing licence null']);
  });

  it('takes a reviewed licence only while the field is still the one that was read', () => {
    const reviewed = {
      left: { found: 'SEE LICENSE IN LICENSE', licence: 'MIT', reason: 'read it' },
    };
    const same = npmPackages({ ...opts, lock: demoLock('SEE LICENSE IN LICENSE'), reviewed });
    expect(same.problems).toEqual([]);
    expect(same.rows[0]).toMatchObject({ licence: 'MIT', reviewed: true, production: true });
    const changed = npmPackages({ ...opts, lock: demoLock('SEE LICENSE IN COPYING'), reviewed });
    expect(changed.problems).toEqual(['left@1.0.0: unknown licence "SEE LICENSE IN COPYING"']);
    expect(changed.unusedReviews).toEqual(['left']);
  });

  it('refuses a server in infra.config.json that servers.json does not describe', () => {
    expect(() =>
      programs({
        infraConfig: { versions: { nats: 'v2', mystery: '1.0' } },
        servers: {
          servers: [{ name: 'NATS', version: 'nats', licence: 'Apache-2.0', source: 'go' }],
        },
      }),
    ).toThrow(/installs mystery, which tools\/licenses\/servers.json does not describe/);
  });
});
