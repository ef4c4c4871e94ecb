import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MediaEnv } from './media.env';

/** Makes the validated MediaEnv injectable (`constructor(private readonly env: MediaEnv)`). */
@Global()
@Module({})
export class MediaConfigModule {
  static forRoot(env: MediaEnv): DynamicModule {
    return {
      module: MediaConfigModule,
      providers: [{ provide: MediaEnv, useValue: env }],
      exports: [MediaEnv],
    };
  }
}
