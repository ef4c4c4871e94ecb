import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type GenerateBatchResponse,
  type InfiniteCoursesResponse,
  LEARNING_MESSAGES,
  Subjects,
} from '@examprep/contracts';
import { PeerClient, peerFailure } from '@examprep/nest-kit';
import { TestingEnv } from '../config/testing.env';

/** The provider token of the learning engine's qbank calls (LearningPeers; unit specs give a fake). */
export const LEARNING_CALLS = Symbol('LEARNING_CALLS');

/** The learning engine's calls to the qbank (what unit specs fake). */
export interface LearningCalls {
  /** The Infinite QBank's courses and topics as the learner may practise them. */
  courses(actor: Actor): Promise<InfiniteCoursesResponse>;
  /** Generated items by id, in the learner's rules. */
  items(actor: Actor, ids: string[]): Promise<GenerateBatchResponse>;
}

/**
 * The learning engine's client of the qbank: a peer down or slow is 'Could not load practice
 * questions. Please try again.' with its status (503/504); anything else passes as it is.
 */
@Injectable()
export class LearningPeers extends PeerClient implements LearningCalls {
  constructor(env: TestingEnv) {
    super({
      servers: env.NATS_URL,
      name: 'testing-learning-peers',
      timeoutMs: env.PEER_TIMEOUT_MS,
      failure: peerFailure({ message: LEARNING_MESSAGES.peerFailed }),
    });
  }

  courses(actor: Actor): Promise<InfiniteCoursesResponse> {
    return this.call(() => this.rpc.request(Subjects.qbank.infiniteCourses, { actor }));
  }

  items(actor: Actor, ids: string[]): Promise<GenerateBatchResponse> {
    return this.call(() => this.rpc.request(Subjects.qbank.generateItems, { actor, ids }));
  }
}
