import { type DynamicModule, Module } from '@nestjs/common';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { SchoolsConfigModule } from './config/schools-config.module';
import type { SchoolsEnv } from './config/schools.env';
import { LtiModule } from './lti/lti.module';

@Module({})
export class AppModule {
  static forRoot(env: SchoolsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SchoolsConfigModule.forRoot(env),
        MongoModule.forRoot(env.SCHOOLS_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'schools' }),
        LtiModule,
      ],
      controllers: [createRpcHealthController('schools')],
    };
  }
}
