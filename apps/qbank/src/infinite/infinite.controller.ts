import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type GenerateBatchMessage,
  type GenerateBatchResponse,
  type GetViewModeMessage,
  type InfiniteCheckMessage,
  type InfiniteCheckResult,
  type InfiniteCoursesMessage,
  type InfiniteCoursesResponse,
  type SetViewModeMessage,
  Subjects,
  type ViewMode,
} from '@examprep/contracts';
import { InfiniteService } from './infinite.service';

@Controller()
export class InfiniteController {
  constructor(private readonly infinite: InfiniteService) {}

  @MessagePattern(Subjects.qbank.infiniteCourses)
  courses(@Payload() { actor }: InfiniteCoursesMessage): Promise<InfiniteCoursesResponse> {
    return this.infinite.listCourses(actor);
  }

  @MessagePattern(Subjects.qbank.generateBatch)
  generateBatch(@Payload() { actor, query }: GenerateBatchMessage): Promise<GenerateBatchResponse> {
    return this.infinite.generateBatch(actor, query);
  }

  @MessagePattern(Subjects.qbank.check)
  check(@Payload() { actor, input }: InfiniteCheckMessage): Promise<InfiniteCheckResult> {
    return this.infinite.check(actor, input);
  }

  @MessagePattern(Subjects.qbank.setViewMode)
  setViewMode(@Payload() { actor, mode }: SetViewModeMessage): Promise<{ mode: ViewMode }> {
    return this.infinite.setViewMode(actor, { mode });
  }

  @MessagePattern(Subjects.qbank.getViewMode)
  getViewMode(@Payload() { actor }: GetViewModeMessage): Promise<{ mode: ViewMode }> {
    return this.infinite.getViewMode(actor);
  }
}
