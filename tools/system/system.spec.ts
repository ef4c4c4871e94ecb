// The processes system.cjs runs per profile (ADR 0029): one per app, or on the cluster profile
// `cluster.replicas` of every app on ports of their own; `--only` takes an app or a process.
import { infraModel, type AppInstance, type InfraModel } from '../infra/environment.cjs';

// system.cjs is a plain script (not type-checked): its one pure helper, typed here
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { instancesOf } = require('./system.cjs') as {
  instancesOf: (model: InfraModel, o: { web?: boolean; only?: string[] | null }) => AppInstance[];
};

const names = (model: InfraModel, o: { web?: boolean; only?: string[] | null }) =>
  instancesOf(model, o).map((i) => `${i.name}:${i.port}`);

describe('instancesOf', () => {
  const env = { env: {} };

  it('one process per app on the test profile: services, the gateway, the web app', () => {
    // the ports are infra.config.json's (never written twice)
    const test = infraModel('test', env);
    const apps = [
      'announcements',
      'catalog',
      'identity',
      'media',
      'qbank',
      'schools',
      'testing',
      'gateway',
      'web',
    ];
    expect(names(test, {})).toEqual(apps.map((a) => `${a}:${test.ports[a]}`));
  });

  it('two of every app on the cluster profile, the gateways on their own ports behind the balancer', () => {
    const cluster = infraModel('cluster', env);
    const all = names(cluster, { web: false });
    expect(all).toHaveLength(16);
    expect(all.slice(-2)).toEqual(['gateway:30001', 'gateway-2:30002']);
    expect(all).toContain('testing-2:30204');
    expect(all.map((n) => n.split(':')[1])).not.toContain(String(cluster.ports.gateway));
  });

  it('--only names an app (all its replicas) or one process', () => {
    const cluster = infraModel('cluster', env);
    expect(names(cluster, { only: ['testing'] })).toEqual(['testing:30104', 'testing-2:30204']);
    expect(names(cluster, { only: ['gateway-2', 'catalog'] })).toEqual([
      'catalog:30103',
      'catalog-2:30203',
      'gateway-2:30002',
    ]);
    const test = infraModel('test', env);
    expect(names(test, { only: ['testing'] })).toEqual([`testing:${test.ports.testing}`]);
  });
});
