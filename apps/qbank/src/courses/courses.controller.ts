import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type Course,
  type CoursesResponse,
  type ListCoursesMessage,
  type SetTopicFlagsMessage,
  Subjects,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { CoursesService } from './courses.service';

@Controller()
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @RpcPattern(Subjects.qbank.listCourses)
  list(@Payload() { actor }: ListCoursesMessage): Promise<CoursesResponse> {
    return this.courses.list(actor);
  }

  @RpcPattern(Subjects.qbank.setTopicFlags)
  setTopicFlags(
    @Payload() { actor, courseId, topicKey, input }: SetTopicFlagsMessage,
  ): Promise<Course> {
    return this.courses.setTopicFlags(actor, courseId, topicKey, input);
  }
}
