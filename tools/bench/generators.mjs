#!/usr/bin/env node
// Generator throughput (issue #4): questions per second on one core, per topic, from the
// built library (npm run build first). Each topic runs for --ms milliseconds after a warm-up.
//   node tools/bench/generators.mjs [--ms 500]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { generate, generatorKeys } = require('@examprep/generators');
const i = process.argv.indexOf('--ms');
const ms = i > 0 ? Number(process.argv[i + 1]) : 500;

const rows = [];
for (const key of generatorKeys()) {
  for (let s = 0; s < 2000; s++) generate(key, s); // warm-up (JIT)
  let n = 0;
  const start = performance.now();
  const until = start + ms;
  while (performance.now() < until) {
    for (let k = 0; k < 100; k++) generate(key, ((n + k) * 2654435761) >>> 0);
    n += 100;
  }
  rows.push({ topic: key, perSecond: Math.round(n / ((performance.now() - start) / 1000)) });
}
rows.sort((a, b) => a.perSecond - b.perSecond);
for (const r of rows)
  console.log(`${r.topic.padEnd(28)} ${String(r.perSecond).padStart(9)} questions/s`);
const min = rows[0];
console.log(`\n${rows.length} topics; slowest ${min.topic} at ${min.perSecond}/s on one core`);
const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../.infra/bench');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'generators.json'),
  JSON.stringify({ at: new Date().toISOString(), ms, rows }, null, 2),
);
