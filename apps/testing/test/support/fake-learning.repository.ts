import {
  type LearnerSkills,
  LearningRepository,
  type StoredCard,
  type StoredPlan,
} from '../../src/learning/learning.repository';

const copy = <T>(v: T): T => structuredClone(v);
const key = (uid: string, id: string) => `${uid}|${id}`;

/**
 * LearningRepository in memory, with the store's semantics the fold and the service rely on:
 * skills written by compare-and-set on `rev`, the due queue in due order, the served lookup.
 * `conflicts` makes the next saveSkills calls lose their compare-and-set (another writer came
 * first), as two replicas folding one learner's answers would.
 */
export class FakeLearningRepository extends LearningRepository {
  readonly skillsDocs = new Map<string, LearnerSkills>();
  readonly cards = new Map<string, StoredCard>();
  readonly topics = new Map<string, { n: number; correct: number }>();
  readonly plans = new Map<string, StoredPlan>();
  /** saveSkills calls still to refuse (each refused one counts down). */
  conflicts = 0;
  /** Calls per method. */
  readonly calls = new Map<string, number>();

  private count(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }

  async skillsOf(uid: string): Promise<LearnerSkills[]> {
    return [...this.skillsDocs.values()].filter((s) => s.uid === uid).map(copy);
  }

  async skills(uid: string, course: string): Promise<LearnerSkills | null> {
    const s = this.skillsDocs.get(`${uid}:${course}`);
    return s ? copy(s) : null;
  }

  async saveSkills(next: LearnerSkills): Promise<boolean> {
    this.count('saveSkills');
    if (this.conflicts > 0) {
      this.conflicts -= 1;
      return false;
    }
    const id = `${next.uid}:${next.course}`;
    const cur = this.skillsDocs.get(id);
    if ((cur?.rev ?? 0) !== next.rev - 1) return false;
    this.skillsDocs.set(id, copy(next));
    return true;
  }

  async card(uid: string, itemId: string): Promise<StoredCard | null> {
    const c = this.cards.get(key(uid, itemId));
    return c ? copy(c) : null;
  }

  async cardServed(uid: string, servedId: string): Promise<StoredCard | null> {
    const c = [...this.cards.values()].find((x) => x.uid === uid && x.served === servedId);
    return c ? copy(c) : null;
  }

  async putCard(card: StoredCard): Promise<void> {
    this.count('putCard');
    this.cards.set(key(card.uid, card.itemId), copy(card));
  }

  async removeCard(uid: string, itemId: string): Promise<void> {
    this.count('removeCard');
    this.cards.delete(key(uid, itemId));
  }

  async dueCards(uid: string, now: Date, limit: number, course?: string): Promise<StoredCard[]> {
    return (await this.cardsOf(uid))
      .filter((c) => Date.parse(c.due) <= now.getTime())
      .filter((c) => course === undefined || c.course === course)
      .slice(0, limit);
  }

  async countDue(uid: string, now: Date, course?: string): Promise<number> {
    return (await this.dueCards(uid, now, Number.MAX_SAFE_INTEGER, course)).length;
  }

  async cardsOf(uid: string): Promise<StoredCard[]> {
    return [...this.cards.values()]
      .filter((c) => c.uid === uid)
      .sort((a, b) => Date.parse(a.due) - Date.parse(b.due))
      .map(copy);
  }

  async setServed(uid: string, itemId: string, served: string): Promise<void> {
    const c = this.cards.get(key(uid, itemId));
    if (c) c.served = served;
  }

  async topicCounts(): Promise<Map<string, { n: number; correct: number }>> {
    return new Map([...this.topics].map(([k, v]) => [k, { ...v }]));
  }

  async addTopicCounts(deltas: ReadonlyMap<string, { n: number; correct: number }>): Promise<void> {
    for (const [k, d] of deltas) {
      const t = this.topics.get(k) ?? { n: 0, correct: 0 };
      this.topics.set(k, { n: t.n + d.n, correct: t.correct + d.correct });
    }
  }

  async plan(uid: string): Promise<StoredPlan | null> {
    const p = this.plans.get(uid);
    return p ? copy(p) : null;
  }

  async putPlan(plan: StoredPlan): Promise<void> {
    this.plans.set(plan.uid, copy(plan));
  }

  async planByToken(token: string): Promise<StoredPlan | null> {
    const p = [...this.plans.values()].find((x) => x.unsubscribe === token);
    return p ? copy(p) : null;
  }

  async setReminders(uid: string, on: boolean): Promise<void> {
    const p = this.plans.get(uid);
    if (p) p.reminders = on;
  }

  async plansToRemind(day: string, limit: number): Promise<StoredPlan[]> {
    return [...this.plans.values()]
      .filter((p) => p.reminders && p.remindedOn < day)
      .slice(0, limit)
      .map(copy);
  }

  async claimReminder(uid: string, day: string): Promise<boolean> {
    const p = this.plans.get(uid);
    if (!p || !p.reminders || !(p.remindedOn < day)) return false;
    p.remindedOn = day;
    return true;
  }

  async removeUser(uid: string): Promise<void> {
    for (const [id, s] of this.skillsDocs) if (s.uid === uid) this.skillsDocs.delete(id);
    for (const [id, c] of this.cards) if (c.uid === uid) this.cards.delete(id);
    this.plans.delete(uid);
  }
}
