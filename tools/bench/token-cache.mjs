#!/usr/bin/env node
// Token-cache bench (ADR 0034): the gateway's hit path of verified tokens, our insertion-ordered
// Map (a hit moved its token to the young end at most once per LRU_TOUCH_MS, as
// apps/gateway/src/auth/token-verifier.ts did before ADR 0034) against lru-cache configured as
// the verifier now has it (max, per-entry ttl up to the token's exp, the clock read on every
// look-up). Only the cache is timed: both answer a hit without the RSA check, and both hash the
// token string alike in Map.get.
//
//   node tools/bench/token-cache.mjs [--tokens 2000] [--max 10000] [--burst 8] [--calls 2000000]
//     [--rounds 7]
//
// Two request streams, both all hits: 'bursts' (a learner's page: --burst calls with one token,
// the next page another random one of --tokens), and 'spread' (every call a random token of
// --max, a full cache, no two alike in a row: the LRU bookkeeping on every call). Each round
// runs every variant once on the same stream, in turns, so the machine's load weighs on each
// alike; the table shows the median and the range of ns per call over --rounds rounds.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    tokens: { type: 'string', default: '2000' },
    max: { type: 'string', default: '10000' },
    burst: { type: 'string', default: '8' },
    calls: { type: 'string', default: '2000000' },
    rounds: { type: 'string', default: '7' },
  },
});
const TOKENS = Number(args.tokens);
const MAX = Number(args.max);
const BURST = Number(args.burst);
const CALLS = Number(args.calls);
const ROUNDS = Number(args.rounds);

// the gateway's own lru-cache (11), not the older one hoisted to the root for other packages
const gatewayRequire = createRequire(path.resolve('apps/gateway/package.json'));
const { LRUCache } = gatewayRequire('lru-cache');
const lruVersion = (() => {
  let dir = path.dirname(gatewayRequire.resolve('lru-cache'));
  while (!existsSync(path.join(dir, 'package.json')) || path.basename(dir) !== 'lru-cache')
    dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
})();

const ACTOR = { uid: 'u', email: 'u@x.test', isAdmin: false, emailVerified: true };
const LRU_TOUCH_MS = 1_000;

/** The verifier's cache before ADR 0034, its hit path as it was. */
class MapCache {
  constructor(max, now) {
    this.max = max;
    this.now = now;
    this.verified = new Map();
  }
  get(token) {
    const now = this.now();
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > now) {
        if (now - hit.touchedAt >= LRU_TOUCH_MS) {
          hit.touchedAt = now;
          this.verified.delete(token);
          this.verified.set(token, hit);
        }
        return hit.actor;
      }
      this.verified.delete(token);
    }
    return undefined;
  }
  set(token, actor, expiresAt) {
    const now = this.now();
    if (this.verified.size >= this.max) this.verified.delete(this.verified.keys().next().value);
    this.verified.set(token, { actor, expiresAt, touchedAt: now });
  }
}

/** lru-cache as TokenVerifier builds it (ttlResolution 0: the clock on every look-up). */
class LruCacheOf {
  constructor(max, now, ttlResolution) {
    this.now = now;
    this.cache = new LRUCache({ max, perf: { now }, ttlResolution });
  }
  get(token) {
    return this.cache.get(token);
  }
  set(token, actor, expiresAt) {
    this.cache.set(token, actor, { ttl: expiresAt - this.now() - 1 });
  }
}

const VARIANTS = [
  ['Map, touch once per 1 s (ours)', (max) => new MapCache(max, Date.now)],
  ['lru-cache, ttlResolution 0 (kept)', (max) => new LruCacheOf(max, Date.now, 0)],
  // in a loop that never yields, its 1 ms reading never expires (no Date.now at all): a bound
  ['lru-cache, ttlResolution 1 (default)', (max) => new LruCacheOf(max, Date.now, 1)],
];

/** A Keycloak access token is about 1.2 kB: keys of that length, all different. */
function tokens(n) {
  const body = 'x'.repeat(1200);
  return Array.from({ length: n }, (_, i) => `eyJ${i.toString(36)}.${body}.${i}`);
}

/** mulberry32: the same stream for every variant. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function stream(kind, keys) {
  const next = rng(27);
  const order = new Uint32Array(CALLS);
  if (kind === 'bursts') {
    for (let i = 0; i < CALLS; i += BURST) {
      const k = Math.floor(next() * keys.length);
      for (let j = i; j < Math.min(CALLS, i + BURST); j++) order[j] = k;
    }
  } else {
    let last = -1;
    for (let i = 0; i < CALLS; i++) {
      let k;
      do k = Math.floor(next() * keys.length);
      while (k === last);
      order[i] = last = k;
    }
  }
  return order;
}

function run(make, keys, order) {
  const cache = make(MAX);
  const exp = Date.now() + 3_600_000;
  for (const k of keys) cache.set(k, ACTOR, exp);
  let misses = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < order.length; i++) if (cache.get(keys[order[i]]) === undefined) misses++;
  const ns = Number(process.hrtime.bigint() - started) / order.length;
  if (misses > 0) throw new Error(`${misses} misses: the stream must be all hits`);
  return ns;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `lru-cache ${lruVersion}, node ${process.version}; ${CALLS.toLocaleString('en')} calls a run, ${ROUNDS} rounds`,
);
for (const [kind, n] of [
  ['bursts', TOKENS],
  ['spread', MAX],
]) {
  const keys = tokens(n);
  const order = stream(kind, keys);
  const times = VARIANTS.map(() => []);
  // one warm-up round, not counted (JIT)
  for (const [, make] of VARIANTS) run(make, keys, order);
  for (let r = 0; r < ROUNDS; r++)
    VARIANTS.forEach(([, make], v) => times[v].push(run(make, keys, order)));
  console.log(
    `\n${kind}: ${n.toLocaleString('en')} tokens${kind === 'bursts' ? `, ${BURST} calls each page` : ', a full cache'}`,
  );
  console.log('| cache | ns per hit (median) | range |');
  console.log('| --- | ---: | ---: |');
  VARIANTS.forEach(([name], v) =>
    console.log(
      `| ${name} | ${median(times[v]).toFixed(0)} | ${Math.min(...times[v]).toFixed(0)}-${Math.max(...times[v]).toFixed(0)} |`,
    ),
  );
}
