import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TestingEnv } from './testing.env';

/** Makes the validated TestingEnv injectable (`constructor(private readonly env: TestingEnv)`). */
@Global()
@Module({})
export class TestingConfigModule {
  static forRoot(env: TestingEnv): DynamicModule {
    return {
      module: TestingConfigModule,
      providers: [{ provide: TestingEnv, useValue: env }],
      exports: [TestingEnv],
    };
  }
}
