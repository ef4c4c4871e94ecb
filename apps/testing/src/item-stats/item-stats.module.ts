import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Clock } from '../exams/clock';
import { ItemStatsController } from './item-stats.controller';
import { ItemStatsFold } from './item-stats.fold';
import { ItemStatsRepository } from './item-stats.repository';
import {
  ItemErrorRateRecord,
  ItemErrorRateSchema,
  ItemStatsFactRecord,
  ItemStatsFactSchema,
  ItemStatsOutboxRecord,
  ItemStatsOutboxSchema,
  ItemStatsRecord,
  ItemStatsSchema,
} from './item-stats.schema';
import { ItemStatsService } from './item-stats.service';
import { MongoItemStatsRepository } from './mongo-item-stats.repository';
import { SubmittedFacts } from './submitted-facts';
import { TestSubmittedConsumer } from './test-submitted.consumer';

/**
 * Item analysis (ADR 0037): the graded tests' facts (published by the submit through
 * SubmittedFacts, exported to TestsModule), their fold into the statistics, and the admin's
 * reads.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ItemStatsRecord.name, schema: ItemStatsSchema },
      { name: ItemErrorRateRecord.name, schema: ItemErrorRateSchema },
      { name: ItemStatsFactRecord.name, schema: ItemStatsFactSchema },
      { name: ItemStatsOutboxRecord.name, schema: ItemStatsOutboxSchema },
    ]),
  ],
  controllers: [ItemStatsController],
  providers: [
    Clock,
    { provide: ItemStatsRepository, useClass: MongoItemStatsRepository },
    ItemStatsFold,
    ItemStatsService,
    SubmittedFacts,
    TestSubmittedConsumer,
  ],
  exports: [SubmittedFacts, ItemStatsRepository],
})
export class ItemStatsModule {}
