import { Inject, Injectable } from '@nestjs/common';
import type { Actor, MediaSlot, QuestionMedia, QuestionMediaChanges } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import { MEDIA_CALLS, type MediaCalls } from '../media/media-peer';
import { changedPaths, existsInDocument, existsInIndex } from './question-media';
import { QuestionEvents } from './question-events.service';
import { QuestionsRepository } from './questions.repository';

/**
 * A question's media around its saves (ADR 0020 §2, admin spec §4): the commit of staged
 * uploads to the question's paths (the media service checks the bytes), the deletes of removed
 * slots after the write, question.mediaChanged, and which objects exist (the list's filters).
 */
@Injectable()
export class QuestionMediaService {
  constructor(
    private readonly questions: QuestionsRepository,
    @Inject(MEDIA_CALLS) private readonly media: MediaCalls,
    private readonly events: QuestionEvents,
  ) {}

  /** Commits the uploads to the question's paths; throws what the admin is told. */
  commit(
    actor: Actor,
    qid: string,
    uploads: QuestionMediaChanges,
  ): Promise<Partial<QuestionMedia>> {
    return this.media.commit(actor, qid, uploads);
  }

  /** A create's commit; on any failure the reserved question goes (and what may have landed). */
  async commitOrUndo(
    actor: Actor,
    qid: string,
    uploads: QuestionMediaChanges,
  ): Promise<Partial<QuestionMedia>> {
    try {
      return await this.media.commit(actor, qid, uploads);
    } catch (err) {
      await this.questions
        .delete(qid)
        .catch((e: unknown) =>
          rootLogger().error({ err: e, qid }, 'reserved question not removed'),
        );
      // a commit that timed out may still have copied: the free qid must not inherit a file
      const paths = changedPaths(qid, {}, Object.keys(uploads) as MediaSlot[]);
      await this.media
        .deleteObjects(actor, paths)
        .catch((e: unknown) => rootLogger().warn({ err: e, qid, paths }, 'media clean-up failed'));
      throw err;
    }
  }

  /** After the write: removed slots' objects deleted (failures only logged), the fact published. */
  async afterWrite(
    actor: Actor,
    qid: string,
    committed: Partial<QuestionMedia>,
    removed: readonly MediaSlot[],
  ): Promise<void> {
    const gone = changedPaths(qid, {}, removed);
    if (gone.length > 0) {
      try {
        const { failed } = await this.media.deleteObjects(actor, gone);
        if (failed.length > 0) rootLogger().warn({ qid, failed }, 'media not deleted');
      } catch (err) {
        rootLogger().warn({ err, qid, paths: gone }, 'media not deleted');
      }
    }
    const paths = changedPaths(qid, committed, removed);
    if (paths.length === 0) return;
    await this.events.mediaChanged(qid, paths);
  }

  /**
   * Admin spec §2.4: the has/missing media filters count REAL objects (the media service's
   * index of Images/ and VideoSolutions/). Without an answer, the documents' paths, logged.
   */
  async exists(actor: Actor) {
    try {
      return existsInIndex(await this.media.index(actor));
    } catch (err) {
      rootLogger().warn({ err }, 'media index unavailable: media filters use the documents');
      return existsInDocument;
    }
  }
}
