import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type CreateQuestionMessage,
  type DeleteQuestionMessage,
  type DuplicateQuestionMessage,
  type GetQuestionMessage,
  type ListQuestionsMessage,
  type Question,
  type QuestionFacets,
  type QuestionFacetsMessage,
  type QuestionListResponse,
  type QuestionsExport,
  Subjects,
  type UpdateQuestionMessage,
} from '@examprep/contracts';
import { QuestionsService } from './questions.service';

/** NATS handlers: unwrap the envelope, let the service decide. */
@Controller()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @MessagePattern(Subjects.qbank.listQuestions)
  list(@Payload() { actor, filters }: ListQuestionsMessage): Promise<QuestionListResponse> {
    return this.questions.list(actor, filters ?? {});
  }

  @MessagePattern(Subjects.qbank.exportQuestions)
  export(@Payload() { actor, filters }: ListQuestionsMessage): Promise<QuestionsExport> {
    return this.questions.export(actor, filters ?? {});
  }

  @MessagePattern(Subjects.qbank.facets)
  facets(@Payload() { actor }: QuestionFacetsMessage): Promise<QuestionFacets> {
    return this.questions.facets(actor);
  }

  @MessagePattern(Subjects.qbank.getQuestion)
  get(@Payload() { actor, qid }: GetQuestionMessage): Promise<Question> {
    return this.questions.get(actor, qid);
  }

  @MessagePattern(Subjects.qbank.createQuestion)
  create(@Payload() { actor, input }: CreateQuestionMessage): Promise<Question> {
    return this.questions.create(actor, input);
  }

  @MessagePattern(Subjects.qbank.updateQuestion)
  update(@Payload() { actor, qid, input }: UpdateQuestionMessage): Promise<Question> {
    return this.questions.update(actor, qid, input);
  }

  @MessagePattern(Subjects.qbank.duplicateQuestion)
  duplicate(@Payload() { actor, qid }: DuplicateQuestionMessage): Promise<Question> {
    return this.questions.duplicate(actor, qid);
  }

  @MessagePattern(Subjects.qbank.deleteQuestion)
  delete(@Payload() { actor, qid }: DeleteQuestionMessage): Promise<{ deleted: true }> {
    return this.questions.delete(actor, qid);
  }
}
