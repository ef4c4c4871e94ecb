import { Injectable } from '@nestjs/common';
import type {
  PracticeAnsweredEvent,
  TestSubmittedEvent,
  TestSubmittedItem,
} from '@examprep/contracts';
import { hasGenerator } from '@examprep/generators';
import { cardFromMiss, difficultyFromFacility, isRetired, reviewCard } from '@examprep/learning';
import { ItemStatsRepository } from '../item-stats/item-stats.repository';
import { Clock } from '../exams/clock';
import { LearningRepository } from './learning.repository';
import { emptySkills, type SkillAnswer, withAnswers } from './skills-update';
import type { StoredTestScore } from './learning.schema';
import { TopicDifficulty } from './topic-difficulty';

/** Compare-and-set tries of one learner's skills before the fact is left to redelivery. */
export const SKILLS_WRITE_TRIES = 8;

/** What a graded answer means for the review queue. */
export interface ReviewAnswer {
  uid: string;
  itemId: string;
  topicKey: string | null;
  course: string;
  objective: string;
  misconception: string | null;
  correct: boolean;
  at: string;
  /** Whether a miss makes a card (false: the pump simulator's problems). */
  makesCard: boolean;
}

/** The chance of a right guess on a test question: one in its choices for a single-choice one. */
export function guessOf(item: Pick<TestSubmittedItem, 'type' | 'options'>): number {
  return item.type === 'single' && item.options.length > 0 ? 1 / item.options.length : 0;
}

/**
 * Folds graded answers into the learning engine (issue 29, ADR 0039): the learner's skills (one
 * compare-and-set write per learner and course per fact), the topics' answer counts (the
 * generated items' difficulty), and the review cards (a miss makes or lapses one, a right answer
 * reviews it). A fact folded once is not folded again (the skills remember its key).
 */
@Injectable()
export class LearningFold {
  constructor(
    private readonly repo: LearningRepository,
    private readonly difficulty: TopicDifficulty,
    private readonly itemStats: ItemStatsRepository,
    private readonly clock: Clock,
  ) {}

  async foldPractice(f: PracticeAnsweredEvent): Promise<void> {
    const answer: SkillAnswer = {
      topicKey: f.topicKey,
      objective: f.objective,
      obs: {
        correct: f.correct,
        difficulty: this.difficulty.of(f.topicKey),
        guess: f.guess,
        at: f.answeredAt,
      },
    };
    const folded = await this.foldSkills(f.uid, f.course, `p:${f.itemId}@${f.answeredAt}`, [
      answer,
    ]);
    if (!folded) return;
    this.difficulty.count(f.topicKey, f.correct);
    await this.review({
      uid: f.uid,
      itemId: f.itemId,
      topicKey: f.topicKey,
      course: f.course,
      objective: f.objective,
      misconception: f.misconception,
      correct: f.correct,
      at: f.answeredAt,
      makesCard: f.source === 'infinite',
    });
  }

  async foldTest(f: TestSubmittedEvent): Promise<void> {
    // an unanswered question says nothing of the learner's skill (the time ran out, or skipped)
    const answered = f.items.filter((i) => i.outcome !== 'unanswered');
    if (f.items.length === 0) return;
    const stats = new Map(
      (await this.itemStats.getItems(answered.map((i) => i.qid))).map((s) => [s.qid, s]),
    );
    const byCourse = new Map<string, SkillAnswer[]>();
    for (const item of answered) {
      const s = stats.get(item.qid);
      const guess = guessOf(item);
      // the question's own facility from the item analysis, shrunk toward its topic's
      const prior = {
        difficulty: item.topic ? this.difficulty.of(item.topic) : 0,
        weight: 20,
      };
      const difficulty = difficultyFromFacility(s?.n ?? 0, s?.sx ?? 0, prior, guess);
      const list = byCourse.get(item.course) ?? [];
      list.push({
        topicKey: item.topic && hasGenerator(item.topic) ? item.topic : null,
        objective: item.objective,
        obs: { correct: item.outcome === 'correct', difficulty, guess, at: f.submittedAt },
      });
      byCourse.set(item.course, list);
    }
    const courses = new Set(f.items.map((i) => i.course));
    // a course whose skills took this test before (a redelivered fact) has its cards reviewed
    // already: reviewing them again would count one answer as two reviews
    const folded = new Set<string>();
    for (const course of courses) {
      const score: StoredTestScore | undefined =
        courses.size === 1
          ? { testId: f.testId, at: f.submittedAt, percent: f.finalScore }
          : undefined;
      if (await this.foldSkills(f.uid, course, `t:${f.testId}`, byCourse.get(course) ?? [], score))
        folded.add(course);
    }
    for (const item of answered.filter((i) => folded.has(i.course)))
      await this.review({
        uid: f.uid,
        itemId: item.qid,
        topicKey: item.topic,
        course: item.course,
        objective: item.objective,
        misconception: item.misconception,
        correct: item.outcome === 'correct',
        at: f.submittedAt,
        // a question comes back as a generated sibling: it needs a topic with a generator
        makesCard: !!item.topic && hasGenerator(item.topic),
      });
  }

  /** Folds a fact's answers into one learner's course skills; false when it was folded before. */
  private async foldSkills(
    uid: string,
    course: string,
    factKey: string,
    answers: readonly SkillAnswer[],
    score?: StoredTestScore,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < SKILLS_WRITE_TRIES; attempt++) {
      const cur = (await this.repo.skills(uid, course)) ?? emptySkills(uid, course);
      const next = withAnswers(cur, factKey, answers, this.clock.now(), score);
      if (!next) return false;
      if (await this.repo.saveSkills(next)) return true;
    }
    throw new Error(`learning: the skills of ${uid} in ${course} kept changing under the fold`);
  }

  /** A miss makes a card (or lapses the one there is); a right answer reviews the card, if any. */
  async review(a: ReviewAnswer): Promise<void> {
    const card =
      (await this.repo.card(a.uid, a.itemId)) ?? (await this.repo.cardServed(a.uid, a.itemId));
    if (card) {
      const next = reviewCard(card, a.correct, a.at);
      if (isRetired(next)) await this.repo.removeCard(a.uid, card.itemId);
      else await this.repo.putCard({ ...next, uid: a.uid, served: card.served });
      return;
    }
    if (a.correct || !a.makesCard) return;
    const made = cardFromMiss(
      {
        itemId: a.itemId,
        topicKey: a.topicKey,
        course: a.course,
        objective: a.objective,
        misconception: a.misconception,
      },
      a.at,
    );
    await this.repo.putCard({ ...made, uid: a.uid, served: null });
  }
}
