// `npm run k8s:validate` as a test: every overlay renders and passes (strict decoding, Pod
// Security restricted, the project's rules), and each rule rejects a manifest that breaks it.
// Needs Go to build the validator once (cache dir); skipped with a message only without Go.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(__dirname, 'validate.mjs');
const hasGo = spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
if (!hasGo)
  console.warn('tools/k8s: Go is not installed, the Kubernetes validation tests are SKIPPED');
const maybe = hasGo ? describe : describe.skip;

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

let tmp: string;
function check(yaml: string, ...flags: string[]) {
  const file = path.join(tmp, `m${Math.random().toString(36).slice(2)}.yaml`);
  fs.writeFileSync(file, yaml);
  return run('--file', file, ...flags);
}

const podSpec = (container: string, pod = '') => `
      automountServiceAccountToken: false
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        seccompProfile: { type: RuntimeDefault }${pod}
      terminationGracePeriodSeconds: 40
      containers:
        - name: app
          image: examprep/app
          resources: { requests: { memory: 64Mi }, limits: { memory: 128Mi } }
          readinessProbe: { httpGet: { path: /readyz, port: 3101 } }
          livenessProbe: { httpGet: { path: /healthz, port: 3101 } }
          lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } }
          securityContext:
            allowPrivilegeEscalation: false
            capabilities: { drop: ['ALL'] }${container}`;

const deployment = (container = '', pod = '') => `apiVersion: apps/v1
kind: Deployment
metadata: { name: app }
spec:
  selector: { matchLabels: { app: a } }
  template:
    metadata: { labels: { app: a, app.kubernetes.io/part-of: examprep } }
    spec:${podSpec(container, pod)}
`;

maybe('k8s validation (tools/k8s)', () => {
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-validate-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('renders every overlay with kustomize and finds no problem', () => {
    const r = run();
    expect(r.out).toMatch(/k8s\/overlays\/dev: ok - \d+ objects/);
    expect(r.out).toMatch(/k8s\/overlays\/prod: ok - \d+ objects/);
    expect(r.out).toMatch(/k8s\/operators: ok - \d+ objects \(Keycloak 1, MongoDBCommunity 1\)/);
    expect(r.status).toBe(0);
  });

  it('denies by default: every overlay renders the namespace-wide default-deny NetworkPolicy', () => {
    const kustomize = path.join(os.homedir(), '.cache/examprep/bin/kustomize');
    for (const overlay of ['dev', 'prod']) {
      const out = spawnSync(
        process.env.EXAMPREP_CACHE_DIR
          ? path.join(process.env.EXAMPREP_CACHE_DIR, 'bin/kustomize')
          : kustomize,
        ['build', path.join(ROOT, 'k8s/overlays', overlay)],
        { encoding: 'utf8' },
      ).stdout;
      const policy = out
        .split('\n---\n')
        .find((doc) => /^kind: NetworkPolicy$/m.test(doc) && /^ {2}name: default-deny$/m.test(doc));
      expect(policy).toContain('spec:\n  podSelector: {}\n  policyTypes:\n  - Ingress\n  - Egress');
    }
  });

  it('accepts a well-formed app Deployment', () => {
    const r = check(deployment());
    expect(r.out).toMatch(/: ok - 1 objects/);
    expect(r.status).toBe(0);
  });

  it('rejects an unknown field (strict decoding)', () => {
    const r = check(
      deployment('\n          readinesProbe: { httpGet: { path: /readyz, port: 3101 } }'),
    );
    expect(r.out).toMatch(
      /strict decoding: .*unknown field "spec.template.spec.containers\[0\].readinesProbe"/,
    );
    expect(r.status).toBe(1);
  });

  it('rejects an unknown kind', () => {
    const r = check('apiVersion: example.com/v1\nkind: Widget\nmetadata: { name: w }\nspec: {}\n');
    expect(r.out).toMatch(/unknown apiVersion\/kind/);
    expect(r.status).toBe(1);
  });

  it('rejects a Pod template that breaks Pod Security restricted', () => {
    const r = check(deployment('', '\n      hostNetwork: true'));
    expect(r.out).toMatch(/Pod Security restricted: host namespaces/);
    expect(r.status).toBe(1);
  });

  it('rejects a secret-looking env literal and a Secret where none may be', () => {
    const env = '\n          env: [{ name: STRIPE_SECRET_KEY, value: sk_live_x }]';
    expect(check(deployment(env)).out).toMatch(/env STRIPE_SECRET_KEY has a literal value/);
    const secret = 'apiVersion: v1\nkind: Secret\nmetadata: { name: s }\nstringData: { a: b }\n';
    expect(check(secret).status).toBe(0);
    const r = check(secret, '--no-secrets');
    expect(r.out).toMatch(/a Secret in this render/);
    expect(r.status).toBe(1);
  });

  it('rejects an app without a preStop pause or with a grace period shorter than pause + drain', () => {
    const r = check(
      deployment().replace(
        "          lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } }\n",
        '',
      ),
    );
    expect(r.out).toMatch(/a preStop pause is required/);
    expect(
      check(
        deployment().replace(
          'terminationGracePeriodSeconds: 40',
          'terminationGracePeriodSeconds: 25',
        ),
      ).out,
    ).toMatch(
      /terminationGracePeriodSeconds 25 must exceed the preStop pause \(5 s\) plus the apps' drain \(20 s\)/,
    );
  });

  it('knows the operators kinds: ServiceMonitor, PrometheusRule, MongoDBCommunity, Keycloak', () => {
    const ok = check(`apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata: { name: sm }
spec:
  selector: { matchLabels: { app: a } }
  endpoints: [{ port: http, path: /metrics, interval: 30s }]
---
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata: { name: pr }
spec:
  groups: [{ name: g, rules: [{ alert: A, expr: up == 0, for: 5m, labels: { severity: page } }] }]
---
apiVersion: mongodbcommunity.mongodb.com/v1
kind: MongoDBCommunity
metadata: { name: m }
spec: { type: ReplicaSet, members: 3, version: 7.0.14, security: { authentication: { modes: [SCRAM] } }, users: [] }
---
apiVersion: k8s.keycloak.org/v2alpha1
kind: Keycloak
metadata: { name: k }
spec: { instances: 2, startOptimized: true }
`);
    expect(ok.out).toMatch(/: ok - 4 objects/);
    const typo = check(`apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata: { name: sm }
spec:
  selector: { matchLabels: { app: a } }
  endpoints: [{ port: http, scrapeEvery: 30s }]
---
apiVersion: k8s.keycloak.org/v2alpha1
kind: Keycloak
metadata: { name: k }
spec: { instance: 2 }
`);
    expect(typo.out).toMatch(/unknown field "spec.endpoints\[0\].scrapeEvery"/);
    expect(typo.out).toMatch(/Keycloak k: unknown field spec.instance/);
    expect(typo.status).toBe(1);
  });
});
