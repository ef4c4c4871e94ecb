// The seeded users and test clients of the local (dev/test) Keycloak, read from the realm files
// in deploy/keycloak so there is ONE source of emails, passwords and secrets.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot, readInfraConfigFile } from './config';

export interface SeededUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  realmRoles: string[];
}

export type SeededUserKey = 'admin' | 'learner' | 'unverified' | 'unverified-admin';
export const SEEDED_USER_KEYS: readonly SeededUserKey[] = [
  'admin',
  'learner',
  'unverified',
  'unverified-admin',
];

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

interface RealmUserJson {
  id?: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  realmRoles?: string[];
  credentials?: { type?: string; value?: string }[];
}
interface RealmClientJson {
  clientId?: string;
  secret?: string;
}
export interface RealmJson {
  realm?: string;
  users?: RealmUserJson[];
  clients?: RealmClientJson[];
  [key: string]: unknown;
}

export function realmFiles(repoRoot: string = findRepoRoot()): { realm: string; overlay: string } {
  const name = readInfraConfigFile().realm;
  return {
    realm: path.join(repoRoot, 'deploy', 'keycloak', 'realm', `${name}-realm.json`),
    overlay: path.join(repoRoot, 'deploy', 'keycloak', 'dev', `${name}-dev-overlay.json`),
  };
}

export function readRealmJson(file: string): RealmJson {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RealmJson;
}

/** Pure: the seeded users of a dev overlay, keyed by the local part of their email. */
export function seededUsersFrom(overlay: RealmJson): Record<SeededUserKey, SeededUser> {
  const out: Partial<Record<SeededUserKey, SeededUser>> = {};
  for (const u of overlay.users ?? []) {
    const email = u.email ?? u.username;
    const password = u.credentials?.find((c) => c.type === 'password')?.value;
    if (!email || !password) continue;
    const key = email.split('@')[0] as SeededUserKey;
    if (!SEEDED_USER_KEYS.includes(key)) continue;
    out[key] = {
      email,
      password,
      firstName: u.firstName ?? '',
      lastName: u.lastName ?? '',
      emailVerified: u.emailVerified === true,
      realmRoles: u.realmRoles ?? [],
    };
  }
  for (const key of SEEDED_USER_KEYS) {
    if (!out[key]) throw new Error(`dev overlay has no seeded user "${key}@..." with a password`);
  }
  return out as Record<SeededUserKey, SeededUser>;
}

const PLACEHOLDER = /^\$\{([A-Za-z0-9_]+)(?::([^}]*))?\}$/;

/** Pure: resolves a Keycloak import placeholder `${ENV:default}` the way the import does. */
export function resolvePlaceholder(value: string, env: NodeJS.ProcessEnv = process.env): string {
  const m = PLACEHOLDER.exec(value);
  if (!m) return value;
  const fromEnv = env[m[1]];
  if (fromEnv !== undefined) return fromEnv;
  if (m[2] === undefined)
    throw new Error(`placeholder ${value} has no default and ${m[1]} is not set`);
  return m[2];
}

/** Pure: id and (placeholder-resolved) secret of a confidential client of a realm file. */
export function clientCredentialsFrom(
  realm: RealmJson,
  clientId: string,
  env: NodeJS.ProcessEnv = process.env,
): ClientCredentials {
  const client = realm.clients?.find((c) => c.clientId === clientId);
  if (!client?.secret) throw new Error(`realm file has no confidential client "${clientId}"`);
  return { clientId, clientSecret: resolvePlaceholder(client.secret, env) };
}

let cache:
  | {
      users: Record<SeededUserKey, SeededUser>;
      apiTests: ClientCredentials;
      identity: ClientCredentials;
    }
  | undefined;
function load() {
  if (!cache) {
    const files = realmFiles();
    const overlay = readRealmJson(files.overlay);
    cache = {
      users: seededUsersFrom(overlay),
      apiTests: clientCredentialsFrom(overlay, 'api-tests'),
      identity: clientCredentialsFrom(readRealmJson(files.realm), 'identity-service'),
    };
  }
  return cache;
}

/** The seeded users of the dev/test realm (admin, learner, unverified). */
export const seededUsers: Readonly<Record<SeededUserKey, SeededUser>> = new Proxy(
  {} as Record<SeededUserKey, SeededUser>,
  {
    get: (_t, key) => load().users[key as SeededUserKey],
    has: (_t, key) => SEEDED_USER_KEYS.includes(key as SeededUserKey),
    ownKeys: () => [...SEEDED_USER_KEYS],
    getOwnPropertyDescriptor: (_t, key) => ({
      enumerable: true,
      configurable: true,
      value: load().users[key as SeededUserKey],
    }),
  },
);

/** The DEV/TEST-only confidential client with the password grant. */
export function apiTestsClient(): ClientCredentials {
  return load().apiTests;
}

/** The identity service's client (service account); its secret as the local servers have it. */
export function identityServiceClient(): ClientCredentials {
  return load().identity;
}
