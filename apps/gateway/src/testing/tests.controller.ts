import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  type CreateTestAnswer,
  CreateTestDto,
  type DeleteTestAnswer,
  type FlagQuestionAnswer,
  FlagQuestionDto,
  type GradebookAnswer,
  type SavePracticeAnswerAnswer,
  SavePracticeAnswerDto,
  Subjects,
  type SubmitQuizAnswerAnswer,
  SubmitQuizAnswerDto,
  type SubmitTestAnswer,
  TestIdDto,
  TestIdParam,
  TestOwnerQuery,
  type TestView,
  type UnfinishedTestAnswer,
  UnfinishedTestQueryDto,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Authenticated, CurrentActor } from '../auth/auth.decorators';
import { perMinute } from '../http/rate-limit';
import { Authz } from '../auth/authz.decorator';

/**
 * Learner spec §4, §7: tests, answers, the gradebook (ADR 0019). Verified learners (admins
 * exempt); the learner's id is always the token's, never the body's.
 */
@ApiTags('tests')
@Authenticated()
@Controller()
export class TestsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Post('create-test')
  // the probe: a paid product the first learner holds (admins too need to hold it, ADR 0021 §6)
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 403, admin: 403 })
  @HttpCode(200)
  @Throttle(perMinute(20))
  @ApiOperation({
    summary:
      "Starts a test of a product's include (mode full or practice; practice may be timed): the questions are snapshotted from the question bank. Access is checked with the catalog.",
  })
  @ApiOkResponse({ description: '{ success: true, testId }' })
  createTest(
    @CurrentActor() actor: Actor,
    @Body() input: CreateTestDto,
  ): Promise<CreateTestAnswer> {
    return this.rpc.request(Subjects.testing.createTest, { actor, input });
  }

  // before tests/:testId, which would take 'unfinished' as an id
  @Get('tests/unfinished')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      "The learner's newest unfinished test of this product include and mode (Continue Test), or null.",
  })
  @ApiOkResponse({ description: '{ test: TestSummary | null }' })
  unfinishedTest(
    @CurrentActor() actor: Actor,
    @Query() query: UnfinishedTestQueryDto,
  ): Promise<UnfinishedTestAnswer> {
    return this.rpc.request(Subjects.testing.unfinishedTest, { actor, query });
  }

  @Get('tests/:testId')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 404, admin: 200 })
  @Throttle(perMinute(120))
  @ApiOperation({
    summary:
      'A test with its questions; correct answers and explanations only once they may be shown (a checked full-test question, a submitted test). userId: admins only.',
  })
  @ApiOkResponse({ description: 'TestView' })
  getTest(
    @CurrentActor() actor: Actor,
    @Param() { testId }: TestIdParam,
    @Query() { userId }: TestOwnerQuery,
  ): Promise<TestView> {
    return this.rpc.request(Subjects.testing.getTest, {
      actor,
      testId,
      ...(userId === undefined ? {} : { userId }),
    });
  }

  @Post('submit-quiz-answer')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 404, admin: 404 })
  @HttpCode(200)
  @Throttle(perMinute(300))
  @ApiOperation({
    summary:
      "Checks one answer of a full ('Check As You Go') test and reveals that question's answer and explanation.",
  })
  @ApiOkResponse({ description: '{ success, isCorrect, updatedQuestion }' })
  submitQuizAnswer(
    @CurrentActor() actor: Actor,
    @Body() input: SubmitQuizAnswerDto,
  ): Promise<SubmitQuizAnswerAnswer> {
    return this.rpc.request(Subjects.testing.submitQuizAnswer, { actor, input });
  }

  @Post('save-practice-answer')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 404, admin: 404 })
  @HttpCode(200)
  @Throttle(perMinute(300))
  @ApiOperation({
    summary: "Saves one answer of a practice test ('' or [] clears it); graded at submit.",
  })
  @ApiOkResponse({ description: '{ success, questionId, savedAt, saved }' })
  savePracticeAnswer(
    @CurrentActor() actor: Actor,
    @Body() input: SavePracticeAnswerDto,
  ): Promise<SavePracticeAnswerAnswer> {
    return this.rpc.request(Subjects.testing.savePracticeAnswer, { actor, input });
  }

  @Post('flag-question')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 404, admin: 404 })
  @HttpCode(200)
  @Throttle(perMinute(300))
  @ApiOperation({ summary: 'Flags (or unflags) a question of the learner’s test for review.' })
  @ApiOkResponse({ description: '{ success, flagged }' })
  flagQuestion(
    @CurrentActor() actor: Actor,
    @Body() input: FlagQuestionDto,
  ): Promise<FlagQuestionAnswer> {
    return this.rpc.request(Subjects.testing.flagQuestion, { actor, input });
  }

  @Post('submit-test')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 404, admin: 404 })
  @HttpCode(200)
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      'Grades and completes the test (submitting again answers the same result); a learner keeps the newest 10 graded tests.',
  })
  @ApiOkResponse({ description: '{ success, test: TestSummary }' })
  submitTest(@CurrentActor() actor: Actor, @Body() input: TestIdDto): Promise<SubmitTestAnswer> {
    return this.rpc.request(Subjects.testing.submitTest, { actor, input });
  }

  @Post('delete-test')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 404, admin: 200 })
  @HttpCode(200)
  @Throttle(perMinute(30))
  @ApiOperation({ summary: 'Deletes a test: its owner, or an admin for any test.' })
  @ApiOkResponse({ description: '{ success: true }' })
  deleteTest(@CurrentActor() actor: Actor, @Body() input: TestIdDto): Promise<DeleteTestAnswer> {
    return this.rpc.request(Subjects.testing.deleteTest, { actor, input });
  }

  @Get('gradebook')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Throttle(perMinute(60))
  @ApiOperation({
    summary: "Completed tests, newest first; userId (admins only): another user's gradebook.",
  })
  @ApiOkResponse({ description: '{ tests: TestSummary[] }' })
  gradebook(
    @CurrentActor() actor: Actor,
    @Query() { userId }: TestOwnerQuery,
  ): Promise<GradebookAnswer> {
    return this.rpc.request(Subjects.testing.gradebook, {
      actor,
      ...(userId === undefined ? {} : { userId }),
    });
  }
}
