// The web app's API types are generated from this gateway's OpenAPI document: the committed
// apps/web/src/shared/api/openapi.generated.ts must be what the document gives today. The
// document is built in-process (no server, NATS stubbed) as in request-hardening.spec.ts.
import 'reflect-metadata';
import fs from 'node:fs';
import { NatsRpcClient } from '@examprep/nest-kit';
import type { TokenVerifier } from '../auth/token-verifier';
import { startInProcessGateway } from '../../test/support/in-process';
import {
  UPDATE_WEB_CLIENT_TYPES,
  WEB_CLIENT_TYPES_FILE,
  webClientTypes,
} from './web-client-types.gen';

jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
// the app's start-up lines say nothing here
process.env.LOG_LEVEL ??= 'warn';

/** The document describes routes; no token is ever checked while building it. */
const noTokens: TokenVerifier = Object.assign(Object.create(null) as TokenVerifier, {
  verify: async () => {
    throw new Error('no token is verified while the document is built');
  },
});

async function documentOfTheGateway(): Promise<object> {
  const { app, server } = await startInProcessGateway(noTokens);
  try {
    const answer = await server.inject({ method: 'GET', url: '/api/docs-json' });
    expect(answer.statusCode).toBe(200);
    return JSON.parse(answer.body) as object;
  } finally {
    await app.close();
  }
}

/** The first line that differs, so a stale file says where without printing 3,000 lines. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  return `line ${at + 1}: committed ${JSON.stringify(a[at])}, fresh ${JSON.stringify(b[at])}`;
}

describe("the web app's generated API types", () => {
  it('are those of the OpenAPI document of the gateway', async () => {
    const fresh = webClientTypes(await documentOfTheGateway());
    if (process.env.UPDATE_WEB_CLIENT_TYPES === '1') fs.writeFileSync(WEB_CLIENT_TYPES_FILE, fresh);
    const committed = fs.existsSync(WEB_CLIENT_TYPES_FILE)
      ? fs.readFileSync(WEB_CLIENT_TYPES_FILE, 'utf8')
      : '';
    const verdict =
      committed === fresh
        ? 'fresh'
        : `stale (${firstDifference(committed, fresh)}); regenerate with: ${UPDATE_WEB_CLIENT_TYPES}`;
    expect(verdict).toBe('fresh');
  }, 60_000);
});
