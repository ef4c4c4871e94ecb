#!/usr/bin/env node
// Build stage helper of deploy/docker/Dockerfile: copies what the runtime image needs of our
// own code - package.json + dist/ of the app and of every workspace package it depends on at
// RUN time (its `dependencies`, followed transitively) - into <out>, keeping their paths.
//
//   node deploy/docker/collect-app.cjs <app> <out>
//
// Why not "every lib that has a dist/": nx also builds libs that only the app's tests
// import (e.g. libs/test-kit), and those must not enter a production image.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const [app, out] = process.argv.slice(2);
if (!app || !out) {
  process.stderr.write('usage: collect-app.cjs <app> <out>\n');
  process.exit(2);
}

const root = process.cwd();
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

// workspace package name -> folder (apps/*, libs/*)
const workspaces = new Map();
for (const group of ['apps', 'libs']) {
  for (const name of fs.readdirSync(path.join(root, group))) {
    const manifest = path.join(root, group, name, 'package.json');
    if (fs.existsSync(manifest)) workspaces.set(readJson(manifest).name, path.join(group, name));
  }
}

const start = path.join('apps', app);
if (!fs.existsSync(path.join(root, start, 'package.json'))) {
  process.stderr.write(`collect-app: no workspace ${start}\n`);
  process.exit(1);
}

const seen = new Set();
const queue = [start];
while (queue.length > 0) {
  const dir = queue.shift();
  if (seen.has(dir)) continue;
  seen.add(dir);
  const manifest = readJson(path.join(root, dir, 'package.json'));
  for (const dep of Object.keys(manifest.dependencies || {})) {
    if (workspaces.has(dep)) queue.push(workspaces.get(dep));
  }
}

for (const dir of seen) {
  const dist = path.join(root, dir, 'dist');
  if (!fs.existsSync(dist)) {
    process.stderr.write(`collect-app: ${dir}/dist is missing (not built?)\n`);
    process.exit(1);
  }
  fs.mkdirSync(path.join(out, dir), { recursive: true });
  fs.copyFileSync(path.join(root, dir, 'package.json'), path.join(out, dir, 'package.json'));
  fs.cpSync(dist, path.join(out, dir, 'dist'), {
    recursive: true,
    filter: (src) => !src.endsWith('.tsbuildinfo'),
  });
  process.stdout.write(`collect-app: ${dir}\n`);
}
