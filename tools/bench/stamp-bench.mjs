#!/usr/bin/env node
// Stamping the 1000-question workbook (issue 13, ADR 0020 §5): builds the TEAS Math Workbook
// once (tools/seed/workbooks, libs built), then for each way of stamping, in its own process
// (so peak RSS is that way's own): 100 stamps one after the other (median, p95, max, RSS after
// 20 and after 100 to show memory bounded, peak RSS) and 100 more with 5 requests at a time in
// the same process, as the media service would run them (median and p95 from each request's
// start). Each output is checked: the stamp is on every page (pdftotext when installed) and
// the page count is the original's. Prints a table and writes .infra/bench/stamp.json.
//   node tools/bench/stamp-bench.mjs [--n 100] [--only incremental,pdf-lib,pdf-lib-objstm,qpdf]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const N = Number(arg('n', 100));
const EMAIL = 'learner@examprep.test';

const WAYS = {
  incremental: (m, b, e) => m.stampIncremental(b, e),
  'pdf-lib': (m, b, e) => m.stampWithPdfLib(b, e, { useObjectStreams: false }),
  'pdf-lib-objstm': (m, b, e) => m.stampWithPdfLib(b, e, { useObjectStreams: true }),
  qpdf: (m, b, e) => m.stampWithQpdf(b, e),
};

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;

async function child(way, file) {
  require('@swc-node/register');
  const stamp = require(path.join(root, 'apps/media/src/pdf/stamp.ts'));
  const original = new Uint8Array(fs.readFileSync(file));
  const fn = WAYS[way];
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < 3; i++) await fn(stamp, original, EMAIL); // warm-up (JIT)
  const gc = () => globalThis.gc?.();
  const seq = [];
  let rssAt20 = 0;
  let heapAt20 = 0;
  const heap = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  let last;
  for (let i = 1; i <= N; i++) {
    const t = performance.now();
    last = await fn(stamp, original, `learner${i}@examprep.test`);
    seq.push(performance.now() - t);
    if (i === 20) {
      gc();
      rssAt20 = process.memoryUsage().rss;
      heapAt20 = heap();
    }
  }
  gc();
  const rssAt100 = process.memoryUsage().rss;
  const heapAt100 = heap();
  const conc = [];
  let next = 0;
  const worker = async () => {
    while (next < N) {
      const i = next++;
      const t = performance.now();
      await fn(stamp, original, `learner${i}@examprep.test`);
      conc.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all([worker(), worker(), worker(), worker(), worker()]);
  const concWall = performance.now() - started;
  const outFile = path.join(path.dirname(file), `stamped-${way}.pdf`);
  fs.writeFileSync(outFile, last);
  seq.sort((a, b) => a - b);
  conc.sort((a, b) => a - b);
  process.stdout.write(
    JSON.stringify({
      way,
      sequential: {
        n: N,
        medianMs: seq[Math.floor(N / 2)],
        p95Ms: pct(seq, 95),
        maxMs: seq[N - 1],
      },
      concurrent5: {
        n: N,
        medianMs: conc[Math.floor(N / 2)],
        p95Ms: pct(conc, 95),
        perSecond: (N / concWall) * 1000,
      },
      rssBeforeMB: mb(rssBefore),
      rssAfter20MB: mb(rssAt20),
      rssAfter100MB: mb(rssAt100),
      heapAfter20MB: mb(heapAt20),
      heapAfter100MB: mb(heapAt100),
      peakRssMB: mb(process.resourceUsage().maxRSS * 1024),
      outputBytes: last.length,
      outFile,
    }),
  );
}

function check(result, originalPages) {
  try {
    const info = execFileSync('pdfinfo', [result.outFile], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)[1]);
    const text = execFileSync('pdftotext', [result.outFile, '-'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const stamps =
      text.split(`Licensed to learner${N}@examprep.test. Personal copy: do not share.`).length - 1;
    const meta = execFileSync('pdfinfo', ['-custom', result.outFile], { encoding: 'utf8' });
    return {
      pages,
      stampedPages: stamps,
      correct:
        pages === originalPages &&
        stamps === originalPages &&
        meta.includes(`learner${N}@examprep.test`),
    };
  } catch {
    return { correct: null, note: 'poppler-utils not installed: output not checked' };
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-bench-'));
  const { buildWorkbook, WORKBOOKS } = require(
    path.join(root, 'tools/seed/workbooks/build-workbook.cjs'),
  );
  const t0 = performance.now();
  const { pdf, manifest } = await buildWorkbook(WORKBOOKS.teas_math_workbook);
  const buildMs = performance.now() - t0;
  const file = path.join(dir, 'workbook.pdf');
  fs.writeFileSync(file, pdf);
  console.log(
    `TEAS Math Workbook: ${manifest.questionCount} questions, ${manifest.pageCount} pages, ${mb(pdf.length)} MB, built in ${Math.round(buildMs)} ms\n`,
  );
  const ways = (arg('only', Object.keys(WAYS).join(',')) || '').split(',');
  const rows = [];
  for (const way of ways) {
    const r = spawnSync(
      process.execPath,
      ['--expose-gc', new URL(import.meta.url).pathname, '--child', way, file, '--n', String(N)],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 16 << 20,
      },
    );
    if (r.status !== 0) {
      console.error(`${way}: failed\n${r.stderr}`);
      rows.push({ way, error: r.stderr.slice(-500) });
      continue;
    }
    const result = JSON.parse(r.stdout);
    rows.push({ ...result, check: check(result, manifest.pageCount) });
  }
  const f = (x) => (typeof x === 'number' ? x.toFixed(1) : '-');
  console.log(
    'way              seq median  seq p95  seq max  5-conc median  5-conc p95  stamps/s  RSS@20  RSS@100  heap@20  heap@100  peak RSS  correct',
  );
  for (const r of rows) {
    if (r.error) {
      console.log(`${r.way.padEnd(16)} error`);
      continue;
    }
    console.log(
      `${r.way.padEnd(16)} ${f(r.sequential.medianMs).padStart(7)} ms ${f(r.sequential.p95Ms).padStart(6)} ms ${f(r.sequential.maxMs).padStart(6)} ms ${f(r.concurrent5.medianMs).padStart(10)} ms ${f(r.concurrent5.p95Ms).padStart(8)} ms ${f(r.concurrent5.perSecond).padStart(8)} ${String(r.rssAfter20MB).padStart(5)} MB ${String(r.rssAfter100MB).padStart(5)} MB ${String(r.heapAfter20MB).padStart(5)} MB ${String(r.heapAfter100MB).padStart(5)} MB ${String(r.peakRssMB).padStart(6)} MB  ${r.check.correct}`,
    );
  }
  const report = {
    at: new Date().toISOString(),
    workbook: {
      questions: manifest.questionCount,
      pages: manifest.pageCount,
      bytes: pdf.length,
      buildMs: Math.round(buildMs),
    },
    n: N,
    cpus: os.cpus().length,
    rows,
  };
  console.log(`\n${JSON.stringify(report, null, 2)}`);
  const out = path.join(root, '.infra/bench');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'stamp.json'), JSON.stringify(report, null, 2));
  fs.rmSync(dir, { recursive: true, force: true });
}

if (process.argv.includes('--child')) {
  const i = process.argv.indexOf('--child');
  await child(process.argv[i + 1], process.argv[i + 2]);
} else {
  await main();
}
