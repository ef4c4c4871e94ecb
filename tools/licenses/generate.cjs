#!/usr/bin/env node
// THIRD-PARTY-LICENSES.md from package-lock.json, the installed node_modules and the programs
// tools/infra installs (tools/licenses/servers.json + the versions of infra.config.json): every
// npm package with its version and licence, split into what the production images carry and
// what only development and tests use.
//
//   node tools/licenses/generate.cjs           (npm run licenses) writes THIRD-PARTY-LICENSES.md
//   node tools/licenses/generate.cjs --check   exit 1 when the committed file is not what it writes
//
// Stops (exit 1, naming each package) on a licence that is missing, unknown or not accepted
// (AGPL, SSPL, BUSL, Commons Clause, ...) unless a person has read it: tools/licenses/reviewed.json.
// Plain CommonJS without dependencies, like the environment model: the spec loads it as it is.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const OUTPUT = 'THIRD-PARTY-LICENSES.md';

/** Open licences we accept for npm packages (SPDX ids), whichever image they end up in. */
const ACCEPTED = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'MPL-1.1',
  'MPL-2.0',
  'PostgreSQL',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);
/**
 * Programs we only run beside ours (never linked into our code or shipped in our images) may
 * also be under the GPL; still never AGPL or a source-available licence.
 */
const ACCEPTED_FOR_PROGRAMS = new Set([
  ...ACCEPTED,
  'GPL-2.0-only',
  'GPL-2.0-or-later',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
]);
/** Named in the failure: network copyleft, source-available and "no licence" markers. */
const REFUSED = [/AGPL/i, /SSPL/i, /BUSL/i, /Commons[- ]?Clause/i, /^Elastic-/i, /^UNLICENSED$/i];

// ------------------------------------------------------------------------------------------
// SPDX expressions

/** An SPDX expression as a tree: { id } | { and: [a, b] } | { or: [a, b] }; throws when malformed. */
function parseExpression(text) {
  const tokens = text.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let i = 0;
  const is = (word) => typeof tokens[i] === 'string' && tokens[i].toUpperCase() === word;
  const primary = () => {
    const t = tokens[i++];
    if (t === '(') {
      const inner = or();
      if (tokens[i++] !== ')') throw new Error(`unbalanced parentheses in "${text}"`);
      return inner;
    }
    if (t === undefined || t === ')' || /^(AND|OR|WITH)$/i.test(t))
      throw new Error(`not an SPDX expression: "${text}"`);
    // "Apache-2.0 WITH LLVM-exception": an exception only adds permissions
    if (is('WITH')) i += 2;
    return { id: t.replace(/\+$/, '') };
  };
  const and = () => {
    let left = primary();
    while (is('AND')) {
      i++;
      left = { and: [left, primary()] };
    }
    return left;
  };
  const or = () => {
    let left = and();
    while (is('OR')) {
      i++;
      left = { or: [left, and()] };
    }
    return left;
  };
  const tree = or();
  if (i !== tokens.length) throw new Error(`not an SPDX expression: "${text}"`);
  return tree;
}

const idsOf = (tree) => (tree.id ? [tree.id] : (tree.and || tree.or).flatMap(idsOf));

/**
 * Whether a licence field may be used: 'ok' (one of its OR branches is all accepted),
 * 'refused' (it names AGPL, SSPL, ... and offers no accepted choice), 'unknown' (anything
 * else, e.g. "SEE LICENSE IN ...") or 'missing'.
 */
function verdict(field, accepted = ACCEPTED) {
  if (typeof field !== 'string' || field.trim() === '') return 'missing';
  let tree;
  try {
    tree = parseExpression(field.trim());
  } catch {
    return REFUSED.some((re) => re.test(field)) ? 'refused' : 'unknown';
  }
  const ok = (t) => (t.id ? accepted.has(t.id) : t.and ? t.and.every(ok) : t.or.some(ok));
  if (ok(tree)) return 'ok';
  return idsOf(tree).some((id) => REFUSED.some((re) => re.test(id))) ? 'refused' : 'unknown';
}

// ------------------------------------------------------------------------------------------
// the lockfile

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The lockfile path a package named `name` resolves to from the package at `from` (Node's walk up). */
function resolveFrom(packages, from, name) {
  let base = from;
  for (;;) {
    const at = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[at]) return at;
    if (!base) return null;
    const i = base.lastIndexOf('/node_modules/');
    base = i >= 0 ? base.slice(0, i) : '';
  }
}

/**
 * The apps whose images we build: every apps/* workspace tagged type:app (the server apps'
 * images of deploy/docker/Dockerfile, and the web app, whose bundle the web image serves).
 */
function imageApps(root = ROOT) {
  const dir = path.join(root, 'apps');
  return fs
    .readdirSync(dir)
    .filter((name) => {
      const file = path.join(dir, name, 'package.json');
      return fs.existsSync(file) && ((readJson(file).nx || {}).tags || []).includes('type:app');
    })
    .sort();
}

/**
 * Lockfile paths of everything a production image carries: the `dependencies` (and optional
 * and required peer dependencies that are installed) of the image apps, followed through the
 * workspace libs they use, as `npm ci --omit=dev --workspace=apps/<app>` installs them.
 * Libraries only tests import (libs/test-kit and its testcontainers, ...) are not among them.
 */
function productionPaths(lock, apps) {
  const packages = lock.packages;
  const seen = new Set();
  const queue = apps.map((app) => `apps/${app}`);
  while (queue.length > 0) {
    const at = queue.shift();
    if (seen.has(at) || !packages[at]) continue;
    seen.add(at);
    const entry = packages[at];
    const optionalPeers = entry.peerDependenciesMeta || {};
    const names = [
      ...Object.keys(entry.dependencies || {}),
      ...Object.keys(entry.optionalDependencies || {}),
      ...Object.keys(entry.peerDependencies || {}).filter((n) => !optionalPeers[n]?.optional),
    ];
    for (const name of names) {
      let dep = resolveFrom(packages, at, name);
      // not installed: an optional dependency of another platform, or a peer nobody needs
      if (!dep) continue;
      if (packages[dep].link) dep = packages[dep].resolved;
      queue.push(dep);
    }
  }
  return seen;
}

/** The licence field of a package: the lockfile's, else its installed package.json's (old forms too). */
function licenceField(root, at, entry) {
  if (typeof entry.license === 'string') return entry.license;
  const file = path.join(root, at, 'package.json');
  if (!fs.existsSync(file)) return null;
  const pkg = readJson(file);
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses)) {
    const ids = pkg.licenses.map((l) => (typeof l === 'string' ? l : l?.type)).filter(Boolean);
    if (ids.length === 1) return ids[0];
    if (ids.length > 1) return `(${ids.join(' OR ')})`;
  }
  return null;
}

function compareVersions(a, b) {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? '', pb[i] ?? ''];
    const [nx, ny] = [Number(x), Number(y)];
    const d =
      x !== '' && y !== '' && !isNaN(nx) && !isNaN(ny) ? nx - ny : x < y ? -1 : x > y ? 1 : 0;
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Every third-party npm package of the lockfile once per name@version: { name, version,
 * licence (as recorded), field (as found), production, reviewed }, sorted by name and version,
 * and the problems (packages whose licence is not accepted and not reviewed).
 * Options: root (the repository), lock (a parsed lockfile), reviewed (reviewed.json's packages).
 */
function npmPackages(options = {}) {
  const root = options.root || ROOT;
  const lock = options.lock || readJson(path.join(root, 'package-lock.json'));
  const reviewed = options.reviewed || readJson(path.join(__dirname, 'reviewed.json')).packages;
  const production = productionPaths(lock, options.apps || imageApps(root));
  const byKey = new Map();
  for (const [at, entry] of Object.entries(lock.packages)) {
    // the root, our own workspaces (apps/*, libs/*) and the links to them
    if (!at.includes('node_modules/') || entry.link) continue;
    const name = entry.name || at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const key = `${name}@${entry.version}`;
    const row = byKey.get(key) || {
      name,
      version: entry.version,
      field: licenceField(root, at, entry),
      production: false,
    };
    row.production ||= production.has(at);
    byKey.set(key, row);
  }
  const rows = [...byKey.values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : compareVersions(a.version, b.version),
  );
  const problems = [];
  const usedReviews = new Set();
  for (const row of rows) {
    const review = reviewed[row.name];
    if (verdict(row.field) === 'ok') {
      row.licence = row.field;
    } else if (review && review.found === row.field) {
      row.licence = review.licence;
      row.reviewed = true;
      usedReviews.add(row.name);
    } else {
      row.licence = row.field;
      problems.push(
        `${row.name}@${row.version}: ${verdict(row.field)} licence ${JSON.stringify(row.field)}`,
      );
    }
  }
  const unusedReviews = Object.keys(reviewed).filter((name) => !usedReviews.has(name));
  return { rows, problems, unusedReviews };
}

// ------------------------------------------------------------------------------------------
// the programs tools/infra and the test runner install

/** servers.json's entries with the versions of infra.config.json; throws on one left undescribed. */
function programs(options = {}) {
  const root = options.root || ROOT;
  const versions = (
    options.infraConfig || readJson(path.join(root, 'tools/infra/infra.config.json'))
  ).versions;
  const servers = (options.servers || readJson(path.join(__dirname, 'servers.json'))).servers;
  const described = new Set(servers.map((s) => s.version).filter(Boolean));
  const undescribed = Object.keys(versions).filter((k) => !described.has(k));
  if (undescribed.length > 0)
    throw new Error(
      `tools/infra/infra.config.json installs ${undescribed.join(', ')}, which tools/licenses/servers.json does not describe`,
    );
  const out = [];
  for (const s of servers) {
    if (s.debian) out.push({ ...s, shown: `Debian's ${s.debian}` });
    else if (versions[s.version] !== undefined) out.push({ ...s, shown: versions[s.version] });
    else if (!s.optional)
      throw new Error(
        `tools/licenses/servers.json describes "${s.version}", which tools/infra/infra.config.json has no version of`,
      );
  }
  const problems = out
    .filter((s) => verdict(s.licence, ACCEPTED_FOR_PROGRAMS) !== 'ok')
    .map((s) => `${s.name}: ${verdict(s.licence, ACCEPTED_FOR_PROGRAMS)} licence "${s.licence}"`);
  return { programs: out, problems };
}

// ------------------------------------------------------------------------------------------
// the document

/** A Markdown table as prettier writes it (columns padded), so `prettier --check` leaves it be. */
function table(header, rows) {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** THIRD-PARTY-LICENSES.md as the script writes it; throws when a licence is not accepted. */
function render(options = {}) {
  const root = options.root || ROOT;
  const { rows, problems, unusedReviews } = npmPackages(options);
  const servers = programs(options);
  const all = [...problems, ...servers.problems];
  if (all.length > 0)
    throw new Error(
      `licences not accepted (review each; accepted ones go to tools/licenses/reviewed.json with the reason):\n  ${all.join('\n  ')}`,
    );
  if (unusedReviews.length > 0)
    throw new Error(
      `tools/licenses/reviewed.json reviews packages the lockfile no longer has as found: ${unusedReviews.join(', ')}`,
    );
  const apps = options.apps || imageApps(root);
  const prod = rows.filter((r) => r.production);
  const dev = rows.filter((r) => !r.production);
  const cell = (r) => [r.name, r.version, r.reviewed ? `${r.licence} (reviewed)` : r.licence];
  const counts = new Map();
  for (const r of rows) {
    const c = counts.get(r.licence) || [0, 0];
    c[r.production ? 0 : 1]++;
    counts.set(r.licence, c);
  }
  const summary = [...counts]
    .sort((a, b) => b[1][0] + b[1][1] - (a[1][0] + a[1][1]) || (a[0] < b[0] ? -1 : 1))
    .map(([licence, [p, d]]) => [licence, String(p), String(d)]);
  const reviewedRows = rows.filter((r) => r.reviewed);
  const reviewed = options.reviewed || readJson(path.join(__dirname, 'reviewed.json')).packages;
  return [
    '# Third-party licences',
    '',
    'Generated by `npm run licenses` (tools/licenses/generate.cjs) from package-lock.json, the',
    'installed node_modules and tools/infra/infra.config.json with tools/licenses/servers.json. Do',
    'not edit it by hand: tools/licenses/licenses.spec.ts fails when it is not what the script',
    'writes from the current lockfile. This project itself is under the Apache License 2.0',
    '([LICENSE](LICENSE)).',
    '',
    'Every package is accepted only under an open licence (no AGPL, SSPL, BUSL, Commons Clause or',
    'missing licence); a licence field that is not a plain SPDX expression was read by a person',
    '(tools/licenses/reviewed.json, marked "reviewed" below).',
    '',
    '## Summary',
    '',
    `${prod.length} npm packages in the production images, ${dev.length} for development and tests only, ${servers.programs.length} programs our scripts install and run.`,
    '',
    table(['licence', 'production', 'development and tests'], summary),
    '',
    '## Programs our scripts install and run',
    '',
    'Installed into the cache by tools/infra (versions: tools/infra/infra.config.json) or, for the',
    'browser tests, from Debian by tools/test/run-all.mjs; run as separate processes beside our',
    'apps, never part of our images. What a machine brings itself (Go, Java, Maven, Python, Docker',
    'and the images of docker-compose.yml) is not listed.',
    '',
    table(
      ['program', 'version', 'licence', 'from'],
      servers.programs.map((s) => [s.name, s.shown, s.licence, s.source]),
    ),
    '',
    '## npm packages in the production images',
    '',
    `What \`npm ci --omit=dev --workspace=apps/<app>\` installs for the images of ${apps.map((a) => `apps/${a}`).join(', ')}`,
    '(deploy/docker): the `dependencies` of those apps and of the workspace libs they use, followed',
    "through the lockfile (the web app's are bundled into its static files).",
    '',
    table(['package', 'version', 'licence'], prod.map(cell)),
    '',
    '## npm packages for development and tests only',
    '',
    'Build, lint and test tooling, the seed and the test libraries (libs/test-kit, apps/web-e2e):',
    'installed by `npm install` in a clone, never part of a production image.',
    '',
    table(['package', 'version', 'licence'], dev.map(cell)),
    '',
    '## Reviewed by hand',
    '',
    table(
      ['package', 'licence field', 'recorded as', 'why accepted'],
      reviewedRows.map((r) => [r.name, r.field, r.licence, reviewed[r.name].reason]),
    ),
    '',
  ].join('\n');
}

module.exports = {
  ACCEPTED,
  ACCEPTED_FOR_PROGRAMS,
  OUTPUT,
  parseExpression,
  verdict,
  resolveFrom,
  imageApps,
  productionPaths,
  npmPackages,
  programs,
  render,
};

if (require.main === module) {
  const file = path.join(ROOT, OUTPUT);
  try {
    const text = render();
    if (process.argv.includes('--check')) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (current !== text) {
        console.error(`${OUTPUT} is not what the lockfile gives: run \`npm run licenses\``);
        process.exit(1);
      }
      console.log(`${OUTPUT} is up to date`);
    } else {
      fs.writeFileSync(file, text);
      console.log(`wrote ${OUTPUT}`);
    }
  } catch (e) {
    console.error(`[licenses] ${e.message}`);
    process.exit(1);
  }
}
