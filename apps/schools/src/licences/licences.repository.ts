import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isDuplicateKey } from '@examprep/nest-kit';
import { Model } from 'mongoose';
import { LicenceRecord, SeatRecord } from './licence.schema';

/** The licence collections; every query by `_id` or an index named beside the schema. */
@Injectable()
export class LicencesRepository {
  constructor(
    @InjectModel(LicenceRecord.name) private readonly licences: Model<LicenceRecord>,
    @InjectModel(SeatRecord.name) private readonly seats: Model<SeatRecord>,
  ) {}

  list(platformId?: string): Promise<LicenceRecord[]> {
    return this.licences
      .find(platformId ? { platformId } : {})
      .sort({ startsOn: -1, _id: 1 })
      .limit(1000)
      .lean<LicenceRecord[]>()
      .exec();
  }

  /** A platform's licences (few per school). */
  ofPlatform(platformId: string): Promise<LicenceRecord[]> {
    return this.licences.find({ platformId }).limit(200).lean<LicenceRecord[]>().exec();
  }

  find(id: string): Promise<LicenceRecord | null> {
    return this.licences.findById(id).lean<LicenceRecord>().exec();
  }

  async insert(record: LicenceRecord): Promise<void> {
    await this.licences.create(record);
  }

  /**
   * Changes a licence; `seatsTaken` is what the seat count may not go below (checked in the
   * update's filter against the counter, so a seat taken meanwhile is not lost).
   */
  async update(
    id: string,
    fields: Pick<LicenceRecord, 'name' | 'productIds' | 'startsOn' | 'endsOn' | 'updatedAt'>,
    seats: number,
  ): Promise<LicenceRecord | 'below-used' | null> {
    const current = await this.find(id);
    if (!current) return null;
    const used = current.seats - current.seatsLeft;
    if (seats < used) return 'below-used';
    const updated = await this.licences
      .findOneAndUpdate(
        { _id: id, seatsLeft: current.seatsLeft, seats: current.seats },
        { $set: { ...fields, seats, seatsLeft: seats - used } },
        { new: true },
      )
      .lean<LicenceRecord>()
      .exec();
    // a seat was taken or freed in between: read again and retry
    return updated ?? this.update(id, fields, seats);
  }

  /** Takes one seat from the counter; false when none is left. */
  async reserve(id: string): Promise<boolean> {
    const res = await this.licences
      .updateOne({ _id: id, ended: false, seatsLeft: { $gt: 0 } }, { $inc: { seatsLeft: -1 } })
      .exec();
    return res.modifiedCount === 1;
  }

  async giveBack(id: string): Promise<void> {
    await this.licences.updateOne({ _id: id }, { $inc: { seatsLeft: 1 } }).exec();
  }

  /** Claims the end of a licence's term (one replica does it). */
  async claimEnd(id: string): Promise<boolean> {
    const res = await this.licences
      .updateOne({ _id: id, ended: false }, { $set: { ended: true } })
      .exec();
    return res.modifiedCount === 1;
  }

  /** Licences whose last day is before `today` and not ended, by the `{ended, endsOn}` index. */
  endedBefore(today: string): Promise<LicenceRecord[]> {
    return this.licences
      .find({ ended: false, endsOn: { $lt: today } })
      .limit(100)
      .lean<LicenceRecord[]>()
      .exec();
  }

  findSeat(licenceId: string, uid: string): Promise<SeatRecord | null> {
    return this.seats.findById(`${licenceId}:${uid}`).lean<SeatRecord>().exec();
  }

  /** A first seat; false when the learner has a seat record already (a race: the other won). */
  async insertSeat(record: SeatRecord): Promise<boolean> {
    try {
      await this.seats.create(record);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** A freed seat taken again: the next seat number; null when it is not free (a race). */
  retake(
    licenceId: string,
    uid: string,
    productIds: string[],
    at: Date,
  ): Promise<SeatRecord | null> {
    return this.seats
      .findOneAndUpdate(
        { _id: `${licenceId}:${uid}`, active: false },
        {
          $set: { active: true, takenAt: at, releasedAt: null, pending: 'taken', productIds },
          $inc: { seat: 1 },
        },
        { new: true },
      )
      .lean<SeatRecord>()
      .exec();
  }

  /** Frees an active seat; the seat as it was, null when it was not active. */
  release(licenceId: string, uid: string, at: Date): Promise<SeatRecord | null> {
    return this.seats
      .findOneAndUpdate(
        { _id: `${licenceId}:${uid}`, active: true },
        { $set: { active: false, releasedAt: at, pending: 'released' } },
        { new: true },
      )
      .lean<SeatRecord>()
      .exec();
  }

  activeSeats(licenceId: string, limit = 10_000): Promise<SeatRecord[]> {
    return this.seats
      .find({ licenceId, active: true })
      .sort({ takenAt: 1 })
      .limit(limit)
      .lean<SeatRecord[]>()
      .exec();
  }

  /** By the `{pending}` index: an `$or` of equalities (FerretDB scans for `$in`). */
  pendingSeats(limit: number): Promise<SeatRecord[]> {
    return this.seats
      .find({ $or: [{ pending: 'taken' }, { pending: 'released' }] })
      .limit(limit)
      .lean<SeatRecord[]>()
      .exec();
  }

  /** The fact of this seat state is published (unless the seat changed since). */
  async published(seat: SeatRecord): Promise<void> {
    await this.seats
      .updateOne(
        { _id: seat._id, seat: seat.seat, pending: seat.pending },
        { $set: { pending: null } },
      )
      .exec();
  }

  /** A learner's seats (erasure), by the `{uid}` index. */
  seatsOf(uid: string): Promise<SeatRecord[]> {
    return this.seats.find({ uid }).limit(1000).lean<SeatRecord[]>().exec();
  }

  async removeSeats(uid: string): Promise<void> {
    await this.seats.deleteMany({ uid }).exec();
  }
}
