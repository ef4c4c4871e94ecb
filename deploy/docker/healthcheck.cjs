#!/usr/bin/env node
// Docker HEALTHCHECK of the Node images (deploy/docker/Dockerfile): liveness only,
// GET /healthz on the app's own port. Exit 0 = healthy, 1 = unhealthy.
//
//   gateway   -> http://127.0.0.1:$PORT/healthz          (PORT defaults to 3000, as in gateway.env.ts)
//   services  -> http://127.0.0.1:$HEALTH_PORT/healthz   (compose and k8s always set HEALTH_PORT;
//                the fallbacks below are the services' own defaults)
//   HEALTHCHECK_URL overrides both.
'use strict';

// The services that exist (ServiceNames in libs/contracts/src/subjects.ts); a new service adds
// itself with its port of tools/infra/infra.config.json (e.g. media 3105).
const SERVICE_DEFAULT_HEALTH_PORTS = {
  announcements: 3101,
  catalog: 3103,
  identity: 3102,
  qbank: 3106,
  testing: 3104,
  media: 3105,
  schools: 3107,
};

function healthUrl(env) {
  if (env.HEALTHCHECK_URL) return env.HEALTHCHECK_URL;
  const app = env.APP || '';
  const port =
    app === 'gateway' ? env.PORT || 3000 : env.HEALTH_PORT || SERVICE_DEFAULT_HEALTH_PORTS[app];
  if (!port) return null;
  return `http://127.0.0.1:${port}/healthz`;
}

const url = healthUrl(process.env);
if (!url) {
  process.stderr.write(
    `healthcheck: set HEALTH_PORT (or HEALTHCHECK_URL) for APP=${process.env.APP}\n`,
  );
  process.exit(1);
}

fetch(url, { signal: AbortSignal.timeout(4000) }).then(
  (res) => {
    if (!res.ok) process.stderr.write(`healthcheck: ${url} answered ${res.status}\n`);
    process.exit(res.ok ? 0 : 1);
  },
  (err) => {
    process.stderr.write(`healthcheck: ${url} failed: ${err.message}\n`);
    process.exit(1);
  },
);
