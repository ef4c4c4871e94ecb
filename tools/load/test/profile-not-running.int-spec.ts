// The load tools refuse a profile whose system is not up before they start or stop anything
// (issue 24 #10: gateway-overhead run without --profile while only the dev profile was up left
// a test-profile gateway on its port, and the next `npm test` stopped on it).
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { infraConfig } from '@examprep/test-kit';

const root = path.resolve(__dirname, '..', '..', '..');

/** Whether something listens on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

describe('a load tool on a profile that is not running', () => {
  // the fault profile: only the fault suite brings it up (and stops it after)
  const profile = 'fault';
  const gatewayPort = infraConfig(profile).ports.gateway;

  it.each(['gateway-overhead.mjs', 'pump-check.mjs'])(
    '%s: exits 1 naming the profile and how to start it, and leaves nothing running',
    async (script) => {
      expect(await listening(gatewayPort)).toBe(false);
      const r = spawnSync(
        process.execPath,
        [path.join(root, 'tools/load', script), '--profile', profile],
        {
          cwd: root,
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(r.status).toBe(1);
      expect(`${r.stdout}${r.stderr}`).toMatch(
        /the fault profile is not running \(.*gateway.*not answering\): start it with `node tools\/system\/system\.cjs start --profile fault`/,
      );
      expect(await listening(gatewayPort)).toBe(false);
    },
    70_000,
  );
});
