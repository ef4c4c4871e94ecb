import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { PoolAnswer, PoolQuery, PoolQuestion } from '@examprep/contracts';
import { validatePayload } from '@examprep/nest-kit';
import type { Model } from 'mongoose';
import { QuestionRecord } from '../questions/question.schema';
import { MisconceptionCache } from './misconceptions.util';
import { PoolQueryDto } from './pool-query.dto';

/**
 * The questions a new test snapshots (qbank.questions.pool, service to service; no HTTP
 * route): `count` questions of the course, all of them when it holds fewer, else a uniform
 * random sample, in QID order, with everything a test needs to show, grade and explain them
 * (answers included) and the named misconceptions of generator-built questions.
 */
@Injectable()
export class PoolService {
  private readonly misconceptions = new MisconceptionCache();

  constructor(
    @InjectModel(QuestionRecord.name) private readonly questions: Model<QuestionRecord>,
  ) {}

  async draw(raw: PoolQuery): Promise<PoolAnswer> {
    const { course, count } = validatePayload(PoolQueryDto, raw);
    const docs = await this.questions.find({ course }).lean().exec();
    const chosen = sample(docs, count).sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    return {
      questions: chosen.map((doc) => this.toPoolQuestion(doc)),
      available: docs.length,
    };
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
