import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { QbankEnv } from './config/qbank.env';
import { CourseRecord, CourseSchema } from './courses/course.schema';
import { CoursesController } from './courses/courses.controller';
import { CoursesService } from './courses/courses.service';
import { InfiniteController } from './infinite/infinite.controller';
import { InfiniteService } from './infinite/infinite.service';
import { ViewModeRecord, ViewModeSchema } from './infinite/view-mode.schema';
import { PoolController } from './pool/pool.controller';
import { MEDIA_CALLS, MediaPeer } from './media/media-peer';
import { PoolService } from './pool/pool.service';
import { QuestionRecord, QuestionSchema } from './questions/question.schema';
import { QuestionsController } from './questions/questions.controller';
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
        QuestionsService,
        CoursesService,
        InfiniteService,
        PoolService,
        SimulationsPeers,
        { provide: SIMULATION_CALLS, useExisting: SimulationsPeers },
        PumpAccess,
        SimulationsService,
      ],
    };
  }
}
