// A verified account with the realm role `instructor` (issue 30) for the gateway's integration
// specs: the instructor's routes refuse everyone else. Made once per spec file, removed by
// `removeInstructor`.
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
} from '@examprep/test-kit';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;

export interface SpecInstructor {
  email: string;
  password: string;
  id: string;
}

/** Gives a user a realm role through Keycloak's admin API (the identity service's client). */
export async function grantRealmRole(uid: string, role: string): Promise<void> {
  const { access_token } = await getClientToken(identityServiceClient());
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const found = await fetch(`${kcAdmin}/roles/${role}`, { headers });
  if (found.status !== 200) throw new Error(`realm role ${role}: ${found.status}`);
  const res = await fetch(`${kcAdmin}/users/${uid}/role-mappings/realm`, {
    method: 'POST',
    headers,
    body: JSON.stringify([await found.json()]),
  });
  if (res.status !== 204) throw new Error(`granting ${role} to ${uid}: ${res.status}`);
}

/** A new instructor account (`tag` names the spec in the address). */
export async function makeInstructor(tag: string): Promise<SpecInstructor> {
  const who = {
    email: `${tag}-instructor-${Date.now()}@examprep.test`,
    password: `${tag}-instructor-1`,
    id: '',
  };
  who.id = await createRealmUser(who);
  await grantRealmRole(who.id, 'instructor');
  return who;
}

/** Removes an account a spec made. */
export async function removeInstructor(who: SpecInstructor | undefined): Promise<void> {
  if (!who?.id) return;
  const { access_token } = await getClientToken(identityServiceClient());
  await fetch(`${kcAdmin}/users/${who.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${access_token}` },
  });
}
