import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Dashboard } from '@examprep/contracts';
import { Model } from 'mongoose';
import { UserRecord } from './user.schema';
import { type NewUser, UsersRepository } from './users.repository';

const DUPLICATE_KEY = 11000;

/** UsersRepository on the `users` collection (mongoose model UserRecord). */
@Injectable()
export class MongoUsersRepository extends UsersRepository {
  constructor(@InjectModel(UserRecord.name) private readonly users: Model<UserRecord>) {
    super();
  }

  /** By `_id` (the `_id` index). */
  findById(uid: string): Promise<UserRecord | null> {
    return this.users.findById(uid).lean<UserRecord>().exec();
  }

  /** By `_id` (the `_id` index), `_id` projected only. */
  async exists(uid: string): Promise<boolean> {
    return (await this.users.exists({ _id: uid }).exec()) !== null;
  }

  /** By email (the unique `{email}` index), `_id` projected only. */
  async emailTakenByOther(uid: string, email: string): Promise<boolean> {
    return (await this.users.exists({ email, _id: { $ne: uid } }).exec()) !== null;
  }

  /** An insert: the unique `_id` and `{email}` indexes decide between racing calls. */
  async insert(uid: string, user: NewUser): Promise<UserRecord | null> {
    try {
      const created = await this.users.create({ ...user, _id: uid });
      return created.toObject();
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return null;
      throw err;
    }
  }

  /** By `_id` (the `_id` index). */
  async setDefaultDashboard(uid: string, dashboard: Dashboard): Promise<void> {
    await this.users.updateOne({ _id: uid }, { $set: { defaultDashboard: dashboard } }).exec();
  }

  /** By `_id` (the `_id` index). */
  async addGenerations(uid: string, count: number): Promise<boolean> {
    const res = await this.users
      .updateOne({ _id: uid }, { $inc: { infiniteQbankGenerations: count } })
      .exec();
    return res.modifiedCount === 1;
  }

  /** By the `_id` index, in its order. */
  pageById(after: string | undefined, limit: number): Promise<UserRecord[]> {
    return this.users
      .find(after === undefined ? {} : { _id: { $gt: after } })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<UserRecord[]>()
      .exec();
  }

  /** By `_id` (the `_id` index). */
  async remove(uid: string): Promise<void> {
    await this.users.deleteOne({ _id: uid }).exec();
  }
}
