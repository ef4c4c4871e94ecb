import { type DynamicModule, Module } from '@nestjs/common';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { TestingConfigModule } from './config/testing-config.module';
import type { TestingEnv } from './config/testing.env';
import { TestsModule } from './exams/tests.module';
import { LearningModule } from './learning/learning.module';

@Module({})
export class AppModule {
  static forRoot(env: TestingEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TestingConfigModule.forRoot(env),
        MongoModule.forRoot(env.TESTING_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'testing' }),
        TestsModule,
        LearningModule,
      ],
      controllers: [createRpcHealthController('testing')],
    };
  }
}
