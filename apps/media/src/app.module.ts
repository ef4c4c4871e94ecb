import { type DynamicModule, Module } from '@nestjs/common';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { MediaConfigModule } from './config/media-config.module';
import type { MediaEnv } from './config/media.env';
import { MediaModule } from './media.module';

@Module({})
export class AppModule {
  static forRoot(env: MediaEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MediaConfigModule.forRoot(env),
        MongoModule.forRoot(env.MEDIA_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'media' }),
        MediaModule,
      ],
      controllers: [createRpcHealthController('media')],
    };
  }
}
