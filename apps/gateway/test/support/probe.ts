// Request builders for the security probes (security-*.int-spec.ts): every operation of the
// gateway's OpenAPI document with a minimal valid request (required fields sampled from the
// schemas), so that one slot at a time can carry a hostile value. Nothing is listed by hand.
import { waitFor } from '@examprep/test-kit';
import { gatewayUrl } from './api';
import type { OpenApiDocument, Operation, Schema } from './openapi';
import { SAMPLE_PATH_PARAMS } from './openapi';

export interface Op {
  method: string;
  /** The template of the document, e.g. /api/questions/{qid}. */
  route: string;
  op: Operation;
  /** Needs a bearer token (the document's `security`). */
  authenticated: boolean;
}

export function operationsOf(doc: OpenApiDocument): Op[] {
  const ops: Op[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const security = (op as { security?: unknown[] }).security;
      ops.push({
        method: method.toUpperCase(),
        route,
        op,
        authenticated: Array.isArray(security) && security.length > 0,
      });
    }
  }
  return ops;
}

export function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length === 1) return resolve(doc, schema.allOf[0]);
  return schema;
}

/** A value of the schema that matches no stored object (no probe changes real data). */
export function sample(doc: OpenApiDocument, schema: Schema | undefined): unknown {
  const s = resolve(doc, schema) as Schema & { example?: unknown; format?: string };
  if (s.enum?.length) return s.enum[0];
  // the document's example: a well-formed value, so only the probed field is at fault
  if (s.example !== undefined) return s.example;
  switch (s.type) {
    case 'string':
      return s.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'x0';
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'array':
      return [sample(doc, s.items)];
    default:
      return Object.fromEntries((s.required ?? []).map((k) => [k, sample(doc, s.properties?.[k])]));
  }
}

export function bodySchemaOf(doc: OpenApiDocument, op: Operation): Schema | undefined {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  return schema ? resolve(doc, schema) : undefined;
}

/** Well-formed path parameters that no stored object has (more than SAMPLE_PATH_PARAMS). */
const PATH_SAMPLES: Readonly<Record<string, string>> = {
  ...SAMPLE_PATH_PARAMS,
  testId: 'A0000000000000000000',
  productId: 'x0',
};

/** The path with sample path parameters (`over` replaces some). */
export function pathOf(route: string, over: Record<string, string> = {}): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(
      Object.hasOwn(over, name)
        ? over[name]!
        : (Object.hasOwn(PATH_SAMPLES, name) && PATH_SAMPLES[name]) || 'x0',
    ),
  );
}

/** Runs `work` on every item, `width` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * What an error body must never carry (item 6 of the security suite): a stack frame, a file
 * path, a NATS subject or an internal server's name. Returns the first leak found, or null.
 */
export function leakIn(text: string, allowedIds: readonly string[] = []): string | null {
  const checks: [string, RegExp][] = [
    ['stack frame', /\bat [\w.<>]+ \(|\bat (?:async )?[\w./<>-]+:\d+:\d+/],
    [
      'file path',
      /(?:\/(?:work|home|usr|app|opt|tmp)\/|node_modules|\b[\w-]+\.(?:js|ts|cjs|mjs):\d+)/,
    ],
    [
      'NATS subject',
      /\b(?:announcements|identity|catalog|testing|media|qbank)\.(?:[a-z][\w-]*\.)*[a-z][\w-]*\b(?!\.)/,
    ],
    [
      'internal server',
      /\b(?:nats|NatsError|ferretdb|mongo(?:db|server|network)?|keycloak admin|ECONNREFUSED|E11000)\b/i,
    ],
    [
      'exception class',
      /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|CastError|BSONError|MongoServerError)\b/,
    ],
  ];
  for (const [what, re] of checks) {
    const m = re.exec(text);
    if (m) return `${what}: ${m[0]}`;
  }
  for (const m of text.matchAll(/\b[0-9a-f]{24}\b/g)) {
    if (!allowedIds.includes(m[0])) return `object id: ${m[0]}`;
  }
  return null;
}

/**
 * A token fetched until Keycloak gives it (the shared test realm may refuse a password grant
 * for a moment while other suites sign in at the same time).
 */
export async function warmToken(get: () => Promise<string>, attempts = 5): Promise<string> {
  for (let i = 1; ; i++) {
    try {
      return await get();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

/** The running gateway's OpenAPI document (waiting while another engineer restarts it). */
export async function openApiDocument(): Promise<OpenApiDocument> {
  let doc: OpenApiDocument | undefined;
  await waitFor(
    async () => {
      try {
        const res = await fetch(`${gatewayUrl}/api/docs-json`);
        if (res.ok) doc = (await res.json()) as OpenApiDocument;
      } catch {
        // not listening yet
      }
      return doc !== undefined;
    },
    { timeoutMs: 30_000 },
  );
  return doc!;
}
