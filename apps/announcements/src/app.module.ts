import { type DynamicModule, Module } from '@nestjs/common';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { AnnouncementsModule } from './announcements/announcements.module';
import type { AnnouncementsEnv } from './config/announcements.env';

@Module({})
export class AppModule {
  static forRoot(env: AnnouncementsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MongoModule.forRoot(env.ANNOUNCEMENTS_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'announcements' }),
        AnnouncementsModule,
      ],
      controllers: [createRpcHealthController('announcements')],
    };
  }
}
