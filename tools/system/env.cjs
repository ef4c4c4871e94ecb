// Environment variables of each app for a profile, derived from tools/infra/infra.config.json
// (the one place for ports). Used by the system runner, the test runner and the test-kit.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { loadConfig, resolveProfile, devCredentials, REPO_ROOT } = require('../infra/config.cjs');

/** Profiles for tests (test: the shared one; fault: the fault suite's own), not for people. */
const isTestProfile = (name) => name === 'test' || name === 'fault';

/** Server apps: apps/* whose package.json carries the Nx tag scope:server (gateway first). */
function serverApps() {
  const dir = path.join(REPO_ROOT, 'apps');
  const names = fs
    .readdirSync(dir)
    .filter((name) => {
      const pkg = path.join(dir, name, 'package.json');
      if (!fs.existsSync(pkg)) return false;
      const tags = (JSON.parse(fs.readFileSync(pkg, 'utf8')).nx || {}).tags || [];
      return tags.includes('scope:server');
    })
    .sort();
  return [...names.filter((n) => n !== 'gateway'), ...names.filter((n) => n === 'gateway')];
}

function urls(profileName = 'dev') {
  const cfg = loadConfig();
  const p = resolveProfile(cfg, profileName);
  const ports = p.ports;
  const keycloakPublic = `http://localhost:${ports.keycloak}`;
  return {
    cfg,
    profile: p,
    nats: `nats://127.0.0.1:${ports.nats}`,
    mongo: (db) => `mongodb://127.0.0.1:${ports.ferretdb}/${db}`,
    keycloakPublic,
    issuer: `${keycloakPublic}/realms/${cfg.realm}`,
    jwks: `http://127.0.0.1:${ports.keycloak}/realms/${cfg.realm}/protocol/openid-connect/certs`,
    gateway: `http://127.0.0.1:${ports.gateway}`,
    web: `http://localhost:${ports.web}`,
    // S3 as browsers reach it: presigned URLs are signed for it, the web CSP allows it
    s3Public: `http://127.0.0.1:${ports.s3}`,
  };
}

/** The identity-service client secret: env override, else the realm file's dev default. */
function identityClientSecret() {
  if (process.env.KC_IDENTITY_CLIENT_SECRET) return process.env.KC_IDENTITY_CLIENT_SECRET;
  const realm = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'deploy/keycloak/realm/examprep-realm.json'), 'utf8'),
  );
  const secret = realm.clients.find((c) => c.clientId === 'identity-service').secret;
  const m = /^\$\{[A-Z_]+:(.*)\}$/.exec(secret);
  return m ? m[1] : secret;
}

/** Variables only some services need. */
function serviceExtras(app, u) {
  if (app === 'identity') {
    return {
      KEYCLOAK_URL: `http://127.0.0.1:${u.profile.ports.keycloak}`,
      KEYCLOAK_REALM: u.cfg.realm,
      KEYCLOAK_CLIENT_ID: 'identity-service',
      KEYCLOAK_CLIENT_SECRET: identityClientSecret(),
      KEYCLOAK_WEB_CLIENT_ID: u.cfg.webClientId,
      WEB_URL: u.web,
      // fictional (555-01xx); production sets the real one
      CONTACT_BUSINESS_NUMBER: '+1-555-010-0199',
    };
  }
  if (app === 'catalog') {
    const stripe = u.cfg.devCredentials.stripe;
    return {
      // the local test checkout and the fault hook need a non-production NODE_ENV; the prod
      // k8s overlay runs production (real Stripe), compose and the dev overlay development
      NODE_ENV: isTestProfile(u.profile.name) ? 'test' : 'development',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_URL: `http://127.0.0.1:${u.profile.ports.stripeMock}`,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      WEB_URL: u.web,
      CHECKOUT_WEBHOOK_URL: `${u.gateway}/api/stripe/webhook`,
    };
  }
  if (app === 'media') {
    const creds = devCredentials(u.cfg);
    const [mediaBucket, workbooksBucket] = u.cfg.buckets;
    // one address for the service and for browsers locally; behind a proxy or in a cluster
    // S3_PUBLIC_ENDPOINT is the host browsers reach (presigned URLs are signed for it)
    return {
      S3_ENDPOINT: `http://127.0.0.1:${u.profile.ports.s3}`,
      S3_PUBLIC_ENDPOINT: u.s3Public,
      S3_REGION: u.cfg.s3Region,
      S3_ACCESS_KEY: creds.s3AccessKey,
      S3_SECRET_KEY: creds.s3SecretKey,
      S3_MEDIA_BUCKET: mediaBucket,
      S3_WORKBOOKS_BUCKET: workbooksBucket,
      S3_ADDRESSING: 'path',
    };
  }
  return {};
}

/** KEY -> value for one app. */
function appEnv(app, profileName = 'dev', overrides = {}) {
  const u = urls(profileName);
  const ports = u.profile.ports;
  const services = serverApps().filter((n) => n !== 'gateway');
  const common = {
    NATS_URL: u.nats,
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    NODE_ENV: 'production',
  };
  let env;
  if (app === 'gateway') {
    env = {
      ...common,
      PORT: String(ports.gateway),
      HOST: '127.0.0.1',
      OIDC_ISSUER: u.issuer,
      OIDC_JWKS_URL: u.jwks,
      OIDC_AUDIENCE: u.cfg.apiAudience,
      KEYCLOAK_PUBLIC_URL: u.keycloakPublic,
      KEYCLOAK_REALM: u.cfg.realm,
      KEYCLOAK_WEB_CLIENT_ID: u.cfg.webClientId,
      DOWNSTREAM_SERVICES: services.join(','),
      // every test tier calls from 127.0.0.1: the test systems allow 20x the per-route limits
      ...(isTestProfile(profileName) ? { RATE_LIMIT_SCALE: '20' } : {}),
    };
  } else {
    if (ports[app] === undefined) throw new Error(`no port for app "${app}" in infra.config.json`);
    env = {
      ...common,
      HEALTH_PORT: String(ports[app]),
      [`${app.toUpperCase()}_MONGODB_URI`]: u.mongo(app),
      ...serviceExtras(app, u),
    };
  }
  return { ...env, ...overrides };
}

module.exports = { serverApps, appEnv, urls, isTestProfile, REPO_ROOT };

if (require.main === module) {
  const [app, profile] = process.argv.slice(2);
  const env = appEnv(app, profile || 'dev');
  for (const [k, v] of Object.entries(env)) process.stdout.write(`${k}=${v}\n`);
}
