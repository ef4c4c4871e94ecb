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
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
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

const require = createRequire(import.meta.url);
const { loadConfig, expandHome } = require('../infra/config.cjs');

/** The vegeta binary tools/infra installed. */
export function vegetaBin() {
  const cache = expandHome(process.env.EXAMPREP_CACHE_DIR || loadConfig().cacheDir);
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
 * Runs a command; resolves with its stdout, rejects with its stderr on a non-zero exit.
 * @param {string} cmd
 * @param {string[]} args
 */
function exec(cmd, args) {
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
              `${path.basename(cmd)} ${args[0]} exited with ${code}: ${Buffer.concat(err).toString('utf8').trim()}`,
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
 * One vegeta attack; resolves with its figures (also written to `<outDir>/<name>.json`).
 * @param {AttackOptions} o
 * @returns {Promise<Figures>}
 */
export async function attack(o) {
  if (o.requests.length === 0) throw new Error(`${o.name}: no requests`);
  const bin = vegetaBin();
  fs.mkdirSync(o.outDir, { recursive: true });
  const targets = path.join(o.outDir, `${o.name}.targets.jsonl`);
  const results = path.join(o.outDir, `${o.name}.bin`);
  fs.writeFileSync(targets, o.requests.map((r) => JSON.stringify(toTarget(r))).join('\n') + '\n');
  const workers = o.rate > 0 ? (o.workers ?? Math.min(50, Math.max(1, o.rate))) : o.workers;
  if (!workers) throw new Error(`${o.name}: the closed model (rate 0) needs a number of workers`);
  const maxWorkers = o.rate > 0 ? (o.maxWorkers ?? 400) : workers;
  try {
    await exec(bin, [
      'attack',
      '-format=json',
      `-targets=${targets}`,
      `-rate=${o.rate > 0 ? `${o.rate}/1s` : '0'}`,
      `-duration=${o.duration}`,
      `-workers=${workers}`,
      `-max-workers=${maxWorkers}`,
      `-timeout=${o.timeout ?? '15s'}`,
      `-name=${o.name}`,
      `-output=${results}`,
    ]);
    const report = /** @type {VegetaReport} */ (
      JSON.parse(await exec(bin, ['report', '-type=json', results]))
    );
    const figures = figuresFrom(report, {
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
