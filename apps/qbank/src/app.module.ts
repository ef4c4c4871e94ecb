import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { QbankEnv } from './config/qbank.env';
import { CourseRecord, CourseSchema } from './courses/course.schema';
import { CoursesController } from './courses/courses.controller';
import { CoursesRepository } from './courses/courses.repository';
import { CoursesService } from './courses/courses.service';
import { MongoCoursesRepository } from './courses/mongo-courses.repository';
import { InfiniteController } from './infinite/infinite.controller';
import { InfiniteService } from './infinite/infinite.service';
import { MongoViewModesRepository } from './infinite/mongo-view-modes.repository';
import { PracticeFacts } from './infinite/practice-facts';
import { ViewModeRecord, ViewModeSchema } from './infinite/view-mode.schema';
import { ViewModesRepository } from './infinite/view-modes.repository';
import { PoolController } from './pool/pool.controller';
import { MEDIA_CALLS, MediaPeer } from './media/media-peer';
import { PoolService } from './pool/pool.service';
import { MongoQuestionsRepository } from './questions/mongo-questions.repository';
import { QuestionCountRecord, QuestionCountSchema } from './questions/question-count.schema';
import { QuestionCounts } from './questions/question-counts.service';
import { QidAllocator } from './questions/qid-allocator.service';
import { QuestionEvents } from './questions/question-events.service';
import { QuestionMediaService } from './questions/question-media.service';
import { QuestionSearchService } from './questions/question-search.service';
import { QuestionRecord, QuestionSchema } from './questions/question.schema';
import { QuestionsController } from './questions/questions.controller';
import { QuestionsRepository } from './questions/questions.repository';
import { QuestionsService } from './questions/questions.service';
import { SimulationsController } from './simulations/simulations.controller';
import { PumpAccess } from './simulations/pump-access';
import { SIMULATION_CALLS, SimulationsPeers } from './simulations/simulations-peers';
import { SimulationsService } from './simulations/simulations.service';

@Module({})
export class AppModule {
  static forRoot(env: QbankEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MongoModule.forRoot(env.QBANK_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'qbank' }),
        MongooseModule.forFeature([
          { name: QuestionRecord.name, schema: QuestionSchema },
          { name: QuestionCountRecord.name, schema: QuestionCountSchema },
          { name: CourseRecord.name, schema: CourseSchema },
          { name: ViewModeRecord.name, schema: ViewModeSchema },
        ]),
      ],
      controllers: [
        createRpcHealthController('qbank'),
        QuestionsController,
        CoursesController,
        InfiniteController,
        PoolController,
        SimulationsController,
      ],
      providers: [
        { provide: QbankEnv, useValue: env },
        MediaPeer,
        { provide: MEDIA_CALLS, useExisting: MediaPeer },
        { provide: QuestionsRepository, useClass: MongoQuestionsRepository },
        { provide: CoursesRepository, useClass: MongoCoursesRepository },
        { provide: ViewModesRepository, useClass: MongoViewModesRepository },
        QuestionEvents,
        QuestionMediaService,
        QidAllocator,
        QuestionsService,
        QuestionSearchService,
        QuestionCounts,
        CoursesService,
        InfiniteService,
        PracticeFacts,
        PoolService,
        SimulationsPeers,
        { provide: SIMULATION_CALLS, useExisting: SimulationsPeers },
        PumpAccess,
        SimulationsService,
      ],
    };
  }
}
