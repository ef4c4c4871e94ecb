import { type DynamicModule, Module } from '@nestjs/common';
import { LtiProvisionController } from './lti-provision.controller';
import { LtiProvisionService } from './lti-provision.service';

/**
 * School accounts (ADR 0040). `users` is the app's UsersModule (the same instance: its
 * Keycloak client and UsersService).
 */
@Module({})
export class LtiModule {
  static forRoot(users: DynamicModule): DynamicModule {
    return {
      module: LtiModule,
      imports: [users],
      controllers: [LtiProvisionController],
      providers: [LtiProvisionService],
    };
  }
}
