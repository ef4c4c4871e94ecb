// The load scenarios of tools/load (the same requests and checks as the k6 scripts of
// tools/load/k6) run with vegeta for a few seconds against the test system: each must produce
// figures, no HTTP error and no failed check.
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { getClientToken, identityServiceClient, infraConfig, systemUp } from '@examprep/test-kit';
import { announcementsChecks, announcementsRequest } from '../scenarios/announcements.js';
import { runJourney } from '../run.mjs';
import { runSmoke } from '../smoke.mjs';
import { attack, attackGroups, type Figures } from '../vegeta.mjs';

let figures: Figures[];

beforeAll(async () => {
  // idempotent: starts only what is not running (the services of these scenarios)
  await systemUp({
    profile: 'test',
    infra: false,
    seed: false,
    web: false,
    only: ['announcements', 'identity', 'qbank', 'catalog', 'testing', 'gateway'],
    quiet: true,
    timeoutMs: 90_000,
  });
  figures = await runSmoke({ profile: 'test', rate: 10, duration: '2s' });
}, 60_000);

const NAMES = [
  'smoke-public-config',
  'smoke-announcements',
  'smoke-generate-batch',
  'smoke-infinite-check',
  'smoke-pump-generate',
  'smoke-pump-check',
  'smoke-product-access',
];

describe('load smoke (vegeta, 10 requests/s for 2 s per scenario)', () => {
  it.each(NAMES)('%s produces figures', (name) => {
    const f = figures.find((x) => x.name === name);
    expect(f).toBeDefined();
    expect(f!.requests).toBeGreaterThanOrEqual(18);
    expect(f!.throughput).toBeGreaterThan(0);
    for (const p of [f!.p50, f!.p95, f!.p99]) expect(p).toBeGreaterThan(0);
    expect(f!.p50).toBeLessThanOrEqual(f!.p95);
    expect(f!.p95).toBeLessThanOrEqual(f!.p99);
  });

  it.each(NAMES)('%s: no errors and every response passes its checks', (name) => {
    const f = figures.find((x) => x.name === name)!;
    expect({
      statusCodes: f.statusCodes,
      errorSet: f.errorSet,
      checkFailures: f.checkFailures,
    }).toEqual({
      statusCodes: { '200': f.requests },
      errorSet: [],
      checkFailures: {},
    });
    expect(f.errors).toBe(0);
    // few requests: every response is checked
    expect(f.checked).toBe(f.requests);
  });
});

describe('the vegeta driver', () => {
  it('counts a 200 answer that fails a check as an error', async () => {
    const hidden = [
      {
        id: '6b053d1c222ea89e88f2e855',
        content: 'Draft',
        isVisible: false,
        order: 0,
        date: '2026-11-24',
        linkText: '',
        linkUrl: '',
      },
    ];
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(hidden));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const outDir = path.join(os.tmpdir(), `load-driver-${process.pid}`);
    try {
      const { port } = server.address() as AddressInfo;
      const f = await attack({
        name: 'driver-failed-checks',
        requests: [announcementsRequest(`http://127.0.0.1:${port}`, 'tok')],
        checks: announcementsChecks,
        rate: 20,
        duration: '1s',
        outDir,
      });
      expect(f).toMatchObject({
        requests: 20,
        httpErrors: 0,
        checked: 20,
        checkedFailing: 20,
        checkFailures: { 'announcements: only visible ones': 20 },
        failedChecks: 20,
        errors: 20,
        errorRate: 1,
      });
    } finally {
      server.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe('the vegeta driver, weighted groups', () => {
  it('gives each group the share of the rate its weight asks (the journey mix)', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const outDir = path.join(os.tmpdir(), `load-weights-${process.pid}`);
    try {
      const { port } = server.address() as AddressInfo;
      const req = announcementsRequest(`http://127.0.0.1:${port}`, 'tok');
      const r = await attackGroups({
        name: 'weights',
        groups: [
          { name: 'three', weight: 3, requests: [req] },
          { name: 'one', weight: 1, requests: [req] },
          { name: 'tenth', weight: 0.1, requests: [req] },
        ],
        rate: 41,
        duration: '2s',
        outDir,
      });
      expect(r.groups.map((g) => [g.name, g.requests])).toEqual([
        ['weights-three', 60],
        ['weights-one', 20],
        ['weights-tenth', 2],
      ]);
      expect(r.total.requests).toBe(82);
    } finally {
      server.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe('the learner journey, smoke profile (npm run load -- --profile smoke)', () => {
  let run: Awaited<ReturnType<typeof runJourney>>;

  beforeAll(async () => {
    run = await runJourney({ profile: 'smoke', system: 'test' });
  }, 90_000);

  it('every endpoint group answered without an error or a failed check', () => {
    expect(run.summary.passed).toBe(true);
    const [stage] = run.summary.stages;
    expect(stage.groups.map((g) => g.group)).toEqual([
      'dashboard',
      'catalog',
      'tests',
      'answers',
      'gradebook',
      'infinite',
      'admin',
    ]);
    for (const g of stage.groups) {
      expect(g.requests).toBeGreaterThan(0);
      expect({ group: g.group, errorRate: g.errorRate }).toEqual({ group: g.group, errorRate: 0 });
    }
    // 1 journey/s for 4 s, 13.3 requests a journey
    expect(stage.routes.reduce((n, r) => n + r.requests, 0)).toBeGreaterThanOrEqual(40);
  });

  it('writes the summary as JSON and a Markdown report', () => {
    expect(JSON.parse(fs.readFileSync(run.files.json, 'utf8'))).toMatchObject({
      profile: 'smoke',
      passed: true,
    });
    const md = fs.readFileSync(run.files.markdown, 'utf8');
    expect(md).toContain('| group | requests | p50 ms | p95 ms | p99 ms | errors | verdict |');
    expect(md).toMatch(/\| answers \| \d+ \|/);
  });

  it('each virtual user had its own pool learner, and the pool is gone afterwards', async () => {
    const emails = run.summary.poolEmails;
    expect(emails).toHaveLength(3);
    expect(new Set(emails).size).toBe(3);
    const cfg = infraConfig('test');
    const { access_token } = await getClientToken(identityServiceClient(), 'test');
    for (const email of emails) {
      const found = await fetch(
        `${cfg.keycloakUrl}/admin/realms/${cfg.realm}/users?exact=true&email=${encodeURIComponent(email)}`,
        { headers: { authorization: `Bearer ${access_token}` } },
      );
      expect(await found.json()).toEqual([]);
    }
  });
});
