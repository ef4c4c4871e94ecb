import { type DynamicModule, Global, Module } from '@nestjs/common';
import { GatewayEnv } from './gateway.env';

/** Makes the validated GatewayEnv injectable everywhere in the gateway. */
@Global()
@Module({})
export class GatewayConfigModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayConfigModule,
      providers: [{ provide: GatewayEnv, useValue: env }],
      exports: [GatewayEnv],
    };
  }
}
