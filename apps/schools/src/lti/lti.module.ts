import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Clock } from '../clock';
import { IDENTITY_CALLS, IdentityPeer } from './identity-peer';
import { LaunchService } from './launch.service';
import { LtiController } from './lti.controller';
import { LtiRepository } from './lti.repository';
import {
  AccountRecord,
  AccountSchema,
  ContextRecord,
  ContextSchema,
  LinkRecord,
  LinkSchema,
  MemberRecord,
  MemberSchema,
  OnceRecord,
  OnceSchema,
  PlatformRecord,
  PlatformSchema,
  ToolKeyRecord,
  ToolKeySchema,
} from './lti.schema';
import { PlatformKeys } from './platform-keys';
import { PlatformsService } from './platforms.service';
import { ToolKeys } from './tool-keys.service';

/** LTI 1.3 (issue 30, ADR 0040): registrations, launches, the sign-in bridge, our keys. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PlatformRecord.name, schema: PlatformSchema },
      { name: ToolKeyRecord.name, schema: ToolKeySchema },
      { name: OnceRecord.name, schema: OnceSchema },
      { name: AccountRecord.name, schema: AccountSchema },
      { name: ContextRecord.name, schema: ContextSchema },
      { name: MemberRecord.name, schema: MemberSchema },
      { name: LinkRecord.name, schema: LinkSchema },
    ]),
  ],
  controllers: [LtiController],
  providers: [
    Clock,
    LtiRepository,
    ToolKeys,
    PlatformKeys,
    IdentityPeer,
    { provide: IDENTITY_CALLS, useExisting: IdentityPeer },
    PlatformsService,
    LaunchService,
  ],
})
export class LtiModule {}
