import { Injectable } from '@nestjs/common';
import { type Actor, ErrorCodes, Subjects } from '@examprep/contracts';
import { PeerClient, peerFailure } from '@examprep/nest-kit';
import { QbankEnv } from '../config/qbank.env';

/** What the caller is told when the catalog cannot say whether they have simulation access. */
export const ACCESS_UNAVAILABLE =
  'The pump simulator cannot check your access right now. Please try again in a moment.';

/** The pump simulator's calls to the catalog (what unit specs fake). */
export interface SimulationCalls {
  /** catalog.access.simulations with the caller as actor (Med Dosage QBank; admins always). */
  simulationsAccess(actor: Actor): Promise<boolean>;
}

export const SIMULATION_CALLS = Symbol('SimulationCalls');

/**
 * A catalog that is down or too slow (503/504) is a 503 with ACCESS_UNAVAILABLE; anything else
 * the catalog said (401, 403 for an unverified caller) is passed on as it is.
 */
export const simulationsPeerFailure = peerFailure({
  status: 503,
  code: ErrorCodes.SERVICE_UNAVAILABLE,
  message: ACCESS_UNAVAILABLE,
});

/** The qbank's client of the catalog for the pump simulator, over NATS with PEER_TIMEOUT_MS. */
@Injectable()
export class SimulationsPeers extends PeerClient implements SimulationCalls {
  constructor(env: QbankEnv) {
    super({
      servers: env.NATS_URL,
      name: 'qbank-simulations',
      timeoutMs: env.PEER_TIMEOUT_MS,
      failure: simulationsPeerFailure,
    });
  }

  async simulationsAccess(actor: Actor): Promise<boolean> {
    const answer = await this.call(() =>
      this.rpc.request(Subjects.catalog.checkSimulationsAccess, { actor }),
    );
    return answer.authorized === true;
  }
}
