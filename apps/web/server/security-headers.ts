import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The security headers of the web app as the Vite servers send them (`npm start` runs
 * `vite preview` of the build; `npm run dev` runs `vite`), read from the SAME files the
 * production nginx includes: deploy/docker/security-headers.conf (page, assets, other static
 * files) and security-headers-silent-check-sso.conf (keycloak-js' iframe page). No header is
 * written here, so development and production cannot drift apart.
 */

export const HEADER_FILES = {
  app: fileURLToPath(new URL('../../../deploy/docker/security-headers.conf', import.meta.url)),
  silentCheckSso: fileURLToPath(
    new URL('../../../deploy/docker/security-headers-silent-check-sso.conf', import.meta.url),
  ),
} as const;

export const SILENT_CHECK_SSO_PATH = '/silent-check-sso.html';

export type HeaderSet = Record<string, string>;

export interface SecurityHeaders {
  app: HeaderSet;
  silentCheckSso: HeaderSet;
}

const ADD_HEADER = /^add_header\s+([A-Za-z0-9-]+)\s+"([^"]*)"\s+always;$/;

/**
 * `add_header Name "value" always;` lines -> { Name: value }, `${VAR}` filled from `vars`.
 * Anything else but comments and blank lines is refused, so the file stays in the one form
 * both servers read the same way.
 */
export function parseHeaderSnippet(
  text: string,
  vars: Record<string, string>,
  file = 'snippet',
): HeaderSet {
  const headers: HeaderSet = {};
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = ADD_HEADER.exec(line);
    if (!m) throw new Error(`${file}:${i + 1}: expected 'add_header Name "value" always;'`);
    headers[m[1]] = m[2].replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => {
      const value = vars[name];
      if (value === undefined) throw new Error(`${file}:${i + 1}: no value for \${${name}}`);
      return value;
    });
  });
  return headers;
}

/** The origins the CSP names, as the browser reaches them. */
export interface CspOrigins {
  /** Keycloak (connect-src, frame-src, form-action). */
  keycloakOrigin: string;
  /** The object store of presigned media URLs and uploads (img-src, media-src, connect-src). */
  s3Origin: string;
}

/** Both header sets, with the profile's Keycloak and S3 origins filled in. */
export function loadSecurityHeaders(origins: CspOrigins): SecurityHeaders {
  const vars = { KEYCLOAK_ORIGIN: origins.keycloakOrigin, S3_ORIGIN: origins.s3Origin };
  const read = (file: string) => parseHeaderSnippet(readFileSync(file, 'utf8'), vars, file);
  return { app: read(HEADER_FILES.app), silentCheckSso: read(HEADER_FILES.silentCheckSso) };
}

/** `'sha256-…'` of each inline `<script>` of an HTML page (CSP hash sources). */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    out.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return out;
}

/** The CSP with extra sources added to its script-src. */
export function withScriptSources(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp;
  return csp.replace(/(^|;\s*)script-src ([^;]*)/, (_, lead: string, list: string) =>
    `${lead}script-src ${list} ${sources.join(' ')}`.replace(/\s+$/, ''),
  );
}

type Next = (err?: unknown) => void;

export interface SecurityHeadersOptions {
  headers: SecurityHeaders;
  /** Answer 404 to *.map (the preview serves what production serves: no source maps). */
  refuseSourceMaps: boolean;
  /**
   * Cache the hashed bundles (/assets/*) for a year, immutable, as production's nginx does
   * (deploy/docker/nginx.conf): the preview only (the dev server's files are not hashed).
   */
  immutableAssets?: boolean;
  /**
   * Extra script-src hashes for HTML answers (the dev server's inline React Refresh preamble),
   * read when the answer's headers are written.
   */
  devInlineScripts?: () => readonly string[];
}

/** Connect middleware: the headers on every answer except /api (the gateway sets its own). */
export function securityHeadersMiddleware(options: SecurityHeadersOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/api' || path.startsWith('/api/')) return next();
    const set =
      path === SILENT_CHECK_SSO_PATH ? options.headers.silentCheckSso : options.headers.app;
    for (const [name, value] of Object.entries(set)) res.setHeader(name, value);
    if (options.devInlineScripts) addDevInlineScripts(res, options.devInlineScripts);
    if (options.immutableAssets && path.startsWith('/assets/')) keepCacheControl(res, IMMUTABLE);
    if (options.refuseSourceMaps && path.endsWith('.map')) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not Found');
      return;
    }
    next();
  };
}

/** Production's caching of the hashed bundles (deploy/docker/nginx.conf, location /assets/). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sets Cache-Control and keeps it: the preview's static file server (sirv in its dev mode) would
 * set `no-cache` on every file afterwards.
 */
function keepCacheControl(res: ServerResponse, value: string): void {
  res.setHeader('Cache-Control', value);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, v: number | string | readonly string[]) =>
    name.toLowerCase() === 'cache-control' ? res : setHeader(name, v)) as typeof res.setHeader;
}

/** Adds the dev server's inline-script hashes to the CSP of HTML answers, as they are sent. */
function addDevInlineScripts(res: ServerResponse, hashes: () => readonly string[]): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const inArgs = args.find((a): a is OutgoingHttpHeaders => typeof a === 'object' && a !== null);
    const type = String(inArgs?.['content-type'] ?? res.getHeader('Content-Type') ?? '');
    const csp = res.getHeader('Content-Security-Policy');
    if (type.includes('text/html') && typeof csp === 'string') {
      res.setHeader('Content-Security-Policy', withScriptSources(csp, hashes()));
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
}

/**
 * Vite plugin: the headers in `vite preview` (with *.map refused) and in `vite` (dev), where
 * the only inline script, React Refresh's preamble, is allowed by its hash.
 */
export function securityHeaders(options: CspOrigins): Plugin {
  const devHashes = new Set<string>();
  return {
    name: 'examprep:security-headers',
    configurePreviewServer(server) {
      const headers = loadSecurityHeaders(options);
      server.middlewares.use(
        securityHeadersMiddleware({ headers, refuseSourceMaps: true, immutableAssets: true }),
      );
    },
    configureServer(server) {
      const headers = loadSecurityHeaders(options);
      server.middlewares.use(
        securityHeadersMiddleware({
          headers,
          refuseSourceMaps: false,
          devInlineScripts: () => [...devHashes],
        }),
      );
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.server) for (const hash of inlineScriptHashes(html)) devHashes.add(hash);
        return html;
      },
    },
  };
}
