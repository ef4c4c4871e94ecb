import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type PoolAnswer,
  type Product,
  Subjects,
  TEST_MESSAGES,
} from '@examprep/contracts';
import { PeerClient, peerFailure } from '@examprep/nest-kit';
import { TestingEnv } from '../config/testing.env';

/** The calls the testing service makes (what unit specs fake). */
export interface PeerCalls {
  products(): Promise<Product[]>;
  hasAccess(actor: Actor, productId: string): Promise<boolean>;
  draw(course: string, count: number): Promise<PoolAnswer>;
}

/**
 * A peer's failure as this service answers it: a catalog or qbank that is down or slow (503/504)
 * is 'Failed to create test. Please try again.' with the same status; anything else the peer
 * said is passed on as it is.
 */
export const testingPeerFailure = peerFailure({ message: TEST_MESSAGES.createFailed });

/**
 * The testing service's own client of the catalog (products, access: PeerClient) and the qbank
 * (the question draw), over NATS with a time-out (PEER_TIMEOUT_MS): connected when the module
 * starts, drained when it stops.
 */
@Injectable()
export class Peers extends PeerClient implements PeerCalls {
  constructor(env: TestingEnv) {
    super({
      servers: env.NATS_URL,
      name: 'testing-peers',
      timeoutMs: env.PEER_TIMEOUT_MS,
      failure: testingPeerFailure,
    });
  }

  draw(course: string, count: number): Promise<PoolAnswer> {
    return this.call(() =>
      this.rpc.request(Subjects.qbank.pool, { actor: null, query: { course, count } }),
    );
  }
}
