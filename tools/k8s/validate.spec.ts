// `npm run k8s:validate` as a test: every overlay renders and passes (strict decoding, Pod
// Security restricted, the project's rules), and each rule rejects a manifest that breaks it.
// Needs Go to build the validator once (cache dir); skipped with a message only without Go.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverApps } from '../infra/environment.cjs';

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

/** The documents of `kustomize build <dir>` (the kustomize that validate.mjs installed). */
function render(dir: string) {
  const kustomize = process.env.EXAMPREP_CACHE_DIR
    ? path.join(process.env.EXAMPREP_CACHE_DIR, 'bin/kustomize')
    : path.join(os.homedir(), '.cache/examprep/bin/kustomize');
  const r = spawnSync(kustomize, ['build', path.join(ROOT, dir)], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n---\n');
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
    // Gateway API instead of the Ingress: two routes, no Ingress; the Gateway on its own
    expect(r.out).toMatch(/k8s\/overlays\/prod-gateway-api: ok - \d+ objects \([^)]*HTTPRoute 2,/);
    expect(r.out).not.toMatch(/k8s\/overlays\/prod-gateway-api: .*Ingress \d/);
    expect(r.out).toMatch(/k8s\/gateway-api: ok - 2 objects \(Gateway 1, Namespace 1\)/);
    expect(r.out).toMatch(/k8s\/operators: ok - \d+ objects \(Keycloak 1, MongoDBCommunity 1\)/);
    expect(r.out).toMatch(
      /k8s\/ferretdb: ok - \d+ objects \(Cluster 1, Database 7, Deployment 7, Namespace 1, NetworkPolicy 8, Service 7\), 7 pod templates/,
    );
    expect(r.out).toMatch(
      /k8s\/ferretdb\/monitoring: ok - 3 objects \(PodMonitor 2, PrometheusRule 1\)/,
    );
    expect(r.status).toBe(0);
  });

  it('FerretDB on PostgreSQL: one FerretDB process per database, C collation, only its service reaches it', () => {
    const docs = render('k8s/ferretdb');
    const services = [
      'announcements',
      'catalog',
      'identity',
      'media',
      'qbank',
      'schools',
      'testing',
    ];
    const deployments = docs.filter((d) => /^kind: Deployment$/m.test(d));
    expect(deployments).toHaveLength(services.length);
    for (const s of services) {
      const deployment = deployments.find((d) => d.includes(`\n  name: ferretdb-${s}\n`));
      // FerretDB 1.x caches its database's catalogue per process: never two on one database,
      // not even during a rollout (k8s/ferretdb/README.md)
      expect(deployment).toMatch(/^ {2}replicas: 1$/m);
      expect(deployment).toMatch(/^ {4}type: Recreate$/m);
      expect(deployment).toContain(
        `value: postgres://${s}@examprep-pg-rw.ferretdb.svc:5432/${s}?sslmode=verify-full&`,
      );
      expect(deployment).toMatch(
        new RegExp(
          `name: PGPASSWORD\\n\\s+valueFrom:\\n\\s+secretKeyRef:\\n\\s+key: password\\n\\s+name: ferretdb-pg-${s}\\n`,
        ),
      );
      const database = docs.find(
        (d) => /^kind: Database$/m.test(d) && d.includes(`\n  name: ${s}\n`),
      );
      expect(database).toMatch(/^ {2}localeCType: C$/m);
      expect(database).toMatch(/^ {2}localeCollate: C$/m);
      expect(database).toMatch(new RegExp(`^ {2}owner: ${s}$`, 'm'));
      const policy = docs.find(
        (d) => /^kind: NetworkPolicy$/m.test(d) && d.includes(`\n  name: ferretdb-${s}\n`),
      );
      expect(policy).toContain(
        `podSelector:\n        matchLabels:\n          app.kubernetes.io/component: service\n          app.kubernetes.io/name: ${s}\n`,
      );
    }
    const cluster = docs.find((d) => /^kind: Cluster$/m.test(d));
    expect(cluster).toMatch(/^ {2}instances: 3$/m);
    expect(cluster).toMatch(/^ {6}localeCType: C$/m);
    expect(cluster).toMatch(/^ {6}localeCollate: C$/m);
    expect(cluster).toMatch(/^ {6}encoding: UTF8$/m);
  });

  it('denies by default: every overlay renders the namespace-wide default-deny NetworkPolicy', () => {
    for (const overlay of ['dev', 'prod']) {
      const policy = render(`k8s/overlays/${overlay}`).find(
        (doc) => /^kind: NetworkPolicy$/m.test(doc) && /^ {2}name: default-deny$/m.test(doc),
      );
      expect(policy).toContain('spec:\n  podSelector: {}\n  policyTypes:\n  - Ingress\n  - Egress');
    }
  });

  it('routes with Gateway API what the prod Ingress routes: the same host, paths, backends and TLS', () => {
    const of = (docs: string[], kind: string, name: string) =>
      docs.find(
        (d) => new RegExp(`^kind: ${kind}$`, 'm').test(d) && d.includes(`\n  name: ${name}\n`),
      );
    const prod = render('k8s/overlays/prod');
    const routed = render('k8s/overlays/prod-gateway-api');
    const gateway = render('k8s/gateway-api');
    const ingress = of(prod, 'Ingress', 'examprep')!;
    const host = /^ {2}- host: (\S+)$/m.exec(ingress)?.[1];
    expect(host).toBe('examprep.example.com');
    // the Ingress: /api -> gateway, / -> web (Prefix); TLS for the host
    expect(ingress).toMatch(
      /- backend:\n\s+service:\n\s+name: gateway\n\s+port:\n\s+name: http\n\s+path: \/api\n\s+pathType: Prefix/,
    );
    expect(ingress).toMatch(
      /- backend:\n\s+service:\n\s+name: web\n\s+port:\n\s+name: http\n\s+path: \/\n\s+pathType: Prefix/,
    );
    expect(ingress).toContain(`tls:\n  - hosts:\n    - ${host}\n    secretName: examprep-tls`);
    // the Services' http ports, which the routes name by number
    expect(of(prod, 'Service', 'gateway')).toMatch(/- name: http\n\s+port: 3000\n/);
    expect(of(prod, 'Service', 'web')).toMatch(/- name: http\n\s+port: 80\n/);

    expect(routed.filter((d) => /^kind: Ingress$/m.test(d))).toEqual([]);
    const route = of(routed, 'HTTPRoute', 'examprep')!;
    expect(route).toContain(`hostnames:\n  - ${host}\n`);
    expect(route).toContain(
      'parentRefs:\n  - name: examprep\n    namespace: examprep-gateway\n    sectionName: https\n',
    );
    /** backend, path type and path of each rule, and its request timeout */
    const rules = route
      .slice(route.indexOf('\n  rules:\n'))
      .split(/\n {2}- /)
      .slice(1)
      .map((rule) => ({
        backend: /backendRefs:\n\s+- name: (\S+)\n\s+port: (\d+)/.exec(rule)?.slice(1).join(':'),
        paths: [...rule.matchAll(/type: (\w+)\n\s+value: (\S+)/g)].map((m) => `${m[1]} ${m[2]}`),
        timeout: /timeouts:\n\s+request: (\S+)/.exec(rule)?.[1],
      }));
    expect(rules).toEqual(
      expect.arrayContaining([
        { backend: 'gateway:3000', paths: ['PathPrefix /api'], timeout: '60s' },
        { backend: 'web:80', paths: ['PathPrefix /'], timeout: '60s' },
        // the SSE stream ends itself after 5 minutes (apps/gateway/src/identity/me-events.ts)
        { backend: 'gateway:3000', paths: ['Exact /api/me/events'], timeout: '10m' },
      ]),
    );
    expect(rules).toHaveLength(4);
    // plain HTTP only redirects
    const redirect = of(routed, 'HTTPRoute', 'examprep-https-redirect')!;
    expect(redirect).toContain('sectionName: http\n');
    expect(redirect).toMatch(/requestRedirect:\n\s+scheme: https\n\s+statusCode: 301\n/);
    expect(redirect).not.toContain('backendRefs');
    // the Gateway: TLS for the same host with the Ingress's Secret, routes only from examprep
    const gw = of(gateway, 'Gateway', 'examprep')!;
    expect(gw).toMatch(/^ {2}namespace: examprep-gateway$/m);
    expect(gw).toMatch(
      new RegExp(
        `hostname: ${host}\\n\\s+name: https\\n\\s+port: 443\\n\\s+protocol: HTTPS\\n\\s+tls:\\n\\s+certificateRefs:\\n\\s+- kind: Secret\\n\\s+name: examprep-tls\\n\\s+mode: Terminate`,
      ),
    );
    expect(gw.match(/kubernetes.io\/metadata.name: examprep\n/g)).toHaveLength(2);
    // Envoy-based Gateways append to X-Forwarded-For: the gateway trusts one hop, not the leftmost
    const config = routed.find(
      (d) => /^kind: ConfigMap$/m.test(d) && /\n {2}name: gateway-config-\w+\n/.test(d),
    );
    expect(config).toMatch(/^ {2}TRUST_PROXY_HOPS: "1"$/m);
    // the NetworkPolicies admit the Gateway's namespace where they admitted ingress-nginx
    for (const name of ['gateway', 'web']) {
      expect(of(prod, 'NetworkPolicy', name)).toContain(
        'kubernetes.io/metadata.name: ingress-nginx',
      );
      const policy = of(routed, 'NetworkPolicy', name)!;
      expect(policy).toContain('kubernetes.io/metadata.name: examprep-gateway');
      expect(policy).not.toContain('ingress-nginx');
    }
  });

  it("gives each service's Deployment the database URI its config class reads (<SERVICE>_MONGODB_URI)", () => {
    // media was given TESTING_MONGODB_URI once: it would have started without a database
    for (const overlay of ['dev', 'prod']) {
      for (const doc of render(`k8s/overlays/${overlay}`)) {
        const name = /^kind: Deployment$/m.test(doc)
          ? /^ {2}name: (\S+)$/m.exec(doc)?.[1]
          : undefined;
        if (!name) continue;
        const uris = [...doc.matchAll(/name: ([A-Z]+)_MONGODB_URI$/gm)].map((m) => m[1]);
        for (const prefix of uris) expect([name, prefix]).toEqual([name, name.toUpperCase()]);
      }
    }
  });

  it("sizes each Node app's V8 heap to its container: old space at most half the memory limit, a 16 MiB semi-space", () => {
    // left to itself Node sizes the young generation from the cgroup limit (2 MiB under 384Mi):
    // half the throughput in a pod (k8s/README.md, Memory; tools/load/pod-memory.mjs)
    const nodeApps = serverApps();
    for (const overlay of ['dev', 'prod']) {
      const seen: string[] = [];
      for (const doc of render(`k8s/overlays/${overlay}`)) {
        const name = /^kind: Deployment$/m.test(doc)
          ? /^ {2}name: (\S+)$/m.exec(doc)?.[1]
          : undefined;
        if (!name || !nodeApps.includes(name)) continue;
        seen.push(name);
        const options = /- name: NODE_OPTIONS\n\s+value: (.+)$/m.exec(doc)?.[1] ?? '';
        const limit = Number(/limits:\n(?:\s+cpu: .*\n)?\s+memory: (\d+)Mi/.exec(doc)?.[1]);
        const oldSpace = Number(/--max-old-space-size=(\d+)/.exec(options)?.[1]);
        expect([name, options]).toEqual([
          name,
          expect.stringContaining('--max-semi-space-size=16'),
        ]);
        expect([name, oldSpace > 0 && oldSpace * 2 <= limit]).toEqual([name, true]);
      }
      expect(seen.sort()).toEqual([...nodeApps].sort());
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

  it('knows the operators kinds: ServiceMonitor, PrometheusRule, MongoDBCommunity, Keycloak, CloudNativePG', () => {
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
---
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata: { name: pg }
spec:
  instances: 3
  storage: { size: 1Gi }
  bootstrap: { initdb: { database: app, owner: app, encoding: UTF8, localeCollate: C, localeCType: C } }
---
apiVersion: postgresql.cnpg.io/v1
kind: Database
metadata: { name: db }
spec: { cluster: { name: pg }, name: identity, owner: identity, localeCollate: C, localeCType: C }
`);
    expect(ok.out).toMatch(/: ok - 6 objects/);
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
---
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata: { name: pg }
spec:
  instances: 3
  bootstrap: { initdb: { lcCollate: C } }
---
apiVersion: postgresql.cnpg.io/v1
kind: Database
metadata: { name: db }
spec: { cluster: { name: pg }, name: identity, owner: identity, collation: C }
`);
    expect(typo.out).toMatch(/unknown field "spec.endpoints\[0\].scrapeEvery"/);
    expect(typo.out).toMatch(/Keycloak k: unknown field spec.instance/);
    expect(typo.out).toMatch(
      /Cluster pg: strict decoding: .*unknown field "spec.bootstrap.initdb.lcCollate"/,
    );
    expect(typo.out).toMatch(/Database db: strict decoding: .*unknown field "spec.collation"/);
    expect(typo.status).toBe(1);
  });
});

describe('Gateway API objects (tools/k8s/validator/gatewayapi.go)', () => {
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-validate-gw-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const services = `apiVersion: v1
kind: Service
metadata: { name: gateway }
spec: { selector: { app: g }, ports: [{ name: http, port: 3000 }] }
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: w }, ports: [{ name: http, port: 80 }] }
---
`;
  const route = (rule: string) => `${services}apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: r }
spec:
  parentRefs: [{ name: examprep, namespace: examprep-gateway }]
  rules:
    - matches: [{ path: { type: PathPrefix, value: /api } }]
${rule}
`;
  const ok = '      backendRefs: [{ name: gateway, port: 3000 }]\n      timeouts: { request: 60s }';

  (hasGo ? it : it.skip)(
    'accepts a well-formed route and refuses what a cluster would refuse or misroute',
    () => {
      const good = check(route(ok));
      expect(good.out).toMatch(/: ok - 3 objects \(HTTPRoute 1, Service 2\)/);
      expect(good.status).toBe(0);
      const cases: [string, RegExp][] = [
        // a typo: strict decoding against the Go types
        [
          ok.replace('backendRefs', 'backendRef'),
          /strict decoding: .*unknown field "spec.rules\[0\].backendRef"/,
        ],
        // an experimental-channel field: the Go types know it, the standard CRDs do not
        [
          `${ok}\n      retry: { attempts: 2 }`,
          /spec.rules\[0\].retry is not in the standard channel's schema/,
        ],
        // not a Gateway API duration (pattern of the CRD)
        [
          ok.replace('60s', '1 minute'),
          /spec.rules\[0\].timeouts.request: "1 minute" does not match/,
        ],
        // the CRD's CEL rule on timeouts
        [
          ok.replace('{ request: 60s }', '{ request: 10s, backendRequest: 30s }'),
          /backendRequest 30s is longer than request 10s/,
        ],
        // a redirect code outside the enum
        [
          `${ok}\n      filters: [{ type: RequestRedirect, requestRedirect: { statusCode: 399 } }]`,
          /statusCode: 399 is not one of/,
        ],
        // a port the Service does not expose, a Service that is not there
        [ok.replace('port: 3000', 'port: 8080'), /Service gateway has no port 8080/],
        [ok.replace('name: gateway,', 'name: gatway,'), /no Service gatway in this render/],
      ];
      for (const [rule, message] of cases) {
        const r = check(route(rule));
        expect(r.out).toMatch(message);
        expect(r.status).toBe(1);
      }
    },
  );
});

describe('deploy/docker/ferretdb.Dockerfile (no Docker here: its inputs are checked)', () => {
  const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');
  const dockerfile = read('deploy/docker/ferretdb.Dockerfile');
  const infra = read('tools/infra/infra.sh');
  const shellArray = (name: string) =>
    (new RegExp(`^${name}=\\(([^)]*)\\)$`, 'm').exec(infra)?.[1] ?? '')
      .split(/\s+/)
      .filter(Boolean);
  const shellValue = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(infra)?.[1];

  it('builds the FerretDB version, patches and package line of tools/infra/infra.sh install_ferretdb', () => {
    const version = JSON.parse(read('tools/infra/infra.config.json')).versions.ferretdb;
    const pkg = shellValue('FERRETDB_PACKAGE');
    const patches = shellArray('FERRETDB_PATCHES');
    expect(version).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(pkg).toBeTruthy();
    expect(patches.length).toBeGreaterThan(0);
    // every ARG FERRETDB_VERSION (build and runtime stage) and the package line
    const versions = [...dockerfile.matchAll(/^ARG FERRETDB_VERSION=(\S+)$/gm)].map((m) => m[1]);
    expect(versions).toEqual([version, version]);
    expect(dockerfile).toMatch(
      new RegExp(`^ARG FERRETDB_PACKAGE=${pkg!.replace(/[+.]/g, '\\$&')}$`, 'm'),
    );
    // the same patches, copied and applied in infra.sh's order, each existing
    const copy =
      /^COPY (tools\/infra\/\S+\.patch(?: tools\/infra\/\S+\.patch)*) \/patches\/$/m.exec(
        dockerfile,
      );
    expect(copy?.[1].split(' ')).toEqual(patches.map((p) => `tools/infra/${p}`));
    const applied = [...dockerfile.matchAll(/git apply --verbose \/patches\/(\S+)/g)].map(
      (m) => m[1],
    );
    expect(applied).toEqual(patches);
    for (const p of patches) expect(fs.existsSync(path.join(ROOT, 'tools/infra', p))).toBe(true);
    // the module copy with version.txt and package.txt, a static -trimpath build that checks
    // its own --version, non-root runtime
    expect(dockerfile).toContain(
      'go mod download -json "github.com/FerretDB/FerretDB@${FERRETDB_VERSION}"',
    );
    expect(dockerfile).toContain(`printf '%s\\n' "$FERRETDB_VERSION" >build/version/version.txt`);
    expect(dockerfile).toContain(`printf '%s\\n' "$FERRETDB_PACKAGE" >build/version/package.txt`);
    expect(dockerfile).toMatch(/^ENV CGO_ENABLED=0 .*GOFLAGS="-trimpath -buildvcs=false"$/m);
    expect(dockerfile).toContain('go build -o /out/ferretdb ./cmd/ferretdb');
    expect(dockerfile).toMatch(/^USER 65532:65532$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD \["\/usr\/local\/bin\/healthcheck"\]$/m);
  });

  it('is in the build context: .dockerignore keeps tools/infra', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(ignored.filter((l) => /^(\*\*\/)?tools(\/|$)/.test(l))).toEqual([]);
  });
});
