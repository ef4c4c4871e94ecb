// The OpenAPI document behind its switch (OPENAPI_ENABLED, else NODE_ENV): off in production by
// default, so its three routes answer 404 like any unknown path; on in development and test,
// where the web client's generated types, schemathesis and the route specs read it. The
// gateway in process (Fastify inject), NATS stubbed.
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, NatsRpcClient } from '@examprep/nest-kit';
import { GatewayEnv } from '../config/gateway.env';
import { callerVerifier, inProcessEnv, startInProcessGateway } from '../../test/support/in-process';
import { OPENAPI_JSON_PATH, OPENAPI_PATH, openApiEnabled } from './openapi-document';

jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
process.env.LOG_LEVEL ??= 'warn';

const ROOT = path.resolve(__dirname, '../../../..');
const DOCUMENT_URLS = [`/${OPENAPI_PATH}`, `/${OPENAPI_JSON_PATH}`, `/${OPENAPI_PATH}-yaml`];

/** What each document URL answers (status) with the gateway built from `env`. */
async function answers(env: GatewayEnv): Promise<Record<string, number>> {
  const { app, server } = await startInProcessGateway(callerVerifier({}), env);
  try {
    const out: Record<string, number> = {};
    for (const url of DOCUMENT_URLS)
      out[url] = (await server.inject({ method: 'GET', url })).statusCode;
    return out;
  } finally {
    await app.close();
  }
}

const every = (status: number) => Object.fromEntries(DOCUMENT_URLS.map((u) => [u, status]));

describe('the OpenAPI switch', () => {
  it('is OPENAPI_ENABLED when set, else on unless NODE_ENV is production', () => {
    expect(openApiEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(openApiEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(openApiEnabled({ NODE_ENV: 'test' })).toBe(true);
    expect(openApiEnabled({ NODE_ENV: 'production', OPENAPI_ENABLED: true })).toBe(true);
    expect(openApiEnabled({ NODE_ENV: 'test', OPENAPI_ENABLED: false })).toBe(false);
  });

  it('reads the variables: unset NODE_ENV counts as production; true/false are taken as said', () => {
    const base = {
      NATS_URL: 'nats://127.0.0.1:4222',
      OIDC_ISSUER: 'http://127.0.0.1:8080/realms/examprep',
      KEYCLOAK_PUBLIC_URL: 'http://127.0.0.1:8080',
    };
    const unset = loadConfig(GatewayEnv, base);
    expect([unset.NODE_ENV, unset.OPENAPI_ENABLED, openApiEnabled(unset)]).toEqual([
      'production',
      undefined,
      false,
    ]);
    expect(openApiEnabled(loadConfig(GatewayEnv, { ...base, NODE_ENV: 'development' }))).toBe(true);
    expect(openApiEnabled(loadConfig(GatewayEnv, { ...base, OPENAPI_ENABLED: 'true' }))).toBe(true);
    expect(
      openApiEnabled(
        loadConfig(GatewayEnv, { ...base, NODE_ENV: 'test', OPENAPI_ENABLED: 'false' }),
      ),
    ).toBe(false);
    expect(() => loadConfig(GatewayEnv, { ...base, OPENAPI_ENABLED: 'sometimes' })).toThrow(
      /OPENAPI_ENABLED/,
    );
    expect(() => loadConfig(GatewayEnv, { ...base, NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('off (production, nothing set): the document URLs answer 404', async () => {
    const env = Object.assign(inProcessEnv(), { NODE_ENV: 'production' as const });
    expect(await answers(env)).toEqual(every(404));
  }, 30_000);

  it('off by OPENAPI_ENABLED=false in a test environment: 404', async () => {
    expect(await answers(Object.assign(inProcessEnv(), { OPENAPI_ENABLED: false }))).toEqual(
      every(404),
    );
  }, 30_000);

  it('on (a test environment, or production with OPENAPI_ENABLED=true): the UI, JSON and YAML are served', async () => {
    expect(await answers(inProcessEnv())).toEqual(every(200));
    const opted = Object.assign(inProcessEnv(), {
      NODE_ENV: 'production' as const,
      OPENAPI_ENABLED: true,
    });
    const { app, server } = await startInProcessGateway(callerVerifier({}), opted);
    try {
      const doc = (await server.inject({ method: 'GET', url: `/${OPENAPI_JSON_PATH}` })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/announcements']));
    } finally {
      await app.close();
    }
  }, 30_000);

  it('is left off by the k8s manifests and on in the local profiles and docker compose', () => {
    const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');
    // the images run NODE_ENV=production; the gateway's ConfigMap says off explicitly
    expect(read('deploy/docker/Dockerfile')).toMatch(/^ENV NODE_ENV=production /m);
    const gatewayConfig = /- name: gateway-config\n {4}literals:\n((?: {6}.*\n)+)/.exec(
      read('k8s/base/kustomization.yaml'),
    )?.[1];
    expect(gatewayConfig).toContain('      - OPENAPI_ENABLED=false\n');
    for (const overlay of ['dev', 'prod'])
      expect(read(`k8s/overlays/${overlay}/kustomization.yaml`)).not.toContain('OPENAPI_ENABLED');
    // docker compose is a local system: on, as `npm start` (the README's /api/docs)
    expect(read('docker-compose.yml')).toMatch(/^ {6}OPENAPI_ENABLED: 'true'$/m);
  });
});
