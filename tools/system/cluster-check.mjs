#!/usr/bin/env node
// @ts-check
// The cluster profile comes up healthy (issue 26 part 5, ADR 0029): brings it up with the
// harness (servers, seed without media, every app's replicas; `--no-up` checks a running one),
// then checks and measures:
//   - every server of infra.sh answers its health check (3 NATS nodes, the balancer included);
//   - the NATS servers form one cluster of 3 with a JetStream meta leader and every peer current;
//   - each stream (EVENTS, EVENT_HINTS) and its durable consumers have 3 replicas, all current;
//   - every process of every app answers /readyz on its own port (2 of each);
//   - through the balancer, /readyz and 20 public reads answer 200, and both gateway replicas
//     served some (their request metrics); Caddy's admin API lists both as upstreams.
// Prints one line per check and `N passed, M failed`, writes the figures (start time, resident
// memory per process group) to <dataDir>/cluster-check.json, and stops the profile at the end
// (`--keep` leaves it running). CI runs it only with CI_FULL=1 (tools/test/run-all.mjs).
//
//   node tools/system/cluster-check.mjs [--keep] [--no-up]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { EVENT_STREAMS } from '../fault/fault-lib.mjs';

const require = createRequire(import.meta.url);
/** @type {import('../infra/environment.d.cts')} */
const environment = require('../infra/environment.cjs');
/** @type {import('./harness.d.cts')} */
const harness = require('./harness.cjs');

const profile = 'cluster';
const keep = process.argv.includes('--keep');
const noUp = process.argv.includes('--no-up');
const m = environment.infraModel(profile);
const log = (/** @type {string} */ s) =>
  console.log(`[cluster-check ${new Date().toISOString().slice(11, 19)}] ${s}`);

/** @type {{ name: string, ok: boolean, detail: string }[]} */
const results = [];
/**
 * @param {string} name
 * @param {() => Promise<string>} fn  resolves with a detail; throws to fail
 */
async function check(name, fn) {
  try {
    const detail = await fn();
    results.push({ name, ok: true, detail });
    console.log(`  ok    ${name}${detail ? ` (${detail})` : ''}`);
  } catch (e) {
    const detail = /** @type {Error} */ (e).message;
    results.push({ name, ok: false, detail });
    console.log(`  FAIL  ${name}: ${detail}`);
  }
}

/** @param {string} url */
async function getJson(url) {
  const r = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return /** @type {any} */ (await r.json());
}

/**
 * GET on Caddy's admin API with node:http: it refuses requests that look like a browser's
 * (fetch sends Sec-Fetch-Mode) without an allowed Origin.
 * @param {string} url
 * @returns {Promise<any>}
 */
function adminGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { timeout: 5_000 }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(body))
            : reject(new Error(`${url}: HTTP ${res.statusCode} ${body}`)),
        );
      })
      .on('error', reject);
  });
}

/** Resident memory (kB) of every process in each process group, by name. */
function memory() {
  /** @type {Map<number, number>} */
  const byGroup = new Map();
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      // pgrp is the 3rd field after the ")" that ends the command name
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      if (rss) byGroup.set(pgrp, (byGroup.get(pgrp) ?? 0) + Number(rss[1]));
    } catch {
      /* gone */
    }
  }
  /** @type {Record<string, number>} */
  const mb = {};
  for (const dir of [path.join(m.dataDir, 'run'), path.join(m.appsDataDir, 'run')])
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!f.endsWith('.pid')) continue;
      const pid = Number(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (byGroup.has(pid)) mb[f.slice(0, -4)] = Math.round((byGroup.get(pid) ?? 0) / 1024);
    }
  return mb;
}

async function main() {
  const t0 = Date.now();
  /** @type {Record<string, number>} */
  const seconds = {};
  if (!noUp) {
    log('bringing the cluster profile up (harness: servers, seed without media, apps)');
    await harness.up({
      profile,
      seed: 'no-media',
      web: false,
      log: (what) => {
        seconds[what] = (Date.now() - t0) / 1000;
        log(`  ${what}`);
      },
    });
    seconds.total = (Date.now() - t0) / 1000;
    log(`up in ${seconds.total.toFixed(1)} s`);
  }

  await check('every server of infra.sh is up and healthy', async () => {
    const r = spawnSync(
      'bash',
      [path.join(m.repoRoot, 'tools/infra/infra.sh'), 'status', '--profile', profile],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`infra.sh status exited ${r.status}\n${r.stdout}`);
    const rows = r.stdout.trim().split('\n').slice(1);
    const names = rows.map((l) => l.split(/\s+/)[0]);
    for (const want of [...m.natsNodes.map((n) => n.server), 'ferretdb', 'postgres', 'balancer'])
      if (!names.includes(want)) throw new Error(`no ${want} in infra.sh status`);
    return `${rows.length} servers`;
  });

  await check(`the NATS servers are one cluster of ${m.natsNodes.length}`, async () => {
    const leaders = new Set();
    for (const n of m.natsNodes) {
      const j = await getJson(`${n.monitorUrl}/jsz`);
      const mc = j.meta_cluster ?? {};
      if (mc.name !== m.cluster?.name) throw new Error(`${n.server}: cluster ${mc.name}`);
      if (mc.cluster_size !== m.natsNodes.length)
        throw new Error(`${n.server}: cluster size ${mc.cluster_size}`);
      if (!mc.leader) throw new Error(`${n.server}: no meta leader`);
      leaders.add(mc.leader);
    }
    if (leaders.size !== 1) throw new Error(`the nodes name ${[...leaders].join(', ')} as leader`);
    return `meta leader ${[...leaders][0]}`;
  });

  for (const stream of EVENT_STREAMS)
    await check(
      `the ${stream} stream and its consumers have ${m.streamReplicas} replicas, all current`,
      async () => {
        // only an asset's leader knows whether its followers are current: read each from its leader
        const views = await Promise.all(
          m.natsNodes.map((n) =>
            getJson(`${n.monitorUrl}/jsz?streams=true&consumers=true&config=true`),
          ),
        );
        /** @param {any} j */
        const streamOf = (j) =>
          (j?.account_details ?? [])
            .flatMap((/** @type {any} */ a) => a.stream_detail ?? [])
            .find((/** @type {any} */ s) => s.name === stream);
        /** @param {string} leader */
        const viewOf = (leader) => views[Number(/-(\d+)$/.exec(leader)?.[1] ?? 0) - 1];
        const any = streamOf(views[0]);
        if (!any?.cluster?.leader) throw new Error(`no ${stream} stream with a leader`);
        const led = streamOf(viewOf(any.cluster.leader));
        const bad = [];
        if (led?.config?.num_replicas !== m.streamReplicas)
          bad.push(`${stream} num_replicas ${led?.config?.num_replicas}`);
        const assets = [
          led,
          ...(any.consumer_detail ?? []).map((/** @type {any} */ c) =>
            (streamOf(viewOf(c.cluster?.leader ?? ''))?.consumer_detail ?? []).find(
              (/** @type {any} */ x) => x.name === c.name,
            ),
          ),
        ];
        for (const x of assets) {
          const replicas = x?.cluster?.replicas ?? [];
          if (
            replicas.length !== m.streamReplicas - 1 ||
            !replicas.every((/** @type {any} */ r) => r.current)
          )
            bad.push(
              `${x?.name}: ${JSON.stringify(replicas.map((/** @type {any} */ r) => [r.name, r.current]))}`,
            );
        }
        if (bad.length) throw new Error(bad.join('; '));
        return `leader ${any.cluster.leader}, ${assets.length - 1} durable consumers`;
      },
    );

  await check('every process of every app answers /readyz on its own port', async () => {
    const instances = environment.serverApps(m.repoRoot).flatMap((a) => m.appInstances(a));
    const failed = [];
    for (const i of instances) {
      const r = await fetch(`http://127.0.0.1:${i.port}/readyz`, {
        signal: AbortSignal.timeout(5_000),
      }).catch(() => null);
      if (!r?.ok) failed.push(`${i.name}:${i.port} ${r?.status ?? 'no answer'}`);
    }
    if (failed.length) throw new Error(failed.join(', '));
    const perApp = m.cluster?.replicas ?? 1;
    if (instances.length !== environment.serverApps(m.repoRoot).length * perApp)
      throw new Error(`${instances.length} processes`);
    return `${instances.length} processes`;
  });

  await check('the balancer answers and spreads requests over every gateway replica', async () => {
    const b = /** @type {NonNullable<typeof m.balancer>} */ (m.balancer);
    const ready = await getJson(`${m.gatewayUrl}/readyz`);
    if (ready.status !== 'ok')
      throw new Error(`readyz through the balancer: ${JSON.stringify(ready)}`);
    const upstreams = /** @type {{ address: string }[]} */ (
      await adminGet(`${b.adminUrl}/reverse_proxy/upstreams`)
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${m.gatewayUrl}/api/products`, { signal: AbortSignal.timeout(10_000) }).then(
          (r) => r.status,
        ),
      ),
    );
    if (answers.some((s) => s !== 200)) throw new Error(`answers ${answers.join(' ')}`);
    const ups = upstreams.map((u) => u.address).sort();
    if (JSON.stringify(ups) !== JSON.stringify([...b.upstreams].sort()))
      throw new Error(`upstreams ${ups.join(' ')}`);
    // which replica served them: each gateway counts its requests by route in its metrics
    const served = [];
    for (const g of m.appInstances('gateway')) {
      const text = await fetch(`http://127.0.0.1:${g.port}/metrics`, {
        signal: AbortSignal.timeout(5_000),
      })
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => '');
      const n = [
        ...text.matchAll(
          /^examprep_http_request_duration_seconds_count\{[^}]*route="\/api\/products"[^}]*\}\s+(\d+)/gm,
        ),
      ]
        .map((x) => Number(x[1]))
        .reduce((a, c) => a + c, 0);
      served.push(`${g.name} ${n}`);
      if (n === 0) throw new Error(`${g.name} served no /api/products (${served.join(', ')})`);
    }
    return served.join(', ');
  });

  const mem = memory();
  const totalMb = Object.values(mem).reduce((a, c) => a + c, 0);
  const report = {
    profile,
    at: new Date().toISOString(),
    startSeconds: seconds,
    memoryMb: mem,
    totalMemoryMb: totalMb,
    processGroups: Object.keys(mem).length,
    checks: results,
  };
  fs.mkdirSync(m.dataDir, { recursive: true });
  fs.writeFileSync(path.join(m.dataDir, 'cluster-check.json'), JSON.stringify(report, null, 2));
  log(`resident memory: ${totalMb} MB in ${Object.keys(mem).length} process groups`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`cluster-check: ${passed} passed, ${results.length - passed} failed`);
  process.exitCode = passed === results.length ? 0 : 1;
}

main()
  .catch((e) => {
    console.error(`[cluster-check] ${/** @type {Error} */ (e).stack ?? e}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    if (keep) return log('--keep: the cluster profile is left running');
    await harness.down({ profile, log: (what) => log(`  ${what}`) }).catch((e) => {
      console.error(`[cluster-check] tear down: ${/** @type {Error} */ (e).message}`);
    });
  });
