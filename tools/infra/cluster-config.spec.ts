// What infra.sh generates for the cluster profile (ADR 0029), read through `infra.sh config`
// (nothing is started): each NATS node's config (one cluster, every route, JetStream on each)
// and the balancer's Caddyfile; when Caddy is installed, Caddy itself adapts the file and the
// spec reads the resulting JSON (health checks, retries, keep-alive).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { infraModel } from './environment.cjs';

const infraSh = path.join(__dirname, 'infra.sh');
const config = (server: string, profile: string) => {
  const r = spawnSync('bash', [infraSh, 'config', server, '--profile', profile], {
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
};
const cluster = infraModel('cluster', { env: {} });

/** The first object with `handler: name` anywhere in Caddy's JSON config. */
function findHandler(node: unknown, name: string): Record<string, unknown> {
  const stack = [node];
  while (stack.length) {
    const x = stack.pop();
    if (x && typeof x === 'object') {
      if ((x as { handler?: string }).handler === name) return x as Record<string, unknown>;
      stack.push(...Object.values(x));
    }
  }
  throw new Error(`no ${name} handler`);
}

describe('infra.sh config on the cluster profile', () => {
  it.each([1, 2, 3])('NATS node %i: its own ports and store, one cluster with every route', (n) => {
    const node = cluster.natsNodes[n - 1];
    const { status, out } = config(node.server, 'cluster');
    expect(status).toBe(0);
    expect(out).toContain(`server_name: examprep-cluster-${n}\n`);
    expect(out).toContain(`listen: 127.0.0.1:${node.ports.client}\n`);
    expect(out).toContain(`http: 127.0.0.1:${node.ports.monitor}\n`);
    expect(out).toContain(`store_dir: "${cluster.dataDir}/${node.server}"`);
    expect(out).toMatch(
      new RegExp(
        `cluster \\{\\n  name: examprep-local\\n  listen: 127\\.0\\.0\\.1:${node.ports.route}\\n  routes: \\[\\n${cluster.natsNodes.map((x) => `    nats-route://127\\.0\\.0\\.1:${x.ports.route}\\n`).join('')}  \\]`,
      ),
    );
  });

  it('keeps one NATS server without a cluster block on the other profiles', () => {
    const { status, out } = config('nats', 'fault');
    expect(status).toBe(0);
    expect(out).toContain('server_name: examprep-fault\n');
    expect(out).not.toContain('cluster {');
    expect(config('nats-2', 'fault').status).not.toBe(0);
    expect(config('balancer', 'test').err).toMatch(/unknown server 'balancer'/);
  });

  const caddyfile = config('balancer', 'cluster');

  it('balances the gateway replicas on the gateway port, with checks, retries of GET/HEAD and keep-alive below the gateway', () => {
    expect(caddyfile.status).toBe(0);
    const b = cluster.balancer!;
    for (const line of [
      `admin 127.0.0.1:${cluster.ports.balancerAdmin}`,
      `http://:${cluster.ports.gateway} {`,
      'bind 127.0.0.1',
      `handle ${b.healthPath} {`,
      `reverse_proxy ${b.upstreams.join(' ')} {`,
      'health_uri /readyz',
      'method GET HEAD',
      'keepalive 30s',
      'flush_interval -1',
      'auto_https off',
      'persist_config off',
    ])
      expect([line, caddyfile.out.includes(line)]).toEqual([line, true]);
  });

  const caddy = path.join(cluster.cacheDir, 'bin', 'caddy');
  const installed = fs.existsSync(caddy);
  (installed ? it : it.skip)(
    'is a Caddyfile Caddy adapts as meant (needs infra.sh install caddy)',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caddyfile-'));
      const file = path.join(dir, 'Caddyfile');
      fs.writeFileSync(file, caddyfile.out);
      const r = spawnSync(caddy, ['adapt', '--config', file, '--adapter', 'caddyfile'], {
        encoding: 'utf8',
      });
      fs.rmSync(dir, { recursive: true, force: true });
      expect(r.status).toBe(0);
      const json = JSON.parse(r.stdout) as {
        apps: { http: { servers: Record<string, { listen: string[]; routes: unknown[] }> } };
      };
      const [server] = Object.values(json.apps.http.servers);
      expect(server.listen).toEqual([`127.0.0.1:${cluster.ports.gateway}`]);
      const proxy = findHandler(server.routes, 'reverse_proxy');
      expect(proxy.upstreams).toEqual(cluster.balancer!.upstreams.map((dial) => ({ dial })));
      expect(proxy.health_checks).toEqual({
        active: { fails: 1, interval: 1e9, passes: 1, timeout: 2e9, uri: '/readyz' },
        passive: { fail_duration: 5e9, max_fails: 1 },
      });
      expect(proxy.load_balancing).toMatchObject({
        retry_match: [{ method: ['GET', 'HEAD'] }],
        selection_policy: { policy: 'round_robin' },
        try_duration: 5e9,
      });
      expect(proxy.transport).toMatchObject({
        dial_timeout: 1e9,
        keep_alive: { idle_timeout: 30e9 },
      });
      expect(proxy.flush_interval).toBe(-1);
    },
  );
});
