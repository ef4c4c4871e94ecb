import { Inject, Injectable } from '@nestjs/common';
import {
  Events,
  type QuestionDeletedEvent,
  type QuestionMediaChangedEvent,
} from '@examprep/contracts';
import { JetStreamBus, rootLogger } from '@examprep/nest-kit';

/**
 * The question bank's facts on JetStream (DESIGN.md §3), published after the write they
 * report. A fact that cannot be published is logged, never the admin's error: the write stands.
 */
@Injectable()
export class QuestionEvents {
  constructor(@Inject(JetStreamBus) private readonly bus: Pick<JetStreamBus, 'publish'>) {}

  /** question.mediaChanged: these media paths of the question changed (caches drop them). */
  async mediaChanged(qid: string, paths: string[]): Promise<void> {
    const event: QuestionMediaChangedEvent = { qid, paths, at: new Date().toISOString() };
    await this.bus
      .publish(Events.questionMediaChanged, event, `question-media:${qid}:${event.at}`)
      .catch((err: unknown) =>
        rootLogger().error({ err, qid }, 'question.mediaChanged not published'),
      );
  }

  /** question.deleted: the question is gone. */
  async deleted(qid: string): Promise<void> {
    const event: QuestionDeletedEvent = { qid, at: new Date().toISOString() };
    await this.bus
      .publish(Events.questionDeleted, event, `question-deleted:${qid}:${event.at}`)
      .catch((err: unknown) => rootLogger().error({ err, qid }, 'question.deleted not published'));
  }
}
