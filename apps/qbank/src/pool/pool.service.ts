import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolAnswer, PoolQuery, PoolQuestion } from '@examprep/contracts';
import { parseItemId } from '@examprep/generators';
import { validatePayload } from '@examprep/nest-kit';
import type { QuestionRecord } from '../questions/question.schema';
import { QuestionsRepository } from '../questions/questions.repository';
import { MisconceptionCache } from './misconceptions.util';
import { PoolQueryDto } from './pool-query.dto';

/** How long a course's questions are reused for new tests (an edit shows up within this). */
export const COURSE_TTL_MS = 30_000;
const MAX_CACHED_COURSES = 50;

/**
 * The questions a new test snapshots (qbank.questions.pool, service to service; no HTTP
 * route): `count` questions of the course, all of them when it holds fewer, else a uniform
 * random sample, in QID order, with everything a test needs to show, grade and explain them
 * (answers included) and the named misconceptions of generator-built questions.
 */
@Injectable()
export class PoolService {
  private readonly misconceptions = new MisconceptionCache();
  /** A course's questions as snapshots, kept COURSE_TTL_MS; one read per course at a time. */
  private readonly courses = new Map<string, { at: number; questions: Promise<PoolQuestion[]> }>();

  /** The clock of the course cache (tests move it). */
  now: () => number = Date.now;

  constructor(private readonly questions: QuestionsRepository) {}

  async draw(raw: PoolQuery): Promise<PoolAnswer> {
    const { course, count } = validatePayload(PoolQueryDto, raw);
    const all = await this.courseQuestions(course);
    const chosen = sample(all, count).sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
    // each test gets its own copy: the cached snapshots are shared
    return { questions: structuredClone(chosen), available: all.length };
  }

  /**
   * Every question of the course as a snapshot. Tests start in bursts (a class starting an
   * exam together), and on FerretDB 1.24 reading a course decodes the whole collection
   * (40-60 ms for the 204-question QBank), so a course is read once per COURSE_TTL_MS in this
   * process and concurrent draws share the read. An edit in the bank reaches new tests within
   * that time; tests already taken never change (ADR 0019).
   */
  private courseQuestions(course: string): Promise<PoolQuestion[]> {
    const now = this.now();
    const cached = this.courses.get(course);
    if (cached && now - cached.at < COURSE_TTL_MS) return cached.questions;
    const questions = this.questions
      .findByCourse(course)
      .then((docs) => docs.map((doc) => this.toPoolQuestion(doc)));
    this.courses.set(course, { at: now, questions });
    // a failed read is not kept
    questions.catch(() => {
      if (this.courses.get(course)?.questions === questions) this.courses.delete(course);
    });
    if (this.courses.size > MAX_CACHED_COURSES) {
      const oldest = this.courses.keys().next().value;
      if (oldest !== undefined) this.courses.delete(oldest);
    }
    return questions;
  }

  private toPoolQuestion(doc: QuestionRecord): PoolQuestion {
    return toPoolQuestion(doc, this.misconceptions.of(doc._id, toReplaySource(doc)));
  }
}

function toReplaySource(doc: QuestionRecord) {
  return {
    type: doc.type,
    choices: doc.choices ?? [],
    correctAnswer: doc.correctAnswer ?? [],
    rounding: doc.rounding ?? null,
    generatedFrom: doc.generatedFrom ?? null,
  };
}

/** Stored document -> the snapshot shape (STYLE.md §6). */
export function toPoolQuestion(
  doc: QuestionRecord,
  misconceptions: PoolQuestion['misconceptions'],
): PoolQuestion {
  return {
    qid: doc._id,
    type: doc.type,
    question: doc.question,
    choices: doc.type === 'blank' ? [] : [...(doc.choices ?? [])],
    correctAnswer: [...(doc.correctAnswer ?? [])],
    explanation: doc.explanation,
    course: doc.course,
    objective: doc.objective,
    rounding: doc.rounding ? { places: doc.rounding.places } : null,
    media: {
      questionImage: doc.media?.questionImage ?? null,
      explanationImage: doc.media?.explanationImage ?? null,
      video: doc.media?.video ?? null,
    },
    misconceptions,
    topic: doc.generatedFrom ? (parseItemId(doc.generatedFrom)?.topicKey ?? null) : null,
  };
}

/** `count` of `items` chosen uniformly at random (partial Fisher-Yates, crypto random); all when fewer. */
export function sample<T>(
  items: readonly T[],
  count: number,
  pick: (max: number) => number = (max) => randomInt(max),
): T[] {
  const copy = [...items];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + pick(copy.length - i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}
