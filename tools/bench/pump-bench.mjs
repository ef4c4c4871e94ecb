#!/usr/bin/env node
// Pump generator throughput (issue #14): problems per second on one core for each kind and
// time format (generate + public view), and checks per second, from the built library
// (npm run build first). Each case runs for --ms milliseconds after a warm-up.
//   node tools/bench/pump-bench.mjs [--ms 500]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { generatePump, publicView, checkPump } = require('@examprep/pump');
const { PUMP_KINDS, PUMP_TIME_FORMATS } = require('@examprep/contracts/types');
const i = process.argv.indexOf('--ms');
const ms = i > 0 ? Number(process.argv[i + 1]) : 500;

function rate(fn) {
  for (let s = 0; s < 2000; s++) fn(s); // warm-up (JIT)
  let n = 0;
  const start = performance.now();
  const until = start + ms;
  while (performance.now() < until) {
    for (let k = 0; k < 100; k++) fn(((n + k) * 2654435761) >>> 0);
    n += 100;
  }
  return Math.round(n / ((performance.now() - start) / 1000));
}

const rows = [];
for (const kind of PUMP_KINDS) {
  const formats = kind.startsWith('find') ? ['given'] : PUMP_TIME_FORMATS;
  for (const timeFormat of formats) {
    const generated = rate((seed) => publicView(generatePump({ kind, timeFormat, seed })));
    const checked = rate((seed) => {
      const p = generatePump({ kind, timeFormat, seed });
      const e = p.expected;
      return checkPump(p, e.mode === 'channels' ? { A: e.A, B: e.B } : e);
    });
    rows.push({ kind, timeFormat, generated, checked });
  }
}
for (const r of rows)
  console.log(
    `${`${r.kind} ${r.timeFormat}`.padEnd(24)} ${String(r.generated).padStart(9)} problems/s ${String(r.checked).padStart(9)} replay+checks/s`,
  );
const min = rows.reduce((a, b) => (b.generated < a.generated ? b : a));
console.log(`\nslowest: ${min.kind} ${min.timeFormat} at ${min.generated} problems/s on one core`);
