#!/usr/bin/env node
// Prints the environment one app gets on a profile (what tools/system/system.cjs starts it
// with), from the environment model tools/infra/environment.cjs (ADR 0024):
//
//   node tools/system/env.cjs <app> [dev|test|fault]      KEY=value lines
'use strict';

const { appEnv } = require('../infra/environment.cjs');

const [app, profile] = process.argv.slice(2);
if (!app) {
  process.stderr.write('usage: env.cjs <app> [dev|test|fault]\n');
  process.exit(2);
}
try {
  for (const [k, v] of Object.entries(appEnv(app, profile || 'dev'))) {
    process.stdout.write(`${k}=${v}\n`);
  }
} catch (e) {
  process.stderr.write(`env.cjs: ${e.message}\n`);
  process.exit(1);
}
