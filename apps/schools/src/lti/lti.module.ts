import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Clock } from '../clock';
import { ClassItemsRepository } from '../instructor/class-items.repository';
import {
  ClassItemRecord,
  ClassItemSchema,
  ClassTestRecord,
  ClassTestSchema,
} from '../instructor/class-items.schema';
import { InstructorService } from '../instructor/instructor.service';
import { LicenceRecord, LicenceSchema, SeatRecord, SeatSchema } from '../licences/licence.schema';
import { LicencesRepository } from '../licences/licences.repository';
import { LicencesService } from '../licences/licences.service';
import { SCHOOLS_CALLS, SchoolsPeers } from './peers';
import { AssignmentsService } from './assignments.service';
import { DeepLinkService } from './deep-link.service';
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
  ScoreRecord,
  ScoreSchema,
  ToolKeyRecord,
  ToolKeySchema,
} from './lti.schema';
import { PlatformKeys } from './platform-keys';
import { PlatformServices } from './platform-services';
import { PlatformsService } from './platforms.service';
import { RegistrationService } from './registration.service';
import { ScoresService } from './scores.service';
import { ToolKeys } from './tool-keys.service';
import { SchoolsUserDeletedConsumer } from './user-deleted.consumer';

/**
 * Schools (issue 30, ADR 0040): LTI 1.3 registrations, launches, the sign-in bridge, our keys,
 * deep linking, assignments and their scores (AGS), and the seat licences launches take.
 */
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
      { name: ScoreRecord.name, schema: ScoreSchema },
      { name: LicenceRecord.name, schema: LicenceSchema },
      { name: SeatRecord.name, schema: SeatSchema },
      { name: ClassItemRecord.name, schema: ClassItemSchema },
      { name: ClassTestRecord.name, schema: ClassTestSchema },
    ]),
  ],
  controllers: [LtiController],
  providers: [
    Clock,
    LtiRepository,
    ToolKeys,
    PlatformKeys,
    SchoolsPeers,
    { provide: SCHOOLS_CALLS, useExisting: SchoolsPeers },
    PlatformsService,
    RegistrationService,
    LaunchService,
    DeepLinkService,
    AssignmentsService,
    PlatformServices,
    ScoresService,
    LicencesRepository,
    LicencesService,
    SchoolsUserDeletedConsumer,
    ClassItemsRepository,
    InstructorService,
  ],
})
export class LtiModule {}
