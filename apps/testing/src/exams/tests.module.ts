import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ItemStatsModule } from '../item-stats/item-stats.module';
import { Peers } from '../peers/peers';
import { AnswersService } from './answers.service';
import { Clock } from './clock';
import { MediaAccessService } from './media-access.service';
import { MongoTestCountsRepository } from './mongo-test-counts.repository';
import { MongoTestsRepository } from './mongo-tests.repository';
import { NatsTestLeasesRepository } from './nats-test-leases.repository';
import {
  TestAnswerSheetRecord,
  TestAnswerSheetSchema,
  TestContentRecord,
  TestContentSchema,
  TestRecord,
  TestSchema,
} from './test.schema';
import {
  TestCountRecord,
  TestCountSchema,
  TestingMarkerRecord,
  TestingMarkerSchema,
} from './test-count.schema';
import { TestCounts } from './test-counts';
import { TestCountsBuild } from './test-counts-build';
import { TestCountsRepository } from './test-counts.repository';
import { TestLeasesRepository } from './test-leases.repository';
import { TestLocks } from './test-locks';
import { TestStore } from './test-store';
import { TestsController } from './tests.controller';
import { TestsRepository } from './tests.repository';
import { TestsService } from './tests.service';
import { TimerEndsAtBackfill } from './timer-ends-at-backfill';
import { UserDeletedConsumer } from './user-deleted.consumer';

/** Tests, answers, grading, gradebook and the admin's test calls (ADR 0019). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: TestRecord.name, schema: TestSchema },
      { name: TestContentRecord.name, schema: TestContentSchema },
      { name: TestAnswerSheetRecord.name, schema: TestAnswerSheetSchema },
      { name: TestCountRecord.name, schema: TestCountSchema },
      { name: TestingMarkerRecord.name, schema: TestingMarkerSchema },
    ]),
    ItemStatsModule,
  ],
  controllers: [TestsController],
  providers: [
    Clock,
    Peers,
    { provide: TestsRepository, useClass: MongoTestsRepository },
    { provide: TestLeasesRepository, useClass: NatsTestLeasesRepository },
    { provide: TestCountsRepository, useClass: MongoTestCountsRepository },
    TestCounts,
    TestCountsBuild,
    TimerEndsAtBackfill,
    TestLocks,
    TestStore,
    TestsService,
    AnswersService,
    MediaAccessService,
    UserDeletedConsumer,
  ],
})
export class TestsModule {}
