import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type GenerateBatchMessage,
  type GenerateBatchResponse,
  type GenerateItemsMessage,
  type GetViewModeMessage,
  type InfiniteCheckMessage,
  type InfiniteCheckResult,
  type InfiniteCoursesMessage,
  type InfiniteCoursesResponse,
  type SetViewModeMessage,
  Subjects,
  type ViewMode,
} from '@examprep/contracts';
import { counted, generationsTotal, RpcPattern } from '@examprep/nest-kit';
import { InfiniteService } from './infinite.service';

@Controller()
export class InfiniteController {
  constructor(private readonly infinite: InfiniteService) {}

  @RpcPattern(Subjects.qbank.infiniteCourses)
  courses(@Payload() { actor }: InfiniteCoursesMessage): Promise<InfiniteCoursesResponse> {
    return this.infinite.listCourses(actor);
  }

  @RpcPattern(Subjects.qbank.generateBatch)
  generateBatch(@Payload() { actor, query }: GenerateBatchMessage): Promise<GenerateBatchResponse> {
    return this.infinite
      .generateBatch(actor, query)
      .then(counted(generationsTotal, { kind: 'qbank_batch' }));
  }

  @RpcPattern(Subjects.qbank.generateItems)
  generateItems(@Payload() { actor, ids }: GenerateItemsMessage): Promise<GenerateBatchResponse> {
    return this.infinite
      .generateItems(actor, { ids })
      .then(counted(generationsTotal, { kind: 'qbank_review' }));
  }

  @RpcPattern(Subjects.qbank.check)
  check(@Payload() { actor, input }: InfiniteCheckMessage): Promise<InfiniteCheckResult> {
    return this.infinite.check(actor, input);
  }

  @RpcPattern(Subjects.qbank.setViewMode)
  setViewMode(@Payload() { actor, mode }: SetViewModeMessage): Promise<{ mode: ViewMode }> {
    return this.infinite.setViewMode(actor, { mode });
  }

  @RpcPattern(Subjects.qbank.getViewMode)
  getViewMode(@Payload() { actor }: GetViewModeMessage): Promise<{ mode: ViewMode }> {
    return this.infinite.getViewMode(actor);
  }
}
