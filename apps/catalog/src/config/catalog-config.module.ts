import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CatalogEnv } from './catalog.env';

/** Makes the validated CatalogEnv injectable (`constructor(private readonly env: CatalogEnv)`). */
@Global()
@Module({})
export class CatalogConfigModule {
  static forRoot(env: CatalogEnv): DynamicModule {
    return {
      module: CatalogConfigModule,
      providers: [{ provide: CatalogEnv, useValue: env }],
      exports: [CatalogEnv],
    };
  }
}
