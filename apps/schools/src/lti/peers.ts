import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type ClassReportLearner,
  type CreateTestAnswer,
  type CreateTestInput,
  type LinkedTest,
  type LtiAccountInput,
  type LtiProvisionAnswer,
  type Product,
  Subjects,
} from '@examprep/contracts';
import { PeerClient, peerFailure } from '@examprep/nest-kit';
import { SchoolsEnv } from '../config/schools.env';

/** The provider token of the schools service's calls to other services (unit specs fake it). */
export const SCHOOLS_CALLS = Symbol('SCHOOLS_CALLS');

export interface SchoolsCalls {
  /** identity: the account of an LMS user, found by its key or made (ADR 0040). */
  provision(account: LtiAccountInput): Promise<LtiProvisionAnswer>;
  /** catalog: the products (cached), for the deep linking picker and assignments. */
  products(): Promise<Product[]>;
  /** testing: a test of an LMS assignment for the learner. */
  createLinkedTest(
    actor: Actor,
    input: CreateTestInput,
    linkKey: string,
  ): Promise<CreateTestAnswer>;
  /** testing: the learner's tests of an LMS assignment, newest first. */
  linkedTests(actor: Actor, linkKey: string): Promise<LinkedTest[]>;
  /** testing: a class's learners' tests and TEAS readiness (the actor: their instructor). */
  classReport(actor: Actor, uids: string[]): Promise<ClassReportLearner[]>;
}

export const PEER_UNAVAILABLE =
  'ExamPrep cannot reach one of its parts right now. Please try again in a minute.';

/** The schools service's client of identity, catalog and testing. */
@Injectable()
export class SchoolsPeers extends PeerClient implements SchoolsCalls {
  constructor(env: SchoolsEnv) {
    super({
      servers: env.NATS_URL,
      name: 'schools-peers',
      timeoutMs: env.PEER_TIMEOUT_MS,
      failure: peerFailure({ message: PEER_UNAVAILABLE }),
    });
  }

  provision(account: LtiAccountInput): Promise<LtiProvisionAnswer> {
    return this.call(() =>
      this.rpc.request(Subjects.identity.ltiProvision, { actor: null, account }),
    );
  }

  createLinkedTest(
    actor: Actor,
    input: CreateTestInput,
    linkKey: string,
  ): Promise<CreateTestAnswer> {
    return this.call(() =>
      this.rpc.request(Subjects.testing.createLinkedTest, { actor, input, linkKey }),
    );
  }

  async classReport(actor: Actor, uids: string[]): Promise<ClassReportLearner[]> {
    if (uids.length === 0) return [];
    const answer = await this.call(() =>
      this.rpc.request(Subjects.testing.classReport, { actor, uids }),
    );
    return answer.learners;
  }

  async linkedTests(actor: Actor, linkKey: string): Promise<LinkedTest[]> {
    const answer = await this.call(() =>
      this.rpc.request(Subjects.testing.linkedTests, { actor, linkKey }),
    );
    return answer.tests;
  }
}
