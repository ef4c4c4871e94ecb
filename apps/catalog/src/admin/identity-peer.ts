import { Injectable } from '@nestjs/common';
import { type Actor, ErrorCodes, Subjects } from '@examprep/contracts';
import { PeerClient, peerFailure } from '@examprep/nest-kit';
import { CatalogEnv } from '../config/catalog.env';

/** What the admin is told when the identity service cannot say whether the user exists. */
export const IDENTITY_UNAVAILABLE =
  'The user directory cannot be reached right now. Please try again in a moment.';

/** The catalog's calls to the identity service (what unit specs fake). */
export interface IdentityCalls {
  /** identity.admin.userExists with the admin as actor. */
  userExists(actor: Actor, uid: string): Promise<boolean>;
}

export const IDENTITY_CALLS = Symbol('IdentityCalls');

/**
 * An identity service that is down or too slow (503/504) is a 503 naming it; anything else it
 * said (400 for an id that is no user id, 403) is passed on as it is.
 */
export const identityPeerFailure = peerFailure({
  status: 503,
  code: ErrorCodes.SERVICE_UNAVAILABLE,
  message: IDENTITY_UNAVAILABLE,
});

/** The catalog's client of the identity service, over NATS with PEER_TIMEOUT_MS. */
@Injectable()
export class IdentityPeer extends PeerClient implements IdentityCalls {
  constructor(env: CatalogEnv) {
    super({
      servers: env.NATS_URL,
      name: 'catalog-identity',
      timeoutMs: env.PEER_TIMEOUT_MS,
      failure: identityPeerFailure,
    });
  }

  async userExists(actor: Actor, uid: string): Promise<boolean> {
    const answer = await this.call(() =>
      this.rpc.request(Subjects.identity.userExists, { actor, uid }),
    );
    return answer.exists === true;
  }
}
