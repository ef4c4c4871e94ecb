import { Injectable } from '@nestjs/common';
import {
  Events,
  type PracticeAnsweredEvent,
  type TestSubmittedEvent,
  type UserDeletedEvent,
} from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { isTestSubmittedEvent } from '../item-stats/test-submitted.consumer';
import { LearningFold } from './learning.fold';
import { LearningRepository } from './learning.repository';

/**
 * Practice answers in flight at once. Answers of one learner may fold side by side: the skills'
 * compare-and-set keeps both (LearningFold).
 */
export const PRACTICE_CONCURRENCY = 16;

export function isPracticeAnsweredEvent(e: unknown): e is PracticeAnsweredEvent {
  const f = e as Partial<PracticeAnsweredEvent> | null;
  return (
    typeof f?.uid === 'string' &&
    f.uid.length > 0 &&
    typeof f.itemId === 'string' &&
    typeof f.topicKey === 'string' &&
    typeof f.course === 'string' &&
    typeof f.objective === 'string' &&
    typeof f.correct === 'boolean' &&
    typeof f.guess === 'number' &&
    typeof f.answeredAt === 'string' &&
    !Number.isNaN(Date.parse(f.answeredAt))
  );
}

/** Folds every checked practice answer into the learner's mastery and review queue. */
@Injectable()
export class PracticeAnsweredConsumer {
  constructor(private readonly fold: LearningFold) {}

  @JetStreamConsumer({
    durable: 'testing-learning-practice',
    subject: Events.practiceAnswered,
    concurrency: PRACTICE_CONCURRENCY,
  })
  async handle(event: PracticeAnsweredEvent): Promise<void> {
    if (!isPracticeAnsweredEvent(event)) {
      rootLogger().error({ event }, 'practice.answered fact of an unknown shape; skipped');
      return;
    }
    await this.fold.foldPractice(event);
  }
}

/** Folds every graded test into its learner's mastery, review queue and score trend. */
@Injectable()
export class LearningTestsConsumer {
  constructor(private readonly fold: LearningFold) {}

  @JetStreamConsumer({
    durable: 'testing-learning-tests',
    subject: Events.testSubmitted,
    concurrency: PRACTICE_CONCURRENCY,
  })
  async handle(event: TestSubmittedEvent): Promise<void> {
    // facts published before issue 29 carry no learner: the item statistics take them, not us
    if (!isTestSubmittedEvent(event) || typeof event.uid !== 'string' || event.uid === '') return;
    await this.fold.foldTest(event);
  }
}

/** An erased user's learning data goes with their tests (idempotent). */
@Injectable()
export class LearningUserDeletedConsumer {
  constructor(private readonly repo: LearningRepository) {}

  @JetStreamConsumer({ durable: 'testing-learning-user-deleted', subject: Events.userDeleted })
  async handle(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0) return;
    await this.repo.removeUser(event.uid);
  }
}
