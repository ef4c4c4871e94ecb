// The tool's side, for the specs: a platform started on port 0 with its own state file, and a
// minimal tool (an RSA key served as a JWKS on another port) that signs client assertions and
// deep linking responses the way an LTI tool does.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { startPlatform } from './platform.mjs';

export interface Lms {
  issuer: string;
  statePath: string;
  close: () => Promise<void>;
}

export async function startLms(statePath = tempStatePath()): Promise<Lms> {
  const p = await startPlatform({ port: 0, statePath });
  return { issuer: p.issuer, statePath, close: p.close };
}

export const tempStatePath = () =>
  path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lms-spec-')), 'state.json');

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface Tool {
  jwksUri: string;
  key: SigningKey;
  /** a key the tool never published */
  strangerKey: SigningKey;
  clientId: string;
  deploymentId: string;
  close: () => Promise<void>;
}

async function rsaKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/** A tool that serves its JWKS and is registered with the platform through the test hook. */
export async function startTool(lms: Lms, extra: Record<string, unknown> = {}): Promise<Tool> {
  const key = await rsaKey('tool-key-1');
  const stranger = await rsaKey('tool-key-unpublished');
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [key.publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const registered = await postJson(lms, '/_test/tools', {
    name: 'ExamPrep',
    initiateLoginUri: `${base}/lti/login`,
    redirectUris: [`${base}/lti/launch`],
    jwksUri: `${base}/jwks`,
    deepLinkingUrl: `${base}/lti/deep-linking`,
    ...extra,
  });
  const { tool } = (await registered.json()) as {
    tool: { clientId: string; deploymentId: string };
  };
  return {
    jwksUri: `${base}/jwks`,
    key,
    strangerKey: stranger,
    clientId: tool.clientId,
    deploymentId: tool.deploymentId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function postJson(lms: Lms, pathname: string, body: unknown) {
  return fetch(`${lms.issuer}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** A JWT the tool signs (RS256, its kid). */
export function toolJwt(key: SigningKey, payload: JWTPayload, expiresIn = '5m') {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key.privateKey);
}

/** RFC 7523 client assertion of the tool for the token endpoint. */
export function clientAssertion(lms: Lms, tool: Tool, over: JWTPayload = {}, key = tool.key) {
  return toolJwt(key, {
    iss: tool.clientId,
    sub: tool.clientId,
    aud: `${lms.issuer}/token`,
    jti: randomUUID(),
    ...over,
  });
}

/** POST /token with a client assertion; the raw response. */
export async function requestToken(lms: Lms, scope: string, assertion: string) {
  return postForm(`${lms.issuer}/token`, {
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    scope,
  });
}

/** A bearer token of the tool for `scope`. */
export async function accessToken(lms: Lms, tool: Tool, scope: string): Promise<string> {
  const res = await requestToken(lms, scope, await clientAssertion(lms, tool));
  if (res.status !== 200) throw new Error(`token endpoint: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The value of a hidden input of an HTML page. */
export function hiddenField(html: string, name: string): string | undefined {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
}

export const SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;
