import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CLOSED_HOLDER, TestLeaseRecord } from './test-lease.schema';
import { TestLeasesRepository } from './test-leases.repository';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/**
 * test_leases on MongoDB or FerretDB (ADR 0027). The insert against the unique `_id` index is
 * the one atomic step both stores guarantee under concurrency (FerretDB 1.x applies a
 * conditional update as a read and a write, so two `findOneAndUpdate`s can both win); every
 * other operation is by `_id` alone, the filter FerretDB 1.24 answers with its index (ADR 0022).
 */
@Injectable()
export class MongoTestLeasesRepository extends TestLeasesRepository {
  constructor(@InjectModel(TestLeaseRecord.name) private readonly model: Model<TestLeaseRecord>) {
    super();
  }

  private get leases() {
    return this.model.collection;
  }

  async tryInsert(lease: TestLeaseRecord): Promise<boolean> {
    try {
      await this.leases.insertOne({ ...lease } as never);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  find(id: string): Promise<TestLeaseRecord | null> {
    return this.leases.findOne({ _id: id } as never) as Promise<TestLeaseRecord | null>;
  }

  async extend(id: string, until: Date): Promise<void> {
    await this.leases.updateOne({ _id: id } as never, { $set: { until } });
  }

  async close(id: string): Promise<void> {
    await this.leases.updateOne({ _id: id } as never, {
      $set: { holder: CLOSED_HOLDER, until: null },
    });
  }

  async remove(id: string): Promise<void> {
    await this.leases.deleteOne({ _id: id } as never);
  }
}
