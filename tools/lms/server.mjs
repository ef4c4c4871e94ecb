#!/usr/bin/env node
// The LMS stand-in of a profile (tools/lms/README.md): `node tools/lms/server.mjs --profile dev`.
// Its port and browser URL (also its issuer) come from the environment model, its state file is
// <dataDir>/lms/state.json. infra.sh starts it with the other local servers.
import path from 'node:path';
import { parseArgs } from 'node:util';
import environment from '../infra/environment.cjs';
import { startPlatform } from './platform.mjs';

const LOOPBACK = '127.0.0.1';

const { values } = parseArgs({ options: { profile: { type: 'string', default: 'dev' } } });
if (!environment.isProfile(values.profile)) {
  console.error(
    `[lms] unknown profile "${values.profile}" (expected one of: ${environment.PROFILES.join(', ')})`,
  );
  process.exit(1);
}
const model = environment.infraModel(values.profile);
const statePath = path.join(model.dataDir, 'lms', 'state.json');

try {
  const lms = await startPlatform({
    host: LOOPBACK,
    port: model.ports.lms,
    issuer: model.lmsUrl,
    statePath,
  });
  console.log(`[lms] ${values.profile}: ${lms.issuer} (state ${statePath})`);
  const stop = () => lms.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (err) {
  console.error(`[lms] cannot start on ${LOOPBACK}:${model.ports.lms}: ${err.message}`);
  process.exit(1);
}
