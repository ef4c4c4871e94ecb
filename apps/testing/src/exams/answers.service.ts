import { Injectable } from '@nestjs/common';
import {
  type Actor,
  answerRulesOf,
  ErrorCodes,
  type FlagQuestionAnswer,
  FlagQuestionDto,
  type FlagQuestionInput,
  type PoolQuestion,
  type SavePracticeAnswerAnswer,
  SavePracticeAnswerDto,
  type SavePracticeAnswerInput,
  type SubmitQuizAnswerAnswer,
  SubmitQuizAnswerDto,
  type SubmitQuizAnswerInput,
  type SubmitTestAnswer,
  type SubmitTestInput,
  TEST_MESSAGES,
  TestIdDto,
} from '@examprep/contracts';
import { requireVerified, ServiceError, validatePayload } from '@examprep/nest-kit';
import { normaliseAnswer } from './answer-rules';
import { gradeAnswer } from './grading';
import type { TestRecord } from './test.schema';
import { TestStore } from './test-store';
import { revealedAnswer, toSummary } from './test-view';
import { isExpired } from './timer';

export const GRADED_BY_SYSTEM = 'system';

/**
 * The answer calls of learner spec §7 and the submit (ADR 0019). The hot path (a save): the
 * test's lease taken (one insert, ADR 0027), the test's document (read at most once per
 * RECENT_TEST_TTL_MS), the snapshot from memory, one answer write by id and a lastUpdated
 * write at most once per TOUCH_EVERY_MS; the answer goes out, then the lease is given back
 * (one delete).
 */
@Injectable()
export class AnswersService {
  constructor(private readonly store: TestStore) {}

  /** POST /api/submit-quiz-answer: full tests; grades one question and reveals its answer. */
  async check(actor: Actor | null, raw: SubmitQuizAnswerInput): Promise<SubmitQuizAnswerAnswer> {
    requireVerified(actor);
    const input = validatePayload(SubmitQuizAnswerDto, raw);
    return this.store.writing(actor, input.testId, async (test) => {
      if (test.mode !== 'full') throw ServiceError.badRequest(TEST_MESSAGES.checkInPractice);
      const question = await this.questionOf(test, input.questionId);
      const answer = normaliseAnswer(question, input, { allowEmpty: false });
      const rules = answerRulesOf(test);
      const status = gradeAnswer(question, answer, rules);
      const now = this.store.clock.now();
      const stored = {
        submittedAnswer: answer,
        isSubmitted: true,
        status,
        gradedAt: now,
        gradedBy: GRADED_BY_SYSTEM,
        savedAt: now,
      };
      // the common case is one insert; a document already there was checked (409) or only flagged
      let flagged = false;
      if (!(await this.store.repo.insertAnswer(test._id, test.userId, question.qid, stored))) {
        const previous = await this.store.repo.findAnswer(test._id, test.userId, question.qid);
        if (previous?.isSubmitted) throw ServiceError.conflict(TEST_MESSAGES.alreadyChecked);
        flagged = !!previous?.flagged;
        await this.store.repo.updateAnswer(test._id, question.qid, stored);
      }
      await this.store.touch(test, now);
      return {
        success: true,
        isCorrect: status === 'correct',
        updatedQuestion: revealedAnswer(question, { ...stored, qid: question.qid, flagged }, rules),
      };
    });
  }

  /** POST /api/save-practice-answer: practice tests; '' / [] clears the stored answer. */
  async save(actor: Actor | null, raw: SavePracticeAnswerInput): Promise<SavePracticeAnswerAnswer> {
    requireVerified(actor);
    const input = validatePayload(SavePracticeAnswerDto, raw);
    const outcome = await this.store.writing(actor, input.testId, async (test, lock) => {
      if (test.mode !== 'practice') throw ServiceError.badRequest(TEST_MESSAGES.saveInFull);
      const now = this.store.clock.now();
      if (isExpired(test.timer, now)) {
        await this.store.submitLocked(test._id, actor, lock);
        return 'timeUp' as const;
      }
      const question = await this.questionOf(test, input.questionId);
      const answer = normaliseAnswer(question, input, { allowEmpty: true });
      await this.store.repo.writeAnswer(test._id, test.userId, question.qid, {
        submittedAnswer: answer,
        savedAt: now,
      });
      await this.store.touch(test, now);
      return {
        success: true as const,
        questionId: question.qid,
        savedAt: now.toISOString(),
        saved: answer.length > 0,
      };
    });
    if (outcome === 'timeUp') throw ServiceError.conflict(TEST_MESSAGES.timeUp, ErrorCodes.TIME_UP);
    return outcome;
  }

  /** POST /api/flag-question (beyond the spec): the owner, until the test is submitted (409 after). */
  async flag(actor: Actor | null, raw: FlagQuestionInput): Promise<FlagQuestionAnswer> {
    requireVerified(actor);
    const input = validatePayload(FlagQuestionDto, raw);
    return this.store.writing(actor, input.testId, async (test) => {
      const question = await this.questionOf(test, input.questionId);
      await this.store.repo.writeAnswer(test._id, test.userId, question.qid, {
        flagged: input.flagged,
      });
      await this.store.touch(test, this.store.clock.now());
      return { success: true, flagged: input.flagged };
    });
  }

  /** POST /api/submit-test: grades once; submitting again answers the same result. */
  async submit(actor: Actor | null, raw: SubmitTestInput): Promise<SubmitTestAnswer> {
    requireVerified(actor);
    const { testId } = validatePayload(TestIdDto, raw);
    const own = await this.store.loadOwn(actor, testId);
    const test = own.completed ? own : await this.store.submit(own._id, actor);
    return { success: true, test: toSummary(test, test.answeredCount ?? 0) };
  }

  private async questionOf(test: TestRecord, qid: string): Promise<PoolQuestion> {
    const question = (await this.store.questionsOf(test)).find((q) => q.qid === qid);
    if (!question) throw ServiceError.notFound(TEST_MESSAGES.questionNotInTest);
    return question;
  }
}
