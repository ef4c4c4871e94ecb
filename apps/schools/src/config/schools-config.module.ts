import { type DynamicModule, Global, Module } from '@nestjs/common';
import { SchoolsEnv } from './schools.env';

/** Makes the validated SchoolsEnv injectable (`constructor(private readonly env: SchoolsEnv)`). */
@Global()
@Module({})
export class SchoolsConfigModule {
  static forRoot(env: SchoolsEnv): DynamicModule {
    return {
      module: SchoolsConfigModule,
      providers: [{ provide: SchoolsEnv, useValue: env }],
      exports: [SchoolsEnv],
    };
  }
}
