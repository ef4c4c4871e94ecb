import { Injectable } from '@nestjs/common';
import { QBANK_MESSAGES as M } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import type { QuestionRecord } from './question.schema';
import { randomFreeQid, randomQid } from './qid';
import { type NewQuestion, QuestionsRepository } from './questions.repository';

/** Random tries before listing the taken ids and choosing among the free ones. */
export const RANDOM_QID_TRIES = 25;

/** New questions' qids (admin spec §3: two uppercase letters, two digits, chosen at random). */
@Injectable()
export class QidAllocator {
  /** The random source of the qids (specs replace it). */
  random: () => string = () => randomQid();

  constructor(private readonly questions: QuestionsRepository) {}

  /**
   * Inserts under a random unused qid. The unique qid decides between concurrent creates
   * (FerretDB has no atomic find-and-modify; a taken qid means "try another").
   */
  async insertWithNewQid(fields: NewQuestion): Promise<QuestionRecord> {
    for (let attempt = 0; attempt < RANDOM_QID_TRIES; attempt++) {
      const created = await this.questions.insertNew(this.random(), fields);
      if (created) return created;
    }
    // The space is crowded: choose among the free ids (still racing other writers).
    for (;;) {
      const taken = new Set(await this.questions.allQids());
      const qid = randomFreeQid(taken);
      if (!qid) throw ServiceError.conflict(M.qidSpaceExhausted, 'QID_SPACE_EXHAUSTED');
      const created = await this.questions.insertNew(qid, fields);
      if (created) return created;
    }
  }
}
