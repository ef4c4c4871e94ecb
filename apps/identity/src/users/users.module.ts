import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  DIRECTORY_REBUILD_OPTIONS,
  DirectoryRebuild,
  type DirectoryRebuildOptions,
} from '../directory/directory-rebuild.service';
import { DirectoryRepository } from '../directory/directory.repository';
import {
  DirectoryCountRecord,
  DirectoryCountSchema,
  DirectoryRecord,
  DirectorySchema,
} from '../directory/directory.schema';
import { MongoDirectoryRepository } from '../directory/mongo-directory.repository';
import { TestsCountedConsumer } from '../directory/tests-counted.consumer';
import { UserDirectory } from '../directory/user-directory.service';
import { AdminUsersController } from '../admin/admin-users.controller';
import { AdminUsersService } from '../admin/admin-users.service';
import { KeycloakAdminClient, type KeycloakAdminOptions } from '../keycloak/keycloak-admin.client';
import { AccountMailController } from '../mail/account-mail.controller';
import {
  ACCOUNT_MAIL_OPTIONS,
  AccountMailService,
  type AccountMailOptions,
} from '../mail/account-mail.service';
import { MongoSettingsRepository } from '../settings/mongo-settings.repository';
import { SettingRecord, SettingSchema } from '../settings/setting.schema';
import { SettingsRepository } from '../settings/settings.repository';
import { SettingsService } from '../settings/settings.service';
import { CountedBatchRecord, CountedBatchSchema } from './counted-batch.schema';
import { CountedBatchesRepository } from './counted-batches.repository';
import { MongoCountedBatchesRepository } from './mongo-counted-batches.repository';
import { MongoPurchaseViewsRepository } from './mongo-purchase-views.repository';
import { MongoUsersRepository } from './mongo-users.repository';
import { PurchaseViewRecord, PurchaseViewSchema } from './purchase-view.schema';
import { PurchaseViewsRepository } from './purchase-views.repository';
import { PurchasesChangedConsumer } from './purchases-changed.consumer';
import { QbankGenerationsConsumer } from './qbank-generations.consumer';
import { UserRecord, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({})
export class UsersModule {
  static forRoot(
    keycloak: KeycloakAdminOptions,
    mail: AccountMailOptions,
    directory: DirectoryRebuildOptions,
  ): DynamicModule {
    return {
      module: UsersModule,
      imports: [
        MongooseModule.forFeature([
          { name: UserRecord.name, schema: UserSchema },
          { name: SettingRecord.name, schema: SettingSchema },
          { name: CountedBatchRecord.name, schema: CountedBatchSchema },
          { name: PurchaseViewRecord.name, schema: PurchaseViewSchema },
          { name: DirectoryRecord.name, schema: DirectorySchema },
          { name: DirectoryCountRecord.name, schema: DirectoryCountSchema },
        ]),
      ],
      controllers: [UsersController, AccountMailController, AdminUsersController],
      providers: [
        UsersService,
        SettingsService,
        AccountMailService,
        AdminUsersService,
        QbankGenerationsConsumer,
        PurchasesChangedConsumer,
        UserDirectory,
        DirectoryRebuild,
        TestsCountedConsumer,
        { provide: DirectoryRepository, useClass: MongoDirectoryRepository },
        { provide: DIRECTORY_REBUILD_OPTIONS, useValue: directory },
        { provide: UsersRepository, useClass: MongoUsersRepository },
        { provide: PurchaseViewsRepository, useClass: MongoPurchaseViewsRepository },
        { provide: CountedBatchesRepository, useClass: MongoCountedBatchesRepository },
        { provide: SettingsRepository, useClass: MongoSettingsRepository },
        { provide: KeycloakAdminClient, useValue: new KeycloakAdminClient(keycloak) },
        { provide: ACCOUNT_MAIL_OPTIONS, useValue: mail },
      ],
      exports: [UsersService, SettingsService, KeycloakAdminClient],
    };
  }
}
