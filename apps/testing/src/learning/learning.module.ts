import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Clock } from '../exams/clock';
import { ItemStatsModule } from '../item-stats/item-stats.module';
import {
  LearningTestsConsumer,
  LearningUserDeletedConsumer,
  PracticeAnsweredConsumer,
} from './learning.consumers';
import { LearningController } from './learning.controller';
import { LearningFold } from './learning.fold';
import { LEARNING_CALLS, LearningPeers } from './learning-peers';
import { LearningRepository } from './learning.repository';
import {
  LearnerSkillsRecord,
  LearnerSkillsSchema,
  ReviewCardRecord,
  ReviewCardSchema,
  StudyPlanRecord,
  StudyPlanSchema,
  TopicPopulationRecord,
  TopicPopulationSchema,
} from './learning.schema';
import { LearningService } from './learning.service';
import { MongoLearningRepository } from './mongo-learning.repository';
import { MAILER, ReminderSender, SmtpMailer } from './reminders';
import { TopicDifficulty } from './topic-difficulty';

/**
 * The learning engine (issue 29, ADR 0039): the graded answers' fold into each learner's
 * mastery and review queue, and the learner's calls (summary, readiness, weak spots, plan).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: LearnerSkillsRecord.name, schema: LearnerSkillsSchema },
      { name: ReviewCardRecord.name, schema: ReviewCardSchema },
      { name: TopicPopulationRecord.name, schema: TopicPopulationSchema },
      { name: StudyPlanRecord.name, schema: StudyPlanSchema },
    ]),
    ItemStatsModule,
  ],
  controllers: [LearningController],
  providers: [
    Clock,
    { provide: LearningRepository, useClass: MongoLearningRepository },
    LearningPeers,
    { provide: LEARNING_CALLS, useExisting: LearningPeers },
    TopicDifficulty,
    LearningFold,
    LearningService,
    PracticeAnsweredConsumer,
    LearningTestsConsumer,
    LearningUserDeletedConsumer,
    SmtpMailer,
    { provide: MAILER, useExisting: SmtpMailer },
    ReminderSender,
  ],
})
export class LearningModule {}
