// The LMS stand-in: an LTI 1.3 platform (LTI Core 1.3, OIDC third-party-initiated login, Deep
// Linking 2.0, AGS 2.0, NRPS 2.0, Dynamic Registration 1.0) on node:http. startPlatform() is what
// server.mjs runs and what the specs start on port 0.
import http from 'node:http';
import { generateKeyPair, importJWK } from 'jose';
import { HttpError, createRouter, readForm, redirect, sendHtml, sendJson } from './http.mjs';
import { authorize, startLaunch } from './launch.mjs';
import { deepLinkReturn } from './deep-linking.mjs';
import { tokenEndpoint } from './oauth.mjs';
import {
  deleteLineItem,
  getLineItem,
  listLineItems,
  listResults,
  postLineItem,
  postScore,
  putLineItem,
} from './ags.mjs';
import { listMemberships } from './nrps.mjs';
import {
  dynamicRegistrationUrl,
  manualFields,
  openidConfiguration,
  registerTool,
  registrationEndpoint,
} from './registration.mjs';
import {
  errorPage,
  homePage,
  newToolPage,
  registerPage,
  toolCreatedPage,
  toolsPage,
} from './pages.mjs';
import {
  testIdToken,
  testLaunchUrl,
  testPlaceLink,
  testRegisterTool,
  testReset,
  testState,
} from './test-hooks.mjs';
import { openStore } from './store.mjs';

/** Answers in JSON (machine callers); every other path answers errors as a page. */
const JSON_PATHS = /^\/(api|token|register|_test|\.well-known)(\/|$)/;
/** Used nonces and jtis are forgotten this long after their JWT expired. */
const REPLAY_SWEEP_MS = 60 * 1000;

/** The platform's URLs, all under its issuer. */
export function platformUrls(issuer) {
  const contexts = `${issuer}/api/lti/contexts`;
  return {
    auth: `${issuer}/auth`,
    token: `${issuer}/token`,
    jwks: `${issuer}/.well-known/jwks.json`,
    openidConfiguration: `${issuer}/.well-known/openid-configuration`,
    register: `${issuer}/register`,
    deepLinkReturn: `${issuer}/deep-link-return`,
    lineItems: (context) => `${contexts}/${encodeURIComponent(context)}/lineitems`,
    lineItem: (context, id) =>
      `${contexts}/${encodeURIComponent(context)}/lineitems/${encodeURIComponent(id)}`,
    memberships: (context) => `${contexts}/${encodeURIComponent(context)}/memberships`,
  };
}

/** The platform's run-time: its state, keys and the short-lived maps. */
async function createLms(issuer, statePath) {
  const store = await openStore(statePath);
  const { key } = store.state;
  const stranger = await generateKeyPair('RS256');
  return {
    issuer,
    urls: platformUrls(issuer),
    store,
    signingKey: {
      kid: key.kid,
      publicJwk: key.publicJwk,
      privateKey: await importJWK(key.privateJwk, 'RS256'),
      publicKey: await importJWK(key.publicJwk, 'RS256'),
    },
    stranger: { kid: 'stranger-key', privateKey: stranger.privateKey },
    /** lti_message_hint -> pending launch */
    pending: new Map(),
    /** deep_linking_settings.data -> { clientId, contextId, expiresAt } */
    deepLinking: new Map(),
    /** registration token -> expiry (ms) */
    registrationTokens: new Map(),
    /** "<client_id> <jti>" -> expiry (ms) of the client assertion */
    usedJtis: new Map(),
    /** "<client_id> <nonce>" -> expiry (ms) of the deep linking response */
    usedNonces: new Map(),
    /** jwks_uri -> jose remote key set */
    jwksCache: new Map(),
  };
}

function routes(lms) {
  const r = createRouter();
  const page = (render) => (req, res, m) => sendHtml(res, 200, render(m));
  r.add('GET', '/healthz', (req, res) => sendJson(res, 200, { status: 'ok', issuer: lms.issuer }));
  r.add(
    'GET',
    '/',
    page(({ url }) => homePage(lms, url.searchParams)),
  );
  r.add(
    'GET',
    '/tools',
    page(() => toolsPage(lms)),
  );
  r.add(
    'GET',
    '/tools/new',
    page(() => newToolPage()),
  );
  r.add('POST', '/tools', async (req, res) => {
    const tool = registerTool(lms, manualFields(await readForm(req)), 'manual');
    sendHtml(res, 201, toolCreatedPage(lms, tool));
  });
  r.add(
    'GET',
    '/tools/register',
    page(() => registerPage()),
  );
  r.add('POST', '/tools/register', async (req, res) => {
    redirect(res, dynamicRegistrationUrl(lms, (await readForm(req)).tool_registration_url));
  });
  r.add('POST', '/launch', async (req, res) => {
    const f = await readForm(req);
    const { url } = startLaunch(lms, {
      sub: f.sub,
      contextId: f.context,
      linkId: f.link,
      clientId: f.client_id,
      messageType: f.message_type,
    });
    redirect(res, url);
  });
  const auth = async (req, res, { url }) => {
    const params =
      req.method === 'POST' ? await readForm(req) : Object.fromEntries(url.searchParams);
    sendHtml(res, 200, await authorize(lms, params));
  };
  r.add('GET', '/auth', auth);
  r.add('POST', '/auth', auth);
  r.add('POST', '/deep-link-return', async (req, res) => {
    redirect(res, `/?message=${encodeURIComponent(await deepLinkReturn(lms, req))}`);
  });
  r.add('GET', '/.well-known/jwks.json', (req, res) =>
    sendJson(res, 200, { keys: [lms.signingKey.publicJwk] }, 'application/json', {
      'cache-control': 'max-age=300',
    }),
  );
  r.add('GET', '/.well-known/openid-configuration', (req, res) =>
    sendJson(res, 200, openidConfiguration(lms)),
  );
  r.add('POST', '/register', (req, res) => registrationEndpoint(lms, req, res));
  r.add('POST', '/token', (req, res) => tokenEndpoint(lms, req, res));
  const service = (fn) => (req, res, m) => fn(lms, req, res, m);
  const lineItems = '/api/lti/contexts/:context/lineitems';
  r.add('GET', lineItems, service(listLineItems));
  r.add('POST', lineItems, service(postLineItem));
  r.add('GET', `${lineItems}/:id`, service(getLineItem));
  r.add('PUT', `${lineItems}/:id`, service(putLineItem));
  r.add('DELETE', `${lineItems}/:id`, service(deleteLineItem));
  r.add('POST', `${lineItems}/:id/scores`, service(postScore));
  r.add('GET', `${lineItems}/:id/results`, service(listResults));
  r.add('GET', '/api/lti/contexts/:context/memberships', service(listMemberships));
  r.add('GET', '/_test/state', service(testState));
  r.add('POST', '/_test/reset', service(testReset));
  r.add('POST', '/_test/tools', service(testRegisterTool));
  r.add('POST', '/_test/links', service(testPlaceLink));
  r.add('POST', '/_test/launch-url', service(testLaunchUrl));
  r.add('POST', '/_test/id-token', service(testIdToken));
  return r;
}

function sendError(res, pathname, err) {
  const status = err instanceof HttpError ? err.status : 500;
  const code = err instanceof HttpError ? err.code : 'server_error';
  if (status === 500) console.error(`[lms] ${pathname}:`, err);
  const message = err instanceof Error ? err.message : String(err);
  if (res.headersSent) return res.end();
  if (JSON_PATHS.test(pathname)) {
    sendJson(
      res,
      status,
      { error: code, error_description: message },
      'application/json',
      err.headers,
    );
  } else {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
    sendHtml(res, status, errorPage(status, code, message));
  }
}

function sweep(lms) {
  const now = Date.now();
  for (const map of [lms.usedJtis, lms.usedNonces, lms.registrationTokens]) {
    for (const [k, expiresAt] of map) if (expiresAt < now - REPLAY_SWEEP_MS) map.delete(k);
  }
  for (const map of [lms.pending, lms.deepLinking]) {
    for (const [k, v] of map) if (v.expiresAt < now) map.delete(k);
  }
}

/**
 * Starts the platform on host:port (port 0: any free one). `issuer`: its browser URL; default
 * http://<host>:<bound port>. Returns { lms, issuer, port, close }.
 * @param {{ host?: string, port: number, issuer?: string, statePath: string }} options
 */
export async function startPlatform({ host = '127.0.0.1', port, issuer, statePath }) {
  let router;
  let lms;
  const server = http.createServer((req, res) => {
    // listening comes first (port 0 needs the bound port for the issuer); until the state is
    // loaded (the first start makes the platform's key pair), requests are told to come back
    if (!lms || !router) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      res.end('starting');
      return;
    }
    const url = new URL(req.url ?? '/', lms.issuer);
    Promise.resolve()
      .then(() => {
        const m = router.match(req.method ?? 'GET', url.pathname);
        if (m === null) throw new HttpError(404, 'not_found', `no page ${url.pathname}`);
        if (m === 'method')
          throw new HttpError(
            405,
            'method_not_allowed',
            `${req.method} is not allowed on ${url.pathname}`,
          );
        return m.handler(req, res, { params: m.params, url });
      })
      .catch((err) => sendError(res, url.pathname, err));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  lms = await createLms(issuer ?? `http://${host}:${bound}`, statePath);
  router = routes(lms);
  const timer = setInterval(() => sweep(lms), REPLAY_SWEEP_MS).unref();
  return {
    lms,
    issuer: lms.issuer,
    port: bound,
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
