import { randomUUID } from 'node:crypto';
import { infraConfig, type InfraProfile } from './config';
import { createRealmUser, getClientToken } from './keycloak';
import { identityServiceClient } from './seeded';

/** An actor as the services read it (the contracts' Actor). */
export interface SpecActor {
  uid: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
}

/**
 * The learners one spec file makes to call the services directly over NATS: real accounts of
 * the realm (services act only for users that exist: an admin grants purchases to them, issue
 * 24), listed in `made` for the file's own clean-up and deleted from the realm by `removeAll`.
 */
export function specAccounts(profile: InfraProfile = 'test') {
  const made: string[] = [];
  return {
    made,
    async newUser(over: Partial<SpecActor> = {}): Promise<SpecActor> {
      const email = over.email ?? `it-${randomUUID()}@examprep.test`;
      const uid = await createRealmUser({ email, password: 'it-pass-1' }, profile);
      made.push(uid);
      return { uid, email, isAdmin: false, emailVerified: true, ...over };
    },
    async removeAll(): Promise<void> {
      const cfg = infraConfig(profile);
      const { access_token } = await getClientToken(identityServiceClient(), profile);
      for (const uid of made.splice(0))
        await fetch(`${cfg.keycloakUrl}/admin/realms/${cfg.realm}/users/${uid}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${access_token}` },
        }).catch(() => undefined);
    },
  };
}

/** An admin actor of the admin messages (its own account is never looked up). */
export function adminActor(email: string): SpecActor {
  return { uid: randomUUID(), email, isAdmin: true, emailVerified: true };
}
