// The gateway in-process for the route specs (Fastify inject; NATS mocked by the spec): one
// unit environment, a token verifier by token prefix, and the app started and ready.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TokenVerifier } from '../../src/auth/token-verifier';
import { GatewayEnv } from '../../src/config/gateway.env';
import { createGatewayApp } from '../../src/create-app';

/** Nothing reachable, no rate limit in the way; a test environment (the OpenAPI document on). */
export function inProcessEnv(): GatewayEnv {
  return Object.assign(new GatewayEnv(), {
    NODE_ENV: 'test' as const,
    PORT: 0,
    NATS_URL: 'nats://127.0.0.1:1',
    OIDC_ISSUER: 'http://127.0.0.1:1/realms/examprep',
    KEYCLOAK_PUBLIC_URL: 'http://127.0.0.1:1',
    RATE_LIMIT_SCALE: 1000,
    RATE_LIMIT_PER_MINUTE: 100_000,
  });
}

export interface CallerClaims {
  uid: string;
  isAdmin: boolean;
  emailVerified: boolean;
}

/** `Bearer <caller>.x.y` is that caller of `callers` (email `<caller>@examprep.test`). */
export function callerVerifier(callers: Record<string, CallerClaims>): TokenVerifier {
  return {
    verify: async (token: string) => {
      const who = token.split('.')[0] as string;
      return { ...callers[who], email: `${who}@examprep.test`, stagingAccess: false };
    },
  } as unknown as TokenVerifier;
}

export type InjectServer = ReturnType<
  ReturnType<NestFastifyApplication['getHttpAdapter']>['getInstance']
>;

/** The app, initialised, and its Fastify instance ready for `inject`. */
export async function startInProcessGateway(
  tokenVerifier: TokenVerifier,
  env: GatewayEnv = inProcessEnv(),
): Promise<{ app: NestFastifyApplication; server: InjectServer }> {
  const app = await createGatewayApp(env, { tokenVerifier });
  await app.init();
  const server = app.getHttpAdapter().getInstance();
  await server.ready();
  return { app, server };
}
