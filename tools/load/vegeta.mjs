// @ts-check
// Our load generator: vegeta (MIT, `vegeta` component of tools/infra, installed only). Runs
// one attack with the requests of a scenario module (tools/load/scenarios), reads
// `vegeta report -type=json` into the figures the scripts print (requests/s, p50/p95/p99,
// errors) and applies the scenario's checks to the recorded response bodies (evenly sampled),
// counting failed checks as errors: what load testers run with k6 is what we measured.
//
//   open model:   rate > 0   constant arrival rate (requests/s) for `duration`
//   closed model: rate = 0   `workers` concurrent users, each sending its next request when
//                            the last one is answered (vegeta -rate=0 -workers=N -max-workers=N)
//   groups:       attackGroups: requests whose checks differ (the answer expected for each
//                            product) as one open-model run, one vegeta process per group
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { cacheDir } from '../infra/environment.cjs';
import { failedChecks } from './scenarios/http.js';

/** @typedef {import('./scenarios/http.js').LoadRequest} LoadRequest */
/** @typedef {import('./scenarios/http.js').Checks} Checks */

/**
 * @typedef {object} AttackOptions
 * @property {string} name           file names and the attack name
 * @property {LoadRequest[]} requests sent round-robin
 * @property {Checks} [checks]       applied to up to `checkSample` recorded responses
 * @property {number} rate           requests per second; 0 = closed model with `workers` users
 * @property {number} [workers]      closed model: concurrent users; open model: initial workers
 * @property {number} [maxWorkers]   open model: at most this many requests in flight (400)
 * @property {string} duration       Go duration, e.g. '30s'
 * @property {string} outDir         where the targets, results and report go
 * @property {number} [checkSample]  responses checked at most (1000), spread over the run
 * @property {string} [timeout]      per request (15s)
 * @property {boolean} [keepResults] keep the binary results file (it holds every body)
 */

/**
 * @typedef {object} VegetaReport  `vegeta report -type=json` (durations in ns)
 * @property {{ mean: number, '50th': number, '90th': number, '95th': number, '99th': number, max: number, min: number }} latencies
 * @property {number} requests
 * @property {number} rate        requests sent per second of the attack
 * @property {number} throughput  successful requests per second (attack + wait)
 * @property {number} success     share of 2xx/3xx answers
 * @property {number} duration
 * @property {Record<string, number>} status_codes
 * @property {string[] | null} errors
 */

/**
 * @typedef {object} Figures
 * @property {string} name
 * @property {'open' | 'closed'} model
 * @property {number} rate        asked requests/s (0: closed model)
 * @property {number} workers     closed model: concurrent users
 * @property {number} requests
 * @property {number} rps         requests sent per second
 * @property {number} throughput  successful requests per second
 * @property {number} p50         ms
 * @property {number} p90
 * @property {number} p95
 * @property {number} p99
 * @property {number} max
 * @property {number} dropped     open model: requests the attack could not send on time
 * @property {Record<string, number>} statusCodes
 * @property {string[]} errorSet  distinct transport errors
 * @property {number} httpErrors  answers that are not 2xx/3xx, and transport errors
 * @property {number} checked     responses the checks looked at
 * @property {number} checkedFailing  of those, responses failing at least one check
 * @property {Record<string, number>} checkFailures  per check name
 * @property {number} failedChecks checked 2xx/3xx responses that failed a check
 * @property {number} errors      httpErrors + failedChecks
 * @property {number} errorRate   errors / requests
 */

/** The vegeta binary tools/infra installed. */
export function vegetaBin() {
  const cache = cacheDir();
  const bin = path.join(cache, 'bin', 'vegeta');
  if (!fs.existsSync(bin))
    throw new Error(`vegeta not found at ${bin}: run \`bash tools/infra/infra.sh install vegeta\``);
  return bin;
}

/**
 * One line of vegeta's JSON targets format (headers as lists, body base64).
 * @param {LoadRequest} req
 */
export function toTarget(req) {
  /** @type {Record<string, string[]>} */
  const header = {};
  for (const [k, v] of Object.entries(req.headers)) header[k] = [v];
  return {
    method: req.method,
    url: req.url,
    header,
    ...(req.body == null ? {} : { body: Buffer.from(req.body, 'utf8').toString('base64') }),
  };
}

/** @param {string} d Go duration such as '30s', '1m30s', '500ms' */
export function durationSeconds(d) {
  const units = /** @type {Record<string, number>} */ ({ h: 3600, m: 60, s: 1, ms: 0.001 });
  let total = 0;
  let rest = d.trim();
  const re = /^(\d+(?:\.\d+)?)(ms|h|m|s)/;
  while (rest.length) {
    const m = re.exec(rest);
    if (!m) throw new Error(`not a duration: ${d}`);
    total += Number(m[1]) * units[m[2]];
    rest = rest.slice(m[0].length);
  }
  return total;
}

const ms = (/** @type {number} */ ns) => Math.round(ns / 1e4) / 100;

/**
 * The figures of a vegeta JSON report (without the checks).
 * @param {VegetaReport} report
 * @param {{ name: string, rate: number, workers?: number, duration: string }} run
 * @returns {Figures}
 */
export function figuresFrom(report, run) {
  const requests = report.requests;
  const statusCodes = report.status_codes ?? {};
  // vegeta counts 2xx/3xx as success; code 0 is a transport error (refused, time-out)
  const httpErrors = Object.entries(statusCodes)
    .filter(([code]) => Number(code) < 200 || Number(code) >= 400)
    .reduce((n, [, count]) => n + count, 0);
  const expected = run.rate > 0 ? Math.round(run.rate * durationSeconds(run.duration)) : 0;
  return {
    name: run.name,
    model: run.rate > 0 ? 'open' : 'closed',
    rate: run.rate,
    workers: run.rate > 0 ? 0 : (run.workers ?? 0),
    requests,
    rps: report.rate,
    throughput: report.throughput,
    p50: ms(report.latencies['50th']),
    p90: ms(report.latencies['90th']),
    p95: ms(report.latencies['95th']),
    p99: ms(report.latencies['99th']),
    max: ms(report.latencies.max),
    dropped: Math.max(0, expected - requests),
    statusCodes,
    errorSet: report.errors ?? [],
    httpErrors,
    checked: 0,
    checkedFailing: 0,
    checkFailures: {},
    failedChecks: 0,
    errors: httpErrors,
    errorRate: requests > 0 ? httpErrors / requests : 1,
  };
}

/**
 * Runs a command; resolves with its stdout, rejects on a non-zero exit with the end of its output.
 * @param {string} cmd
 * @param {string[]} args
 */
export function exec(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    /** @type {Buffer[]} */
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(
            new Error(
              `${path.basename(cmd)} ${args[0]} exited with ${code}: ${Buffer.concat([
                ...out,
                ...err,
              ])
                .toString('utf8')
                .trim()
                .slice(-2000)}`,
            ),
          ),
    );
  });
}

/**
 * Applies `checks` to every k-th recorded response (k chosen so that at most `sample` are
 * read); a 2xx/3xx response failing a check counts as one error (others already count).
 * @param {string} bin
 * @param {string} resultsFile
 * @param {Checks} checks
 * @param {Figures} figures
 * @param {number} sample
 */
async function applyChecks(bin, resultsFile, checks, figures, sample) {
  const every = Math.max(1, Math.ceil(figures.requests / sample));
  const child = spawn(bin, ['encode', '--to', 'json', resultsFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(code) : reject(new Error(`vegeta encode exited with ${code}`)),
    );
  });
  for await (const line of readline.createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (!line) continue;
    const seq = Number(/"seq":(\d+)/.exec(line)?.[1] ?? 0);
    if (seq % every !== 0) continue;
    const hit = JSON.parse(line);
    const r = { status: hit.code, body: Buffer.from(hit.body ?? '', 'base64').toString('utf8') };
    const failed = failedChecks(checks, r);
    figures.checked++;
    if (failed.length > 0) figures.checkedFailing++;
    for (const name of failed) figures.checkFailures[name] = (figures.checkFailures[name] ?? 0) + 1;
    if (failed.length > 0 && hit.code >= 200 && hit.code < 400 && !hit.error)
      figures.failedChecks++;
  }
  await done;
  figures.errors = figures.httpErrors + figures.failedChecks;
  figures.errorRate = figures.requests > 0 ? figures.errors / figures.requests : 1;
}

/**
 * @typedef {object} VegetaRun  one `vegeta attack` process
 * @property {string} name
 * @property {LoadRequest[]} requests
 * @property {string} rate        vegeta's -rate: '200/1s', '500/3s' (a third of 500/s), '0'
 * @property {string} duration
 * @property {number} workers
 * @property {number} maxWorkers
 * @property {string} timeout
 * @property {string} outDir
 */

/**
 * Runs one attack; resolves with the path of its binary results file.
 * @param {string} bin
 * @param {VegetaRun} r
 */
async function runVegeta(bin, r) {
  fs.mkdirSync(r.outDir, { recursive: true });
  const targets = path.join(r.outDir, `${r.name}.targets.jsonl`);
  const results = path.join(r.outDir, `${r.name}.bin`);
  fs.writeFileSync(targets, r.requests.map((q) => JSON.stringify(toTarget(q))).join('\n') + '\n');
  await exec(bin, [
    'attack',
    '-format=json',
    `-targets=${targets}`,
    `-rate=${r.rate}`,
    `-duration=${r.duration}`,
    `-workers=${r.workers}`,
    `-max-workers=${r.maxWorkers}`,
    `-timeout=${r.timeout}`,
    `-name=${r.name}`,
    `-output=${results}`,
  ]);
  return results;
}

/**
 * `vegeta report -type=json` over one or more results files (several: merged, as one run).
 * @param {string} bin
 * @param {string[]} files
 */
async function reportOf(bin, files) {
  return /** @type {VegetaReport} */ (
    JSON.parse(await exec(bin, ['report', '-type=json', ...files]))
  );
}

/**
 * One vegeta attack; resolves with its figures (also written to `<outDir>/<name>.json`).
 * @param {AttackOptions} o
 * @returns {Promise<Figures>}
 */
export async function attack(o) {
  if (o.requests.length === 0) throw new Error(`${o.name}: no requests`);
  const bin = vegetaBin();
  const workers = o.rate > 0 ? (o.workers ?? Math.min(50, Math.max(1, o.rate))) : o.workers;
  if (!workers) throw new Error(`${o.name}: the closed model (rate 0) needs a number of workers`);
  const maxWorkers = o.rate > 0 ? (o.maxWorkers ?? 400) : workers;
  const results = path.join(o.outDir, `${o.name}.bin`);
  try {
    await runVegeta(bin, {
      name: o.name,
      requests: o.requests,
      rate: o.rate > 0 ? `${o.rate}/1s` : '0',
      duration: o.duration,
      workers,
      maxWorkers,
      timeout: o.timeout ?? '15s',
      outDir: o.outDir,
    });
    const figures = figuresFrom(await reportOf(bin, [results]), {
      name: o.name,
      rate: o.rate,
      workers,
      duration: o.duration,
    });
    if (o.checks) await applyChecks(bin, results, o.checks, figures, o.checkSample ?? 1000);
    fs.writeFileSync(path.join(o.outDir, `${o.name}.json`), JSON.stringify(figures, null, 2));
    return figures;
  } finally {
    if (!o.keepResults) fs.rmSync(results, { force: true });
  }
}

/**
 * Requests whose checks differ (e.g. the answer expected for each product) in one open-model
 * run: one vegeta attack per group, all at the same time, the total rate split evenly
 * (`rate/groups` each, vegeta's `-rate=<rate>/<groups>s`), so each recorded response is checked
 * with its own group's checks. The total figures come from one report over all results files.
 * @typedef {object} AttackGroup
 * @property {string} name
 * @property {LoadRequest[]} requests  sent round-robin within the group
 * @property {Checks} [checks]
 * @property {number} [weight]  its share of the total rate is weight / (sum of weights); 1
 */

/**
 * @typedef {object} GroupAttackOptions
 * @property {string} name           the total's name; group files are `<name>-<group>`
 * @property {AttackGroup[]} groups
 * @property {number} rate           total requests per second (open model only)
 * @property {string} duration
 * @property {string} outDir
 * @property {number} [maxWorkers]   in flight at most, all groups together (400)
 * @property {number} [workers]      initial workers, all groups together
 * @property {number} [checkSample]  responses checked at most, all groups together (1000)
 * @property {string} [timeout]
 */

/**
 * vegeta's -rate for one of `groups` equal shares of `rate` requests/s, and the per-group
 * share of a total (at least 1).
 * @param {number} rate
 * @param {number} groups
 */
export function groupShare(rate, groups) {
  if (!(rate > 0)) throw new Error('a group attack is an open-model run: rate must be > 0');
  if (!(groups >= 1)) throw new Error('a group attack needs at least one group');
  return {
    rate: groups === 1 ? `${rate}/1s` : `${rate}/${groups}s`,
    /** @param {number} total */
    of: (total) => Math.max(1, Math.ceil(total / groups)),
  };
}

/**
 * @param {GroupAttackOptions} o
 * @returns {Promise<{ total: Figures, groups: Figures[] }>}
 */
export async function attackGroups(o) {
  for (const g of o.groups)
    if (g.requests.length === 0) throw new Error(`${o.name}-${g.name}: no requests`);
  const bin = vegetaBin();
  const weighted = o.groups.some((g) => g.weight !== undefined && g.weight !== 1);
  const share = groupShare(o.rate, o.groups.length);
  const totalWeight = o.groups.reduce((n, g) => n + (g.weight ?? 1), 0);
  /** the group's share of a total: equal shares, or by weight (at least 1) */
  const partOf = (/** @type {AttackGroup} */ g, /** @type {number} */ total) =>
    weighted ? Math.max(1, Math.ceil((total * (g.weight ?? 1)) / totalWeight)) : share.of(total);
  /** vegeta's -rate of a group: `<per mille of the rate>/1000s` when weighted */
  const rateOf = (/** @type {AttackGroup} */ g) =>
    weighted
      ? `${Math.max(1, Math.round((o.rate * (g.weight ?? 1) * 1000) / totalWeight))}/1000s`
      : share.rate;
  const files = o.groups.map((g) => path.join(o.outDir, `${o.name}-${g.name}.bin`));
  try {
    await Promise.all(
      o.groups.map((g) =>
        runVegeta(bin, {
          name: `${o.name}-${g.name}`,
          requests: g.requests,
          rate: rateOf(g),
          duration: o.duration,
          workers: partOf(g, o.workers ?? Math.min(100, o.rate)),
          maxWorkers: partOf(g, o.maxWorkers ?? 400),
          timeout: o.timeout ?? '15s',
          outDir: o.outDir,
        }),
      ),
    );
    const run = { rate: o.rate, duration: o.duration };
    const total = figuresFrom(await reportOf(bin, files), { ...run, name: o.name });
    const groups = [];
    for (const [i, g] of o.groups.entries()) {
      const f = figuresFrom(await reportOf(bin, [files[i]]), {
        name: `${o.name}-${g.name}`,
        rate:
          (o.rate * (weighted ? (g.weight ?? 1) : 1)) / (weighted ? totalWeight : o.groups.length),
        duration: o.duration,
      });
      if (g.checks) await applyChecks(bin, files[i], g.checks, f, partOf(g, o.checkSample ?? 1000));
      groups.push(f);
    }
    addChecks(total, groups);
    fs.writeFileSync(
      path.join(o.outDir, `${o.name}.json`),
      JSON.stringify({ total, groups }, null, 2),
    );
    return { total, groups };
  } finally {
    for (const f of files) fs.rmSync(f, { force: true });
  }
}

/**
 * Adds the groups' check figures to the total (whose HTTP figures come from the merged report).
 * @param {Figures} total
 * @param {Figures[]} groups
 */
export function addChecks(total, groups) {
  for (const g of groups) {
    total.checked += g.checked;
    total.checkedFailing += g.checkedFailing;
    total.failedChecks += g.failedChecks;
    for (const [name, n] of Object.entries(g.checkFailures))
      total.checkFailures[name] = (total.checkFailures[name] ?? 0) + n;
  }
  total.errors = total.httpErrors + total.failedChecks;
  total.errorRate = total.requests > 0 ? total.errors / total.requests : 1;
  return total;
}

/**
 * One line of figures: `name  1234 req/s  p50 .. p95 .. p99 .. ms  errors 0 (0.00%)`.
 * @param {Figures} f
 */
export function formatFigures(f) {
  const load = f.model === 'open' ? `@${f.rate}/s` : `${f.workers} concurrent`;
  const checks = f.checked ? `, checks ok on ${f.checked - f.checkedFailing}/${f.checked}` : '';
  const dropped = f.dropped ? `, ${f.dropped} not sent on time` : '';
  const bad = Object.entries(f.statusCodes).filter(([c]) => Number(c) < 200 || Number(c) >= 400);
  const codes = bad.length
    ? ` [${bad.map(([c, n]) => `${c === '0' ? 'no answer' : c}: ${n}`).join(', ')}]`
    : '';
  return (
    `${f.name.padEnd(24)} ${load.padEnd(14)} ${f.throughput.toFixed(0).padStart(6)} req/s  ` +
    `p50 ${f.p50.toFixed(2)} ms  p95 ${f.p95.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  ` +
    `errors ${f.errors} (${(f.errorRate * 100).toFixed(2)}%)${codes}${checks}${dropped}`
  );
}
