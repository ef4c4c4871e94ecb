import { type DynamicModule, Module } from '@nestjs/common';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import type { SchoolsEnv } from './config/schools.env';

@Module({})
export class AppModule {
  static forRoot(env: SchoolsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MongoModule.forRoot(env.SCHOOLS_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'schools' }),
      ],
      controllers: [createRpcHealthController('schools')],
    };
  }
}
