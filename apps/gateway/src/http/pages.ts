import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { rootLogger } from '@examprep/nest-kit';

/**
 * ADR 0026: the next page's address is the `Link: <...>; rel="next"` header: the request's own
 * path and query with `cursor` set to the next page's cursor. No header on the last page.
 */
export function nextLink(requestUrl: string, next: string | null): string | null {
  if (next === null) return null;
  const url = new URL(requestUrl, 'http://gateway.invalid');
  url.searchParams.set('cursor', next);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** Sets the Link header of a page (nothing on the last page). */
export function setNextLink(reply: FastifyReply, requestUrl: string, next: string | null): void {
  const link = nextLink(requestUrl, next);
  if (link !== null) void reply.header('link', link);
}

/**
 * What a route that writes its JSON body to the reply as a stream returns: nothing at run time,
 * the body's shape for the OpenAPI document (response-schemas.gen.ts reads `T`).
 */
export interface StreamedJson<T> {
  readonly streamed: true;
  /** Never set: the shape of what was streamed. */
  readonly body?: T;
}

/** The value such a route returns once it has sent the stream. */
export const STREAMED = { streamed: true } as const;

/**
 * A JSON export written as it is read (ADR 0026): `head` (the file's fields, without the
 * closing brace), then the rows of each page on their own line in the array named `key`, then
 * the end. A page is asked for only when the previous one has been taken by the connection
 * (Readable.from pulls), so memory holds one page whatever the export's size. Each row ends
 * with a newline (JSON.stringify writes none inside a value): the browser counts rows by them.
 */
export function jsonExportStream<P>(opts: {
  head: Record<string, unknown>;
  key: string;
  first: P;
  rows: (page: P) => unknown[];
  next: (page: P) => Promise<P> | null;
}): Readable {
  async function* write(): AsyncGenerator<string> {
    const head = JSON.stringify({ ...opts.head, [opts.key]: [] });
    yield `${head.slice(0, -2)}\n`; // '...,"questions":[' and the row separator
    let page: P | null = opts.first;
    let written = 0;
    while (page !== null) {
      const rows = opts.rows(page);
      if (rows.length > 0) {
        const sep = written === 0 ? '' : ',\n';
        yield sep + rows.map((r) => JSON.stringify(r)).join(',\n');
        written += rows.length;
      }
      const after = opts.next(page);
      page = after === null ? null : await after;
    }
    yield '\n]}\n';
  }
  const stream = Readable.from(write(), { objectMode: false });
  stream.on('error', (err) => {
    // too late for a status: the connection is cut, and the browser says the export failed
    rootLogger().error({ err: String(err) }, 'export stream broke off after the headers');
  });
  return stream;
}
