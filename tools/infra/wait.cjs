#!/usr/bin/env node
// Health checks of the local servers, used by infra.sh (start: wait until ready; status: probe once).
//
//   node wait.cjs [--once] --check <name> <kind> <target> <pid|-> <timeoutSeconds> [--check ...]
//
// kinds:  http    GET <target>, ready on a 2xx answer
//         stripe  GET <target>/v1/customers with the stripe-mock test key, ready on 2xx
//         mongo   MongoDB `ping` on <target> (mongodb:// URL) via the `mongodb` driver of the
//                 workspace; falls back to a plain TCP connect when the driver is not installed
//         tcp     TCP connect to <target> (host:port)
// While waiting, a check whose pid has exited fails at once instead of running into its timeout.
// Prints one line per check; exit code 0 when all are ready, 1 otherwise (failed names on the
// last line as `FAILED: a b`).
'use strict';

const net = require('node:net');

const INTERVAL_MS = 250;
const PROBE_TIMEOUT_MS = 2000;

function parseArgs(argv) {
  const checks = [];
  let once = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--once') once = true;
    else if (argv[i] === '--check') {
      const [name, kind, target, pid, timeout] = argv.slice(i + 1, i + 6);
      if (timeout === undefined)
        throw new Error('--check needs: name kind target pid timeoutSeconds');
      checks.push({
        name,
        kind,
        target,
        pid: pid === '-' ? null : Number(pid),
        timeoutMs: Number(timeout) * 1000,
      });
      i += 5;
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  return { once, checks };
}

async function httpOk(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

function tcpOk(host, port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port: Number(port) });
    socket.setTimeout(PROBE_TIMEOUT_MS, () => socket.destroy(new Error('timeout')));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

let mongodb;
try {
  mongodb = require('mongodb');
} catch {
  mongodb = null;
}

async function mongoOk(url) {
  const u = new URL(url);
  if (!mongodb) return tcpOk(u.hostname, u.port || 27017);
  const client = new mongodb.MongoClient(url, {
    directConnection: true,
    serverSelectionTimeoutMS: PROBE_TIMEOUT_MS,
    connectTimeoutMS: PROBE_TIMEOUT_MS,
  });
  try {
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close().catch(() => {});
  }
}

function probe({ kind, target }) {
  switch (kind) {
    case 'http':
      return httpOk(target);
    case 'stripe':
      return httpOk(`${target}/v1/customers`, { Authorization: 'Bearer sk_test_123' });
    case 'mongo':
      return mongoOk(target);
    case 'tcp': {
      const [host, port] = target.split(':');
      return tcpOk(host, port);
    }
    default:
      throw new Error(`unknown check kind ${kind}`);
  }
}

function alive(pid) {
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitOne(check, once) {
  const started = Date.now();
  let lastError = 'not checked';
  for (;;) {
    try {
      await probe(check);
      return { ok: true, ms: Date.now() - started };
    } catch (e) {
      lastError = e.cause?.code || e.code || e.message;
    }
    if (once) return { ok: false, ms: Date.now() - started, error: lastError };
    if (!alive(check.pid))
      return { ok: false, ms: Date.now() - started, error: `process ${check.pid} exited` };
    if (Date.now() - started > check.timeoutMs) {
      return {
        ok: false,
        ms: Date.now() - started,
        error: `not ready after ${check.timeoutMs / 1000}s (${lastError})`,
      };
    }
    await sleep(INTERVAL_MS);
  }
}

async function main() {
  const { once, checks } = parseArgs(process.argv.slice(2));
  const results = await Promise.all(
    checks.map(async (c) => {
      const r = await waitOne(c, once);
      const secs = (r.ms / 1000).toFixed(1);
      if (once) process.stdout.write(`${c.name} ${r.ok ? 'ready' : 'not-ready'}\n`);
      else
        process.stdout.write(
          r.ok ? `  ready  ${c.name} (${secs}s)\n` : `  FAILED ${c.name}: ${r.error}\n`,
        );
      return { name: c.name, ...r };
    }),
  );
  const failed = results.filter((r) => !r.ok).map((r) => r.name);
  if (failed.length > 0) {
    if (!once) process.stdout.write(`FAILED: ${failed.join(' ')}\n`);
    process.exit(1);
  }
}

main().catch((e) => {
  process.stderr.write(`wait.cjs: ${e.message}\n`);
  process.exit(2);
});
