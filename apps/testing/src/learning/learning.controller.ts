import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type ClassReportAnswer,
  type ClassReportMessage,
  type LearningExport,
  type LearningMessage,
  type LearningSummary,
  type Readiness,
  type SetStudyPlanMessage,
  type StudyPlanView,
  Subjects,
  type UnsubscribeMessage,
  type UserLearning,
  type UserLearningMessage,
  type WeakSpotsBatch,
  type WeakSpotsMessage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { LearningService } from './learning.service';

/** The learning engine's calls (issue 29): thin, one line each. */
@Controller()
export class LearningController {
  constructor(private readonly learning: LearningService) {}

  @RpcPattern(Subjects.testing.learningSummary)
  summary(@Payload() { actor }: LearningMessage): Promise<LearningSummary> {
    return this.learning.summary(actor);
  }

  @RpcPattern(Subjects.testing.learningReadiness)
  readiness(@Payload() { actor }: LearningMessage): Promise<Readiness> {
    return this.learning.readiness(actor);
  }

  @RpcPattern(Subjects.testing.weakSpots)
  weakSpots(@Payload() { actor, query }: WeakSpotsMessage): Promise<WeakSpotsBatch> {
    return this.learning.weakSpots(actor, query);
  }

  @RpcPattern(Subjects.testing.getStudyPlan)
  getPlan(@Payload() { actor }: LearningMessage): Promise<StudyPlanView> {
    return this.learning.getPlan(actor);
  }

  @RpcPattern(Subjects.testing.setStudyPlan)
  setPlan(@Payload() { actor, input }: SetStudyPlanMessage): Promise<StudyPlanView> {
    return this.learning.setPlan(actor, input);
  }

  @RpcPattern(Subjects.testing.learningExport)
  export(@Payload() { actor }: LearningMessage): Promise<LearningExport> {
    return this.learning.export(actor);
  }

  @RpcPattern(Subjects.testing.learningDelete)
  remove(@Payload() { actor }: LearningMessage): Promise<{ deleted: true }> {
    return this.learning.remove(actor);
  }

  @RpcPattern(Subjects.testing.unsubscribeReminders)
  unsubscribe(@Payload() { token }: UnsubscribeMessage): Promise<{ unsubscribed: true }> {
    return this.learning.unsubscribe({ token });
  }

  @RpcPattern(Subjects.testing.userLearning)
  userLearning(@Payload() { actor, uid }: UserLearningMessage): Promise<UserLearning> {
    return this.learning.userLearning(actor, uid);
  }

  @RpcPattern(Subjects.testing.classReport)
  classReport(@Payload() { actor, uids }: ClassReportMessage): Promise<ClassReportAnswer> {
    return this.learning.classReport(actor, uids);
  }
}
