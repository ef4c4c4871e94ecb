import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  type LearnerSkills,
  LearningRepository,
  type StoredCard,
  type StoredPlan,
} from './learning.repository';
import {
  LearnerSkillsRecord,
  ReviewCardRecord,
  StudyPlanRecord,
  TopicPopulationRecord,
} from './learning.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

export const skillsId = (uid: string, course: string) => `${uid}:${course}`;
export const cardId = (uid: string, itemId: string) => `${uid}|${itemId}`;

function toSkills(r: LearnerSkillsRecord): LearnerSkills {
  return {
    uid: r.uid,
    course: r.course,
    topics: r.topics ?? {},
    objectives: r.objectives ?? {},
    estimates: r.estimates ?? [],
    tests: r.tests ?? [],
    seen: r.seen ?? [],
    rev: r.rev ?? 0,
  };
}

function toCard(r: ReviewCardRecord): StoredCard {
  return {
    uid: r.uid,
    itemId: r.itemId,
    topicKey: r.topicKey ?? null,
    course: r.course,
    objective: r.objective,
    misconception: r.misconception ?? null,
    due: new Date(r.due).toISOString(),
    reviews: r.reviews ?? 0,
    lapses: r.lapses ?? 0,
    fsrs: r.fsrs,
    served: r.served ?? null,
  };
}

function toPlan(r: StudyPlanRecord): StoredPlan {
  return {
    uid: r._id,
    examDate: r.examDate,
    minutesPerDay: r.minutesPerDay,
    reminders: r.reminders,
    email: r.email,
    unsubscribe: r.unsubscribe,
    remindedOn: r.remindedOn ?? '',
  };
}

/**
 * The learning engine's collections. Every query names the learner (an index on `uid` leads
 * each learner-owned collection) or reads by `_id`; filters are top-level equalities and ranges
 * only, which our FerretDB renders on its indexes (ADR 0028).
 */
@Injectable()
export class MongoLearningRepository extends LearningRepository {
  constructor(
    @InjectModel(LearnerSkillsRecord.name) private readonly skillsModel: Model<LearnerSkillsRecord>,
    @InjectModel(ReviewCardRecord.name) private readonly cards: Model<ReviewCardRecord>,
    @InjectModel(TopicPopulationRecord.name)
    private readonly topics: Model<TopicPopulationRecord>,
    @InjectModel(StudyPlanRecord.name) private readonly plans: Model<StudyPlanRecord>,
  ) {
    super();
  }

  async skillsOf(uid: string): Promise<LearnerSkills[]> {
    const docs = await this.skillsModel.find({ uid }).lean<LearnerSkillsRecord[]>().exec();
    return docs.map(toSkills);
  }

  async skills(uid: string, course: string): Promise<LearnerSkills | null> {
    const doc = await this.skillsModel
      .findOne({ _id: skillsId(uid, course) })
      .lean<LearnerSkillsRecord>()
      .exec();
    return doc ? toSkills(doc) : null;
  }

  async saveSkills(next: LearnerSkills): Promise<boolean> {
    const _id = skillsId(next.uid, next.course);
    const fields = {
      uid: next.uid,
      course: next.course,
      topics: next.topics,
      objectives: next.objectives,
      estimates: next.estimates,
      tests: next.tests,
      seen: next.seen,
      rev: next.rev,
      updatedAt: new Date(),
    };
    if (next.rev === 1) {
      try {
        await this.skillsModel.create({ _id, ...fields });
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    }
    const r = await this.skillsModel.updateOne({ _id, rev: next.rev - 1 }, { $set: fields }).exec();
    return r.matchedCount === 1;
  }

  async card(uid: string, itemId: string): Promise<StoredCard | null> {
    const doc = await this.cards
      .findOne({ _id: cardId(uid, itemId) })
      .lean<ReviewCardRecord>()
      .exec();
    return doc ? toCard(doc) : null;
  }

  async cardServed(uid: string, servedId: string): Promise<StoredCard | null> {
    const doc = await this.cards.findOne({ uid, served: servedId }).lean<ReviewCardRecord>().exec();
    return doc ? toCard(doc) : null;
  }

  async putCard(card: StoredCard): Promise<void> {
    const _id = cardId(card.uid, card.itemId);
    await this.cards
      .updateOne(
        { _id },
        {
          $set: {
            uid: card.uid,
            itemId: card.itemId,
            topicKey: card.topicKey,
            course: card.course,
            objective: card.objective,
            misconception: card.misconception,
            due: new Date(card.due),
            reviews: card.reviews,
            lapses: card.lapses,
            fsrs: card.fsrs,
            served: card.served,
          },
          $setOnInsert: { createdAt: new Date() },
        },
        { upsert: true },
      )
      .exec();
  }

  async removeCard(uid: string, itemId: string): Promise<void> {
    await this.cards.deleteOne({ _id: cardId(uid, itemId) }).exec();
  }

  async dueCards(uid: string, now: Date, limit: number, course?: string): Promise<StoredCard[]> {
    const docs = await this.cards
      .find(
        course === undefined ? { uid, due: { $lte: now } } : { uid, course, due: { $lte: now } },
      )
      .sort(course === undefined ? { uid: 1, due: 1 } : { uid: 1, course: 1, due: 1 })
      .limit(limit)
      .lean<ReviewCardRecord[]>()
      .exec();
    return docs.map(toCard);
  }

  countDue(uid: string, now: Date, course?: string): Promise<number> {
    return this.cards
      .countDocuments(
        course === undefined ? { uid, due: { $lte: now } } : { uid, course, due: { $lte: now } },
      )
      .exec();
  }

  async cardsOf(uid: string): Promise<StoredCard[]> {
    const docs = await this.cards
      .find({ uid })
      .sort({ uid: 1, due: 1 })
      .lean<ReviewCardRecord[]>()
      .exec();
    return docs.map(toCard);
  }

  async setServed(uid: string, itemId: string, served: string): Promise<void> {
    await this.cards.updateOne({ _id: cardId(uid, itemId) }, { $set: { served } }).exec();
  }

  async topicCounts(): Promise<Map<string, { n: number; correct: number }>> {
    const docs = await this.topics.find({}).lean<TopicPopulationRecord[]>().exec();
    return new Map(docs.map((d) => [d._id, { n: d.n ?? 0, correct: d.correct ?? 0 }]));
  }

  async addTopicCounts(deltas: ReadonlyMap<string, { n: number; correct: number }>): Promise<void> {
    if (deltas.size === 0) return;
    await this.topics.bulkWrite(
      [...deltas].map(([_id, d]) => ({
        updateOne: {
          filter: { _id },
          update: { $inc: { n: d.n, correct: d.correct } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async plan(uid: string): Promise<StoredPlan | null> {
    const doc = await this.plans.findOne({ _id: uid }).lean<StudyPlanRecord>().exec();
    return doc ? toPlan(doc) : null;
  }

  async putPlan(plan: StoredPlan): Promise<void> {
    await this.plans
      .updateOne(
        { _id: plan.uid },
        {
          $set: {
            examDate: plan.examDate,
            minutesPerDay: plan.minutesPerDay,
            reminders: plan.reminders,
            email: plan.email,
            unsubscribe: plan.unsubscribe,
            remindedOn: plan.remindedOn,
            updatedAt: new Date(),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  async planByToken(token: string): Promise<StoredPlan | null> {
    const doc = await this.plans.findOne({ unsubscribe: token }).lean<StudyPlanRecord>().exec();
    return doc ? toPlan(doc) : null;
  }

  async setReminders(uid: string, on: boolean): Promise<void> {
    await this.plans
      .updateOne({ _id: uid }, { $set: { reminders: on, updatedAt: new Date() } })
      .exec();
  }

  async plansToRemind(day: string, limit: number): Promise<StoredPlan[]> {
    const docs = await this.plans
      .find({ reminders: true, remindedOn: { $lt: day } })
      .limit(limit)
      .lean<StudyPlanRecord[]>()
      .exec();
    return docs.map(toPlan);
  }

  async claimReminder(uid: string, day: string): Promise<boolean> {
    const r = await this.plans
      .updateOne(
        { _id: uid, reminders: true, remindedOn: { $lt: day } },
        { $set: { remindedOn: day } },
      )
      .exec();
    return r.modifiedCount === 1;
  }

  async removeUser(uid: string): Promise<void> {
    await this.skillsModel.deleteMany({ uid }).exec();
    await this.cards.deleteMany({ uid }).exec();
    await this.plans.deleteOne({ _id: uid }).exec();
  }
}
