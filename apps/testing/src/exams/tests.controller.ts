import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CreateLinkedTestMessage,
  type LinkedTest,
  type LinkedTestsMessage,
  type CreateTestAnswer,
  type CreateTestMessage,
  type DeleteTestAnswer,
  type DeleteTestMessage,
  type ExportTestMessage,
  type FlagQuestionAnswer,
  type FlagQuestionMessage,
  type GetTestMessage,
  type GradebookAnswer,
  type GradebookMessage,
  type MediaAccessMessage,
  type MediaAccessReply,
  type SavePracticeAnswerAnswer,
  type SavePracticeAnswerMessage,
  Subjects,
  type SubmitQuizAnswerAnswer,
  type SubmitQuizAnswerMessage,
  type SubmitTestAnswer,
  type SubmitTestMessage,
  type TestExport,
  type TestView,
  type UnfinishedTestAnswer,
  type UnfinishedTestMessage,
  type UserTestsPage,
  type UserTestsMessage,
} from '@examprep/contracts';
import { answersSavedTotal, counted, RpcPattern, testsSubmittedTotal } from '@examprep/nest-kit';
import { AnswersService } from './answers.service';
import { MediaAccessService } from './media-access.service';
import { TestsService } from './tests.service';

/** NATS handlers of the testing.* subjects (one line each; the rules live in the services). */
@Controller()
export class TestsController {
  constructor(
    private readonly tests: TestsService,
    private readonly answers: AnswersService,
    private readonly media: MediaAccessService,
  ) {}

  @RpcPattern(Subjects.testing.createTest)
  create(@Payload() { actor, input }: CreateTestMessage): Promise<CreateTestAnswer> {
    return this.tests.create(actor, input);
  }

  @RpcPattern(Subjects.testing.createLinkedTest)
  createLinked(
    @Payload() { actor, input, linkKey }: CreateLinkedTestMessage,
  ): Promise<CreateTestAnswer> {
    return this.tests.createLinked(actor, input, linkKey);
  }

  @RpcPattern(Subjects.testing.linkedTests)
  linked(@Payload() { actor, linkKey }: LinkedTestsMessage): Promise<{ tests: LinkedTest[] }> {
    return this.tests.linked(actor, linkKey);
  }

  @RpcPattern(Subjects.testing.getTest)
  get(@Payload() { actor, testId, userId }: GetTestMessage): Promise<TestView> {
    return this.tests.get(actor, testId, userId);
  }

  @RpcPattern(Subjects.testing.unfinishedTest)
  unfinished(@Payload() { actor, query }: UnfinishedTestMessage): Promise<UnfinishedTestAnswer> {
    return this.tests.unfinished(actor, query);
  }

  @RpcPattern(Subjects.testing.submitQuizAnswer)
  check(@Payload() { actor, input }: SubmitQuizAnswerMessage): Promise<SubmitQuizAnswerAnswer> {
    return this.answers.check(actor, input).then(counted(answersSavedTotal));
  }

  @RpcPattern(Subjects.testing.savePracticeAnswer)
  save(@Payload() { actor, input }: SavePracticeAnswerMessage): Promise<SavePracticeAnswerAnswer> {
    return this.answers.save(actor, input).then(counted(answersSavedTotal));
  }

  @RpcPattern(Subjects.testing.submitTest)
  submit(@Payload() { actor, input }: SubmitTestMessage): Promise<SubmitTestAnswer> {
    return this.answers.submit(actor, input).then(counted(testsSubmittedTotal));
  }

  @RpcPattern(Subjects.testing.deleteTest)
  delete(@Payload() { actor, input }: DeleteTestMessage): Promise<DeleteTestAnswer> {
    return this.tests.delete(actor, input);
  }

  @RpcPattern(Subjects.testing.flagQuestion)
  flag(@Payload() { actor, input }: FlagQuestionMessage): Promise<FlagQuestionAnswer> {
    return this.answers.flag(actor, input);
  }

  @RpcPattern(Subjects.testing.gradebook)
  gradebook(@Payload() { actor, userId }: GradebookMessage): Promise<GradebookAnswer> {
    return this.tests.gradebook(actor, userId);
  }

  @RpcPattern(Subjects.testing.userTests)
  userTests(@Payload() { actor, uid, page }: UserTestsMessage): Promise<UserTestsPage> {
    return this.tests.userTests(actor, uid, page);
  }

  @RpcPattern(Subjects.testing.exportTest)
  exportTest(@Payload() { actor, uid, testId }: ExportTestMessage): Promise<TestExport> {
    return this.tests.exportTest(actor, uid, testId);
  }

  @RpcPattern(Subjects.testing.mediaAccess)
  mediaAccess(@Payload() { actor, qid, need }: MediaAccessMessage): Promise<MediaAccessReply> {
    return this.media.access(actor, qid, need);
  }
}
