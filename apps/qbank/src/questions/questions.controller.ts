import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CreateQuestionMessage,
  type DeleteQuestionMessage,
  type DuplicateQuestionMessage,
  type GetQuestionMessage,
  type ListQuestionsMessage,
  type Question,
  type QuestionFacets,
  type QuestionFacetsMessage,
  type ExportQuestionsMessage,
  type QuestionListPage,
  type QuestionsExportPage,
  Subjects,
  type UpdateQuestionMessage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { QuestionSearchService } from './question-search.service';
import { QuestionsService } from './questions.service';

/** NATS handlers: unwrap the envelope, let the service decide. */
@Controller()
export class QuestionsController {
  constructor(
    private readonly questions: QuestionsService,
    private readonly search: QuestionSearchService,
  ) {}

  @RpcPattern(Subjects.qbank.listQuestions)
  list(@Payload() { actor, filters, page }: ListQuestionsMessage): Promise<QuestionListPage> {
    return this.search.list(actor, filters ?? {}, page ?? {});
  }

  @RpcPattern(Subjects.qbank.exportQuestions)
  export(
    @Payload() { actor, filters, cursor }: ExportQuestionsMessage,
  ): Promise<QuestionsExportPage> {
    return this.search.exportPage(actor, filters ?? {}, cursor);
  }

  @RpcPattern(Subjects.qbank.facets)
  facets(@Payload() { actor }: QuestionFacetsMessage): Promise<QuestionFacets> {
    return this.search.facets(actor);
  }

  @RpcPattern(Subjects.qbank.getQuestion)
  get(@Payload() { actor, qid }: GetQuestionMessage): Promise<Question> {
    return this.questions.get(actor, qid);
  }

  @RpcPattern(Subjects.qbank.createQuestion)
  create(@Payload() { actor, input }: CreateQuestionMessage): Promise<Question> {
    return this.questions.create(actor, input);
  }

  @RpcPattern(Subjects.qbank.updateQuestion)
  update(@Payload() { actor, qid, input }: UpdateQuestionMessage): Promise<Question> {
    return this.questions.update(actor, qid, input);
  }

  @RpcPattern(Subjects.qbank.duplicateQuestion)
  duplicate(@Payload() { actor, qid }: DuplicateQuestionMessage): Promise<Question> {
    return this.questions.duplicate(actor, qid);
  }

  @RpcPattern(Subjects.qbank.deleteQuestion)
  delete(@Payload() { actor, qid }: DeleteQuestionMessage): Promise<{ deleted: true }> {
    return this.questions.delete(actor, qid);
  }
}
