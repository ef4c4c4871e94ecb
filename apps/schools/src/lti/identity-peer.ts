import { Injectable } from '@nestjs/common';
import { type LtiAccountInput, type LtiProvisionAnswer, Subjects } from '@examprep/contracts';
import { PeerClient, peerFailure } from '@examprep/nest-kit';
import { SchoolsEnv } from '../config/schools.env';

/** The provider token of the schools service's identity calls (unit specs give a fake). */
export const IDENTITY_CALLS = Symbol('IDENTITY_CALLS');

export interface IdentityCalls {
  /** The account of an LMS user: found by its key, or made (ADR 0040). */
  provision(account: LtiAccountInput): Promise<LtiProvisionAnswer>;
}

export const SIGN_IN_UNAVAILABLE =
  'Signing you in is not possible right now. Please open the link from your course again in a minute.';

/** The schools service's client of the identity service. */
@Injectable()
export class IdentityPeer extends PeerClient implements IdentityCalls {
  constructor(env: SchoolsEnv) {
    super({
      servers: env.NATS_URL,
      name: 'schools-identity-peer',
      timeoutMs: env.PEER_TIMEOUT_MS,
      failure: peerFailure({ message: SIGN_IN_UNAVAILABLE }),
    });
  }

  provision(account: LtiAccountInput): Promise<LtiProvisionAnswer> {
    return this.call(() =>
      this.rpc.request(Subjects.identity.ltiProvision, { actor: null, account }),
    );
  }
}
