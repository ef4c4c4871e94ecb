import { Inject, Injectable, Optional } from '@nestjs/common';
import { Events, type PracticeAnsweredEvent } from '@examprep/contracts';
import type { ReplayableItem } from '@examprep/generators';
import { JetStreamBus, rootLogger } from '@examprep/nest-kit';
import { sameBlankValue } from '@examprep/validation';
import { QbankEnv } from '../config/qbank.env';

/**
 * The message id of a practice answer: one per learner and item, so an item checked again
 * within the stream's duplicate window (a double click, a re-check after the answer was shown)
 * counts once in the learner's mastery; a served review of the item (the weak-spots batch says
 * so) has its own, so it counts even right after a practice answer to the same item.
 */
export const practiceMsgId = (uid: string, itemId: string, review = false) =>
  `practice:${uid}:${itemId}${review ? ':review' : ''}`;

/** The misconception a wrong answer to a generated item hit (the named wrong value it gave), or null. */
export function practiceMisconception(
  item: Pick<ReplayableItem, 'type' | 'distractors' | 'rounding'>,
  answer: readonly string[],
): string | null {
  const given = answer[0]?.trim();
  if (!given) return null;
  if (item.type === 'single')
    return item.distractors.find((d) => d.value.trim() === given)?.misconception ?? null;
  if (item.type === 'blank')
    return (
      item.distractors.find((d) =>
        sameBlankValue({ correctAnswer: [d.value], rounding: item.rounding }, given),
      )?.misconception ?? null
    );
  return null;
}

/** The fact of a checked Infinite QBank answer (issue 29): what the learning engine folds. */
export function practiceFact(
  uid: string,
  item: ReplayableItem,
  answer: readonly string[],
  correct: boolean,
  at: Date,
  review = false,
): PracticeAnsweredEvent {
  return {
    uid,
    itemId: item.id,
    topicKey: item.topicKey,
    course: item.course,
    objective: item.objective,
    correct,
    misconception: correct ? null : practiceMisconception(item, answer),
    guess: item.type === 'single' && item.choices.length > 0 ? 1 / item.choices.length : 0,
    source: item.type === 'pump' ? 'pump' : 'infinite',
    ...(review ? { review: true } : {}),
    answeredAt: at.toISOString(),
  };
}

/**
 * Publishes practice facts without holding up the check's reply (issue 29: the learning engine
 * may add at most 5 ms to an answer check). A fact JetStream refuses is logged and lost: the
 * mastery then misses one answer, which the next answers on the topic make up for; the check
 * itself never fails for it.
 */
@Injectable()
export class PracticeFacts {
  constructor(
    @Inject(JetStreamBus) private readonly bus: Pick<JetStreamBus, 'publish'>,
    @Optional() env?: QbankEnv,
  ) {
    this.enabled = env?.LEARNING_FACTS ?? true;
  }

  private readonly enabled: boolean;

  publish(fact: PracticeAnsweredEvent): void {
    if (!this.enabled) return;
    this.bus
      .publish(Events.practiceAnswered, fact, practiceMsgId(fact.uid, fact.itemId, fact.review))
      .catch((err: unknown) =>
        rootLogger().warn({ err, itemId: fact.itemId }, 'practice.answered not published'),
      );
  }
}
