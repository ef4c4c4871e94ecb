import type { ItemStatsFilters, ItemStatsSort, Page, SortDirection } from '@examprep/contracts';
import { itemStatsOrder } from '../../src/item-stats/item-stats.order';
import {
  type ErrorRateDelta,
  type ErrorRateDoc,
  ERROR_RATES_MAX,
  type FactMarker,
  type ItemDelta,
  type BulkFailures,
  type DerivedWrite,
  type FactMark,
  type ItemStatsDoc,
  ItemStatsRepository,
  type OutboxEntry,
} from '../../src/item-stats/item-stats.repository';
import {
  type SortableFields,
  UNDEFINED_DISCRIMINATION,
  UNDEFINED_MEDIAN,
} from '../../src/item-stats/item-stats.schema';
import { EMPTY_SUMS } from '../../src/item-stats/item-stats.maths';

const copy = <T>(v: T): T => structuredClone(v);

/** ItemStatsRepository in memory: the same upserts, order and filters as the store. */
export class FakeItemStatsRepository extends ItemStatsRepository {
  readonly stats = new Map<string, ItemStatsDoc>();
  readonly rates = new Map<string, ErrorRateDoc>();
  readonly facts = new Map<string, FactMarker>();
  readonly outbox = new Map<string, OutboxEntry>();
  /** Names of writes that fail (applyItem(s) by qid, applyErrorRate(s) by id) until removed. */
  readonly failing = new Set<string>();
  /** Calls per method: what a batch costs in round trips. */
  readonly calls = new Map<string, number>();

  private count(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }

  async claimFact(testId: string): Promise<FactMarker> {
    if (!this.facts.has(testId)) this.facts.set(testId, { done: [], complete: false });
    return copy(this.facts.get(testId)!);
  }

  async markFact(testId: string, done: readonly string[], complete: boolean): Promise<void> {
    if (this.facts.has(testId)) this.facts.set(testId, { done: [...done], complete });
  }

  async applyItem(delta: ItemDelta): Promise<ItemStatsDoc> {
    if (this.failing.has(delta.qid)) throw new Error(`store down for ${delta.qid}`);
    const doc: ItemStatsDoc = this.stats.get(delta.qid) ?? {
      qid: delta.qid,
      ...delta.set,
      ...EMPTY_SUMS,
      flagged: 0,
      unanswered: 0,
      resp: {},
      time: {},
      facility: 0,
      disc: UNDEFINED_DISCRIMINATION,
      flagRate: 0,
      medianTime: UNDEFINED_MEDIAN,
    };
    Object.assign(doc, copy(delta.set));
    for (const [path, by] of Object.entries(delta.inc)) {
      const [head, tail] = path.split('.');
      if (tail !== undefined) {
        const bag = doc[head as 'resp' | 'time'];
        bag[tail] = (bag[tail] ?? 0) + by;
      } else {
        const k = head as keyof typeof EMPTY_SUMS | 'flagged' | 'unanswered';
        doc[k] = (doc[k] ?? 0) + by;
      }
    }
    this.stats.set(delta.qid, doc);
    return copy(doc);
  }

  async setDerived(qid: string, n: number, derived: Omit<SortableFields, 'n'>): Promise<boolean> {
    const doc = this.stats.get(qid);
    if (!doc || doc.n !== n) return false;
    Object.assign(doc, derived);
    return true;
  }

  async applyErrorRate(d: ErrorRateDelta): Promise<void> {
    if (this.failing.has(d.id)) throw new Error(`store down for ${d.id}`);
    const prior = this.rates.get(d.id);
    this.rates.set(d.id, {
      ...d,
      n: (prior?.n ?? 0) + d.n,
      errors: (prior?.errors ?? 0) + d.errors,
    });
  }

  async claimFacts(testIds: readonly string[]): Promise<Map<string, FactMarker>> {
    this.count('claimFacts');
    const markers = new Map<string, FactMarker>();
    for (const id of testIds) markers.set(id, await this.claimFact(id));
    return markers;
  }

  async markFacts(marks: readonly FactMark[]): Promise<void> {
    this.count('markFacts');
    for (const m of marks) await this.markFact(m.testId, m.done, m.complete);
  }

  async applyItems(deltas: readonly ItemDelta[]): Promise<BulkFailures> {
    this.count('applyItems');
    const failed: BulkFailures = new Map();
    for (const d of deltas) await this.applyItem(d).catch((e: unknown) => failed.set(d.qid, e));
    return failed;
  }

  async applyErrorRates(deltas: readonly ErrorRateDelta[]): Promise<BulkFailures> {
    this.count('applyErrorRates');
    const failed: BulkFailures = new Map();
    for (const d of deltas) await this.applyErrorRate(d).catch((e: unknown) => failed.set(d.id, e));
    return failed;
  }

  async getItems(qids: readonly string[]): Promise<ItemStatsDoc[]> {
    this.count('getItems');
    return qids.flatMap((q) => (this.stats.has(q) ? [copy(this.stats.get(q)!)] : []));
  }

  async setDerivedMany(writes: readonly DerivedWrite[]): Promise<number> {
    this.count('setDerivedMany');
    let matched = 0;
    for (const w of writes) if (await this.setDerived(w.qid, w.n, w.derived)) matched++;
    return matched;
  }

  async page(
    filters: ItemStatsFilters,
    sort: ItemStatsSort,
    dir: SortDirection,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<ItemStatsDoc>> {
    const rows = [...this.stats.values()].filter(
      (d) =>
        (filters.course === undefined || d.course === filters.course) &&
        (filters.course === undefined ||
          filters.objective === undefined ||
          d.objective === filters.objective),
    );
    return itemStatsOrder(sort, dir).pageOf(rows.map(copy), cursor, limit);
  }

  async get(qid: string): Promise<ItemStatsDoc | null> {
    const doc = this.stats.get(qid);
    return doc ? copy(doc) : null;
  }

  async errorRates(
    kind: 'topic' | 'misconception',
    filters: ItemStatsFilters,
  ): Promise<ErrorRateDoc[]> {
    return [...this.rates.values()]
      .filter(
        (r) =>
          r.kind === kind &&
          (filters.course === undefined || r.course === filters.course) &&
          (filters.course === undefined ||
            filters.objective === undefined ||
            r.objective === filters.objective),
      )
      .sort((a, b) =>
        a.course !== b.course
          ? a.course < b.course
            ? -1
            : 1
          : a.objective !== b.objective
            ? a.objective < b.objective
              ? -1
              : 1
            : a.id < b.id
              ? -1
              : 1,
      )
      .slice(0, ERROR_RATES_MAX)
      .map(copy);
  }

  async outboxPut(entry: OutboxEntry): Promise<void> {
    this.outbox.set(entry.testId, copy(entry));
  }

  async outboxDelete(testId: string): Promise<void> {
    this.outbox.delete(testId);
  }

  async outboxDue(before: Date, limit: number): Promise<OutboxEntry[]> {
    return [...this.outbox.values()]
      .filter((e) => e.at < before)
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.testId < b.testId ? -1 : 1))
      .slice(0, limit)
      .map(copy);
  }
}
