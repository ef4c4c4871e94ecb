#!/usr/bin/env bash
# Starts the whole system on this machine (dev profile): installs what is missing (npm
# packages, local servers), starts the servers, builds the apps, seeds demo data on empty
# databases, starts services + gateway + web, and prints where to open it.
# Stop everything with `npm run stop`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PROFILE="${EXAMPREP_PROFILE:-dev}"
t0=$(date +%s)

node -e 'const [a]=process.versions.node.split(".").map(Number); if (a<18) { console.error("Node >= 18 is needed to bootstrap (found "+process.versions.node+")"); process.exit(1) }'
# the project's Node (ADR 0031): from the npm registry into the cache when missing; every
# `node`, `npm` and `npx` below, and every process they start, runs on it
PINNED_NODE_ENV="$(node tools/node/pinned.cjs env)"
eval "$PINNED_NODE_ENV"
echo "[start] Node $(node --version)"

if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "[start] installing npm packages (from package-lock.json)"
  npm install --no-audit --no-fund
fi

# built first (quietly: the build's output goes to a log), then the one harness of every system:
# installs the local servers that are missing, starts them, seeds empty databases, starts the apps
echo "[start] building apps"
NX_DAEMON=false npx nx run-many -t build --outputStyle=static >/tmp/examprep-build.log 2>&1 || {
  tail -40 /tmp/examprep-build.log
  echo "[start] build failed (full log: /tmp/examprep-build.log)" >&2
  exit 1
}

node tools/system/harness.cjs up --profile "$PROFILE" --install

node - "$PROFILE" "$(($(date +%s) - t0))" <<'JS'
const { infraModel } = require('./tools/infra/environment.cjs');
const [profile, secs] = process.argv.slice(2);
const m = infraModel(profile);
const overlay = require('./deploy/keycloak/dev/examprep-dev-overlay.json');
const seeded = overlay.users
  .map((x) => {
    const admin = (x.realmRoles || []).includes('admin');
    const role = admin
      ? x.emailVerified ? 'admin' : 'admin, email not verified'
      : x.emailVerified ? 'verified learner' : 'email not verified';
    return `  ${(x.email + ' / ' + x.credentials[0].value).padEnd(56)} (${role})`;
  })
  .join('\n');
console.log(`
The system is up (${secs}s). Open:
  web app            ${m.webUrl}
  API docs           ${m.gatewayUrl}/api/docs
  Keycloak console   ${m.keycloakUrl}/admin  (bootstrap admin: see tools/infra/README.md)
  mails (maildev)    ${m.maildevUrl}
  S3 (versitygw)     ${m.s3.endpoint}  (path style; buckets and keys: tools/infra/README.md)

Seeded accounts (development only, from deploy/keycloak/dev/examprep-dev-overlay.json):
${seeded}

Status: npm run status    Stop: npm run stop`);
JS
