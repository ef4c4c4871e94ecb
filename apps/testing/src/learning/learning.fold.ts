import { Injectable } from '@nestjs/common';
import type {
  PracticeAnsweredEvent,
  TestSubmittedEvent,
  TestSubmittedItem,
} from '@examprep/contracts';
import { COURSE_DEFINITIONS, hasGenerator, topicPlace } from '@examprep/generators';
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

/** Where an answer counts in the model: a course id and objective code of COURSE_DEFINITIONS. */
export interface ModelPlace {
  course: string;
  objective: string;
}

/**
 * Where a test question counts in the model. A stored question carries the bank's course and
 * objective texts ('TEAS Math QBank', 'Numbers and Algebra - Fractions'), the model the course
 * ids and objective codes of COURSE_DEFINITIONS ('teas_math', '1'), which the summary, the
 * readiness and the weak spots read. A question with a generator topic counts where its topic
 * is; any other by its objective's text ('<section> - <name>', or the code itself) in the course
 * whose name starts the bank's course name (or whose id it is). Null when nothing matches (an
 * objective the courses do not have, such as a hand-made 'Conversions - Equivalent doses'):
 * the answer then counts toward no skill.
 */
export function testItemPlace(
  item: Pick<TestSubmittedItem, 'course' | 'objective' | 'topic'>,
): ModelPlace | null {
  const place = item.topic ? topicPlace(item.topic) : null;
  if (place) return { course: place.course, objective: place.objective };
  const def = COURSE_DEFINITIONS.find(
    (c) => c.id === item.course || item.course === c.name || item.course.startsWith(`${c.name} `),
  );
  const objective = def?.objectives.find(
    (o) => o.code === item.objective || `${o.section} - ${o.name}` === item.objective,
  );
  return def && objective ? { course: def.id, objective: objective.code } : null;
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
    // each question where the model counts it (the bank's course and objective texts are not
    // the model's ids); a question the courses do not have counts toward nothing
    const placed = f.items.flatMap((item) => {
      const place = testItemPlace(item);
      return place ? [{ item, place }] : [];
    });
    // an unanswered question says nothing of the learner's skill (the time ran out, or skipped)
    const answered = placed.filter(({ item }) => item.outcome !== 'unanswered');
    if (placed.length === 0) return;
    const stats = new Map(
      (await this.itemStats.getItems(answered.map(({ item }) => item.qid))).map((s) => [s.qid, s]),
    );
    const byCourse = new Map<string, SkillAnswer[]>();
    for (const { item, place } of answered) {
      const s = stats.get(item.qid);
      const guess = guessOf(item);
      // the question's own facility from the item analysis, shrunk toward its topic's
      const prior = {
        difficulty: item.topic ? this.difficulty.of(item.topic) : 0,
        weight: 20,
      };
      const difficulty = difficultyFromFacility(s?.n ?? 0, s?.sx ?? 0, prior, guess);
      const list = byCourse.get(place.course) ?? [];
      list.push({
        topicKey: item.topic && hasGenerator(item.topic) ? item.topic : null,
        objective: place.objective,
        obs: { correct: item.outcome === 'correct', difficulty, guess, at: f.submittedAt },
      });
      byCourse.set(place.course, list);
    }
    const courses = new Set(placed.map(({ place }) => place.course));
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
    for (const { item, place } of answered.filter(({ place }) => folded.has(place.course)))
      await this.review({
        uid: f.uid,
        itemId: item.qid,
        topicKey: item.topic,
        course: place.course,
        objective: place.objective,
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
