// The few HTTP helpers the stand-in needs on top of node:http: a route table, body parsing
// (forms and JSON, bounded), and typed answers.

/** Bodies above this are refused: a launch form or a score is a few kilobytes. */
const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} code an OAuth / LTI error code or a short word, shown to the caller
   * @param {string} message
   * @param {Record<string, string>} [headers]
   */
  constructor(status, code, message, headers = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** The media type of a Content-Type header, lower case, without parameters. */
export const mediaTypeOf = (header) =>
  String(header ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** The raw body (a Buffer), refused above MAX_BODY_BYTES. */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'payload_too_large', `body above ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A form body (application/x-www-form-urlencoded) as a plain object; the first value wins. */
export async function readForm(req) {
  const type = mediaTypeOf(req.headers['content-type']);
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'invalid_request', `expected a form body, got "${type || 'none'}"`);
  }
  const params = new URLSearchParams((await readBody(req)).toString('utf8'));
  const out = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

/** A JSON body whose media type is one of `types` (415 otherwise, 400 on bad JSON). */
export async function readJson(req, types = ['application/json']) {
  const type = mediaTypeOf(req.headers['content-type']);
  if (!types.includes(type)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `expected ${types.join(' or ')}, got "${type || 'none'}"`,
    );
  }
  const text = (await readBody(req)).toString('utf8');
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_request', 'the body is not JSON');
  }
}

export function sendJson(res, status, body, type = 'application/json', headers = {}) {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

export function sendHtml(res, status, html) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}

/** 303 See Other: the browser follows with a GET (after a form POST too). */
export function redirect(res, location) {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

export function sendEmpty(res, status = 204) {
  res.writeHead(status);
  res.end();
}

/**
 * A route table: `add('GET', '/api/lti/contexts/:context/lineitems/:id', handler)`; the handler
 * gets (req, res, { params, url }). Returns null when no route matches, 'method' when the path
 * matches under another method.
 */
export function createRouter() {
  const routes = [];
  return {
    add(method, pattern, handler) {
      const names = [];
      const source = pattern.replace(/:([a-zA-Z]+)/g, (_, name) => {
        names.push(name);
        return '([^/]+)';
      });
      routes.push({ method, regex: new RegExp(`^${source}$`), names, handler });
    },
    match(method, pathname) {
      let pathMatched = false;
      for (const r of routes) {
        const m = r.regex.exec(pathname);
        if (!m) continue;
        pathMatched = true;
        if (r.method !== method && !(r.method === 'GET' && method === 'HEAD')) continue;
        const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
        return { handler: r.handler, params };
      }
      return pathMatched ? 'method' : null;
    },
  };
}
