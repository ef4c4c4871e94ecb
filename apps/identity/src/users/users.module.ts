import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { KeycloakAdminClient, type KeycloakAdminOptions } from '../keycloak/keycloak-admin.client';
import { SettingRecord, SettingSchema } from '../settings/setting.schema';
import { SettingsService } from '../settings/settings.service';
import { UserRecord, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({})
export class UsersModule {
  static forRoot(keycloak: KeycloakAdminOptions): DynamicModule {
    return {
      module: UsersModule,
      imports: [
        MongooseModule.forFeature([
          { name: UserRecord.name, schema: UserSchema },
          { name: SettingRecord.name, schema: SettingSchema },
        ]),
      ],
      controllers: [UsersController],
      providers: [
        UsersService,
        SettingsService,
        { provide: KeycloakAdminClient, useValue: new KeycloakAdminClient(keycloak) },
      ],
      exports: [UsersService, SettingsService],
    };
  }
}
