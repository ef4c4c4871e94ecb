import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Events, type QbankGeneratedEvent } from '@examprep/contracts';
import { JetStreamBus, type RunningConsumer } from '@examprep/nest-kit';
import { Model } from 'mongoose';
import { UserRecord } from './user.schema';
import { UsersService } from './users.service';

/** Batches already counted: JetStream redelivers, and a count must not happen twice. */
@Schema({ collection: 'counted_qbank_batches', versionKey: false })
export class CountedBatchRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  uid!: string;

  @Prop({ required: true })
  at!: Date;
}
export const CountedBatchSchema = SchemaFactory.createForClass(CountedBatchRecord);

/**
 * Counts Infinite QBank generations per user (user document infiniteQbankGenerations, shown
 * in the admin user list) from the qbank service's `qbank.generated` facts.
 */
@Injectable()
export class QbankGenerationsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: RunningConsumer | undefined;

  constructor(
    private readonly bus: JetStreamBus,
    @InjectModel(UserRecord.name) private readonly users: Model<UserRecord>,
    @InjectModel(CountedBatchRecord.name) private readonly batches: Model<CountedBatchRecord>,
    private readonly usersService: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await this.bus.consume({
      durable: 'identity-qbank-generated',
      subject: Events.qbankGenerated,
      handler: (event) => this.count(event),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }

  /** Idempotent: the batch marker's unique id decides; if the increment fails it is undone. */
  async count(event: QbankGeneratedEvent): Promise<void> {
    if (!event?.uid || !event.batchId || !(event.count > 0)) return;
    try {
      await this.batches.create({ _id: event.batchId, uid: event.uid, at: new Date(event.at) });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return; // counted before
      throw err;
    }
    try {
      const res = await this.users
        .updateOne({ _id: event.uid }, { $inc: { infiniteQbankGenerations: event.count } })
        .exec();
      if (res.modifiedCount === 1) this.usersService.notify(event.uid);
    } catch (err) {
      await this.batches.deleteOne({ _id: event.batchId }).exec();
      throw err;
    }
  }
}
