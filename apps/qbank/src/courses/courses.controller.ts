import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Course,
  type CoursesResponse,
  type ListCoursesMessage,
  type SetTopicFlagsMessage,
  Subjects,
} from '@examprep/contracts';
import { CoursesService } from './courses.service';

@Controller()
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @MessagePattern(Subjects.qbank.listCourses)
  list(@Payload() { actor }: ListCoursesMessage): Promise<CoursesResponse> {
    return this.courses.list(actor);
  }

  @MessagePattern(Subjects.qbank.setTopicFlags)
  setTopicFlags(
    @Payload() { actor, courseId, topicKey, input }: SetTopicFlagsMessage,
  ): Promise<Course> {
    return this.courses.setTopicFlags(actor, courseId, topicKey, input);
  }
}
