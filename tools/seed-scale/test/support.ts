// What the seed-scale specs share: the gateway as a learner or an admin sees it, and the
// documents the seed wrote (read back from the databases).
import { getToken, infraConfig, passwordGrant, seededUsers } from '@examprep/test-kit';
import { MongoClient } from 'mongodb';

export const model = infraConfig('test');

/** A password-grant token (api-tests client); throws on a refusal. */
export async function tokenOf(username: string, password: string): Promise<string> {
  return (await getToken({ username, password })).access_token;
}

/** Whether Keycloak lets this user sign in. */
export async function canSignIn(username: string, password: string): Promise<boolean> {
  return (await passwordGrant({ username, password })).status === 200;
}

export const adminToken = () => tokenOf(seededUsers.admin.email, seededUsers.admin.password);

/** GET on the gateway with a token: status, body and the time it took. */
export async function get<T = unknown>(
  path: string,
  token: string,
): Promise<{ status: number; body: T; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${model.gatewayUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text is the body
  }
  return { status: res.status, body: body as T, ms };
}

/** One client for the spec's reads of the services' databases. */
export async function databases() {
  const client = new MongoClient(model.mongoUrl(), { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  return { db: (name: string) => client.db(name), close: () => client.close() };
}

export interface TestSummaryLike {
  id: string;
  userId: string;
  finalScore: number | null;
  correctCount: number | null;
  totalQuestions: number;
  completed: boolean;
  productId: string;
}
