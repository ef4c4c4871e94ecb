import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  type Actor,
  type DeleteObjectsReply,
  ErrorCodes,
  MEDIA_MESSAGES,
  type QuestionMedia,
  type QuestionMediaChanges,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient, peerFailure } from '@examprep/nest-kit';
import { QbankEnv } from '../config/qbank.env';

/** The index of existing objects is only for the list's filters: it may not hold the list up. */
export const MEDIA_INDEX_TIMEOUT_MS = 3000;

/** The qbank's calls to the media service (what unit specs fake). */
export interface MediaCalls {
  /** Commits staged uploads to the question's paths (ADR 0020 §2); throws what the admin is told. */
  commit(actor: Actor, qid: string, changes: QuestionMediaChanges): Promise<Partial<QuestionMedia>>;
  deleteObjects(actor: Actor, paths: string[]): Promise<DeleteObjectsReply>;
  /** Every existing object under Images/ and VideoSolutions/. */
  index(actor: Actor): Promise<Set<string>>;
}

export const MEDIA_CALLS = Symbol('MediaCalls');

/**
 * What the admin is told when a commit fails: the media service's own refusal (400
 * BAD_MEDIA_FILE / VALIDATION_FAILED, 503 STORAGE_UNAVAILABLE) as it is; a media service that
 * is down or too slow is storage being unavailable (503 with the storage sentence).
 */
export const mediaFailure = peerFailure({
  status: 503,
  code: ErrorCodes.STORAGE_UNAVAILABLE,
  message: MEDIA_MESSAGES.storageUnavailable,
});

/** The qbank's own NATS client of the media service, with a time-out (PEER_TIMEOUT_MS). */
@Injectable()
export class MediaPeer implements MediaCalls, OnModuleInit, OnModuleDestroy {
  private readonly rpc: NatsRpcClient;

  constructor(env: QbankEnv) {
    this.rpc = new NatsRpcClient({
      servers: env.NATS_URL,
      name: 'qbank-media',
      timeoutMs: env.PEER_TIMEOUT_MS,
    });
  }

  async onModuleInit(): Promise<void> {
    await this.rpc.connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.rpc.close();
  }

  async commit(
    actor: Actor,
    qid: string,
    changes: QuestionMediaChanges,
  ): Promise<Partial<QuestionMedia>> {
    try {
      const reply = await this.rpc.request(Subjects.media.commitQuestionMedia, {
        actor,
        qid,
        changes,
      });
      return reply.committed;
    } catch (err) {
      throw mediaFailure(err);
    }
  }

  deleteObjects(actor: Actor, paths: string[]): Promise<DeleteObjectsReply> {
    return this.rpc.request(Subjects.media.deleteObjects, { actor, paths });
  }

  async index(actor: Actor): Promise<Set<string>> {
    const reply = await this.rpc.request(
      Subjects.media.questionMediaIndex,
      { actor },
      { timeoutMs: MEDIA_INDEX_TIMEOUT_MS },
    );
    return new Set(reply.paths);
  }
}
