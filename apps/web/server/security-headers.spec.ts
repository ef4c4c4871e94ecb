/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import {
  IMMUTABLE,
  HEADER_FILES,
  inlineScriptHashes,
  loadSecurityHeaders,
  parseHeaderSnippet,
  securityHeadersMiddleware,
  SILENT_CHECK_SSO_PATH,
  withScriptSources,
} from './security-headers';

// Issue #8 item 6: `npm start` serves the app with the production nginx's security headers,
// from one source, and serves no source maps.

const REPO = path.resolve(__dirname, '..', '..', '..');
const read = (rel: string) => readFileSync(path.join(REPO, rel), 'utf8');
const KEYCLOAK = 'http://localhost:18080';
const S3 = 'http://127.0.0.1:19100';
const headers = loadSecurityHeaders({ keycloakOrigin: KEYCLOAK, s3Origin: S3 });

/** The directives of a CSP as { name: sources }. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );

/** nginx.conf's location blocks: the `location …` line -> its body (nested blocks inline). */
function nginxLocations(conf: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /^\s*location\s+([^{]+)\{/gm;
  for (let m = re.exec(conf); m; m = re.exec(conf)) {
    let depth = 1;
    let i = re.lastIndex;
    for (; i < conf.length && depth > 0; i += 1) {
      if (conf[i] === '{') depth += 1;
      else if (conf[i] === '}') depth -= 1;
    }
    out.set(m[1].trim(), conf.slice(re.lastIndex, i - 1));
  }
  return out;
}

/** A fake request/response pair for the middleware. */
function serve(url: string, options = { refuseSourceMaps: true }) {
  const req = { url } as IncomingMessage;
  const set: Record<string, string> = {};
  let ended = false;
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    setHeader: (name: string, value: string) => {
      set[name] = value;
    },
    getHeader: (name: string) => set[name],
    end: () => {
      ended = true;
    },
  }) as unknown as ServerResponse;
  let passedOn = false;
  securityHeadersMiddleware({ headers, ...options })(req, res, () => {
    passedOn = true;
  });
  return { headers: set, status: res.statusCode, passedOn, ended };
}

describe('the security headers (deploy/docker/security-headers*.conf)', () => {
  it('are the ones the issue asks for, with the profile’s Keycloak and S3 origins filled in', () => {
    expect(Object.keys(headers.app).sort()).toEqual([
      'Content-Security-Policy',
      'Cross-Origin-Opener-Policy',
      'Cross-Origin-Resource-Policy',
      'Permissions-Policy',
      'Referrer-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'X-Frame-Options',
    ]);
    expect(headers.app['X-Content-Type-Options']).toBe('nosniff');
    // a year, the subdomains too (browsers ignore it on plain HTTP: RFC 6797 §8.1)
    expect(headers.app['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers.silentCheckSso['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(headers.app['X-Frame-Options']).toBe('DENY');
    expect(headers.app['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    const csp = directives(headers.app['Content-Security-Policy']);
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      // no inline script, no eval
      'script-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      // keycloak-js: token calls and the check-sso / third-party-cookie iframes; S3 (ADR
      // 0020): the question editor's upload PUTs
      'connect-src': ["'self'", KEYCLOAK, S3],
      'frame-src': ["'self'", KEYCLOAK],
      // signed media URLs of S3; blob: the editor's previews of a chosen file
      'img-src': ["'self'", 'data:', 'blob:', S3],
      'media-src': ["'self'", 'blob:', S3],
    });
    expect(JSON.stringify(headers)).not.toContain('${');
  });

  it('allow the silent check-sso page exactly its one inline script, by hash', () => {
    const page = read('apps/web/public/silent-check-sso.html');
    const hashes = inlineScriptHashes(page);
    expect(hashes).toHaveLength(1);
    const csp = directives(headers.silentCheckSso['Content-Security-Policy']);
    expect(csp).toMatchObject({
      'default-src': ["'none'"],
      'script-src': hashes,
      'frame-ancestors': ["'self'"],
    });
    expect(headers.silentCheckSso['X-Content-Type-Options']).toBe('nosniff');
  });

  it('keep the one form both servers read, and refuse anything else', () => {
    expect(() => parseHeaderSnippet('add_header X-A "1";', {})).toThrow(/add_header Name/);
    expect(() => parseHeaderSnippet('add_header X-A "${NOPE}" always;', {})).toThrow(/NOPE/);
    expect(parseHeaderSnippet('# c\n\nadd_header X-A "a ${V} b" always;\n', { V: 'v' })).toEqual({
      'X-A': 'a v b',
    });
    // names with digits (S3_ORIGIN) are variables too, never left in the header
    expect(parseHeaderSnippet('add_header X-A "${S3_ORIGIN}" always;', { S3_ORIGIN: 's' })).toEqual(
      { 'X-A': 's' },
    );
  });
});

describe('nginx (production image) uses exactly these files', () => {
  const conf = read('deploy/docker/nginx.conf');
  const locations = nginxLocations(conf);
  const appInclude = 'include /etc/nginx/conf.d/examprep-security-headers.inc;';
  const ssoInclude = 'include /etc/nginx/conf.d/examprep-silent-check-sso-headers.inc;';

  it('includes the app headers in every location that serves files', () => {
    for (const loc of ['/', '= /index.html', '^~ /assets/', '~ \\.map$']) {
      expect({ loc, body: locations.get(loc) }).toEqual({
        loc,
        body: expect.stringContaining(appInclude),
      });
    }
    expect(locations.get(`= ${SILENT_CHECK_SSO_PATH}`)).toContain(ssoInclude);
  });

  it('sets no security header of its own (the files are the one source)', () => {
    const names = new Set([...Object.keys(headers.app), ...Object.keys(headers.silentCheckSso)]);
    const own = [...conf.matchAll(/add_header\s+([A-Za-z-]+)/g)].map((m) => m[1]);
    expect(own.filter((n) => names.has(n))).toEqual([]);
  });

  it('never serves a source map', () => {
    expect(locations.get('~ \\.map$')).toContain('return 404;');
    expect(locations.get('^~ /assets/')).toMatch(/location ~ \\\.map\$ \{[^}]*return 404;/);
  });

  it('gets the files from the image as the included paths (envsubst fills KEYCLOAK_ORIGIN and S3_ORIGIN)', () => {
    const dockerfile = read('deploy/docker/web.Dockerfile');
    expect(dockerfile).toContain(
      'COPY deploy/docker/security-headers.conf /etc/nginx/templates/examprep-security-headers.inc.template',
    );
    expect(dockerfile).toContain(
      'COPY deploy/docker/security-headers-silent-check-sso.conf /etc/nginx/templates/examprep-silent-check-sso-headers.inc.template',
    );
    expect(dockerfile).toMatch(/NGINX_ENVSUBST_FILTER='\^\([^']*KEYCLOAK_ORIGIN[^']*\)\$'/);
    expect(dockerfile).toMatch(/NGINX_ENVSUBST_FILTER='\^\([^']*\|S3_ORIGIN[|)][^']*\$'/);
    expect(dockerfile).toMatch(/^\s+S3_ORIGIN=\S+/m);
    expect(path.relative(REPO, HEADER_FILES.app)).toBe('deploy/docker/security-headers.conf');
  });
});

describe('the Vite servers (`npm start` previews the build; `npm run dev`)', () => {
  it.each(['/', '/dashboard?tab=math', '/index.html', '/assets/index-abc123.js', '/favicon.svg'])(
    'send the app headers on %s',
    (url) => {
      const r = serve(url);
      expect(r.headers).toEqual(headers.app);
      expect(r.passedOn).toBe(true);
    },
  );

  it('cache the hashed bundles in the preview as production does, and keep it so', () => {
    const req = { url: '/assets/index-abc123.js' } as IncomingMessage;
    const set: Record<string, string> = {};
    const res = Object.assign(new EventEmitter(), {
      setHeader: (name: string, value: string) => {
        set[name] = value;
      },
      getHeader: (name: string) => set[name],
    }) as unknown as ServerResponse;
    securityHeadersMiddleware({ headers, refuseSourceMaps: true, immutableAssets: true })(
      req,
      res,
      () => undefined,
    );
    // the static file server's own no-cache, set later, is not taken
    res.setHeader('Cache-Control', 'no-cache');
    expect(set['Cache-Control']).toBe(IMMUTABLE);
    expect(read('deploy/docker/nginx.conf')).toContain(`add_header Cache-Control "${IMMUTABLE}"`);
    // elsewhere, and in the dev server, nothing is cached for long
    expect(serve('/dashboard').headers['Cache-Control']).toBeUndefined();
  });

  it('send the iframe page its own headers', () => {
    expect(serve(SILENT_CHECK_SSO_PATH).headers).toEqual(headers.silentCheckSso);
  });

  it('leave /api to the gateway', () => {
    const r = serve('/api/public-config');
    expect(r.headers).toEqual({});
    expect(r.passedOn).toBe(true);
  });

  it('answer 404 to source maps in the preview, with the headers', () => {
    const r = serve('/assets/index-abc123.js.map');
    expect(r).toMatchObject({ status: 404, passedOn: false, ended: true });
    expect(r.headers).toMatchObject(headers.app);
    // the dev server serves its own maps for debugging
    expect(serve('/src/main.tsx.map', { refuseSourceMaps: false }).passedOn).toBe(true);
  });

  it('in dev allow the inline React Refresh preamble by hash, nothing else inline', () => {
    const html =
      '<script type="module">import x from "/@react-refresh";</script><script type="module" src="/src/main.tsx"></script>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    const csp = withScriptSources(headers.app['Content-Security-Policy'], hashes);
    expect(directives(csp)['script-src']).toEqual(["'self'", ...hashes]);
    expect(directives(csp)['default-src']).toEqual(["'self'"]);
  });

  it('build without source maps', () => {
    expect(read('apps/web/vite.config.ts')).toMatch(/sourcemap: false/);
  });
});
