import fs from 'node:fs';
import path from 'node:path';
import { down, downPlan, downSync, parseArgs, upPlan, upSync, type Step } from './harness.cjs';

const root = path.resolve(__dirname, '..', '..');
const node = path.basename(process.execPath);
/** A plan as short lines: `<program> <args relative to the repo>`. */
const lines = (steps: Step[]) =>
  steps.map((s) =>
    [
      path.basename(s.cmd),
      ...s.args.map((a) => (a.startsWith(root) ? path.relative(root, a) : a)),
    ].join(' '),
  );

describe('harness plan of up', () => {
  it('by default: servers, seed, apps of the test profile', () => {
    expect(lines(upPlan({}))).toEqual([
      'bash tools/infra/infra.sh start --profile test',
      `${node} tools/seed/seed.cjs --profile test`,
      `${node} tools/system/system.cjs start --profile test`,
    ]);
  });

  it('a fresh test run: install, stop the apps, wipe, start, build, seed, apps', () => {
    const plan = upPlan({ profile: 'test', install: true, reset: true, build: true });
    expect(plan.map((s) => s.what)).toEqual([
      'install the local servers',
      'stop the apps',
      'wipe the servers data',
      'start the local servers',
      'build the apps',
      'seed',
      'start the apps',
    ]);
    // the apps stop BEFORE the data they hold is wiped
    expect(lines(plan)[1]).toContain('system.cjs stop --profile test');
    expect(lines(plan)[2]).toBe('bash tools/infra/infra.sh reset --profile test');
  });

  it('the fault suite: seed without media, apps without web, with load limits', () => {
    const plan = upPlan({
      profile: 'fault',
      seed: 'no-media',
      web: false,
      env: { RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_SCALE: '1000' },
    });
    expect(lines(plan).slice(1)).toEqual([
      `${node} tools/seed/seed.cjs --profile fault --no-media`,
      `${node} tools/system/system.cjs start --no-web --env RATE_LIMIT_PER_MINUTE=100000000 --env RATE_LIMIT_SCALE=1000 --profile fault`,
    ]);
  });

  it('only some apps, no servers, no seed (servers run elsewhere)', () => {
    expect(upPlan({ infra: false, seed: false, only: ['gateway', 'qbank'], web: false })).toEqual([
      {
        what: 'start the apps',
        cmd: process.execPath,
        args: [
          path.join(root, 'tools/system/system.cjs'),
          'start',
          '--only',
          'gateway,qbank',
          '--no-web',
          '--profile',
          'test',
        ],
      },
    ]);
  });
});

describe('harness plan of down', () => {
  it('stops the apps, then the servers; or only the apps', () => {
    expect(downPlan({ profile: 'dev' }).map((s) => s.what)).toEqual([
      'stop the apps',
      'stop the local servers',
    ]);
    expect(lines(downPlan({ profile: 'dev', infra: false }))).toEqual([
      `${node} tools/system/system.cjs stop --profile dev`,
    ]);
  });

  it('stops only the named apps, never the servers then', () => {
    expect(lines(downPlan({ only: ['catalog'] }))).toEqual([
      `${node} tools/system/system.cjs stop --only catalog --profile test`,
    ]);
  });
});

describe('harness command line', () => {
  it('reads the options of up', () => {
    expect(
      parseArgs(['up', '--profile', 'dev', '--install', '--build', '--no-web', '--env', 'A=b=c']),
    ).toEqual({
      cmd: 'up',
      options: { profile: 'dev', install: true, build: true, web: false, env: { A: 'b=c' } },
    });
  });

  it('refuses an unknown option or command, naming it', () => {
    expect(() => parseArgs(['up', '--fast'])).toThrow('unknown argument --fast');
    expect(() => parseArgs(['restart'])).toThrow('usage: harness.cjs up|down');
  });
});

describe('harness runs', () => {
  it('names the failing step and shows the end of its output', async () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    const quiet = { profile: 'no-such-profile', infra: false, quiet: true };
    expect(err(() => downSync(quiet))).toMatch(
      /^stop the apps: system\.cjs exited with 1\n.*no-such-profile/s,
    );
    await expect(down(quiet)).rejects.toThrow(
      /^stop the apps: system\.cjs exited with 1\n.*no-such-profile/s,
    );
  });

  it('a plan with no step does nothing', () => {
    expect(() => upSync({ infra: false, seed: false, apps: false })).not.toThrow();
  });
});

describe('one harness', () => {
  /** Code that may name system.cjs or seed.cjs to run them: the harness (and this spec). */
  const ALLOWED = new Set(['tools/system/harness.cjs', 'tools/system/harness.spec.ts']);
  const CODE = /\.(ts|tsx|mjs|cjs|js)$/;
  const SKIP = /(^|\/)(node_modules|dist|\.infra|\.nx|coverage)(\/|$)/;

  function files(dir: string): string[] {
    const out: string[] = [];
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (SKIP.test(rel)) continue;
      if (e.isDirectory()) out.push(...files(rel));
      else if (CODE.test(e.name)) out.push(rel);
    }
    return out;
  }

  it('no spec, tool or script starts apps or seeds except through it', () => {
    // a path literal naming the runner or the seed, e.g. path.join(root, 'tools/system/system.cjs')
    const direct = /['"](tools\/system\/system|tools\/seed\/seed|system|seed)\.cjs['"]/;
    const offenders = ['apps', 'libs', 'tools']
      .flatMap(files)
      .filter((f) => !ALLOWED.has(f))
      .filter((f) => direct.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
