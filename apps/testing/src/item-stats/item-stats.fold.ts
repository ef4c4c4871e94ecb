import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TestSubmittedEvent } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import {
  attemptSums,
  discrimination,
  facility,
  medianFromHistogram,
  timeBucket,
} from './item-stats.maths';
import { TIME_BUCKETS_SECONDS } from '@examprep/contracts';
import {
  type ErrorRateDelta,
  type FactMarker,
  type ItemDelta,
  type ItemStatsDoc,
  ItemStatsRepository,
} from './item-stats.repository';
import {
  type SortableFields,
  UNDEFINED_DISCRIMINATION,
  UNDEFINED_MEDIAN,
} from './item-stats.schema';

/** One write of a fold, named for the marker ('q:<qid>', 'e:<error rate id>'). */
export type FoldWrite = { name: string; item: ItemDelta } | { name: string; rate: ErrorRateDelta };

export const errorRateId = (kind: string, course: string, objective: string, name: string) =>
  createHash('sha1')
    .update(JSON.stringify([kind, course, objective, name]))
    .digest('hex');

/**
 * The writes a graded test's fact makes (pure): per question its attempt (sums against the
 * test's score, flag, response counts, time bucket), per generator topic an attempt and whether
 * it was an error, per misconception the question offers an attempt and whether it was hit. The
 * same question twice in one test (never, a snapshot draws distinct qids) would be one write.
 */
export function foldWrites(fact: TestSubmittedEvent): FoldWrite[] {
  const writes = new Map<string, FoldWrite>();
  const lastAt = new Date(fact.submittedAt);
  for (const item of fact.items) {
    const x = item.outcome === 'correct' ? 1 : 0;
    const inc: Record<string, number> = { ...attemptSums(x, fact.correct, fact.total) };
    inc.flagged = item.flagged ? 1 : 0;
    inc.unanswered = item.outcome === 'unanswered' ? 1 : 0;
    for (const key of item.chosen) inc[`resp.${key}`] = 1;
    if (item.seconds !== null) inc[`time.b${timeBucket(item.seconds)}`] = 1;
    writes.set(`q:${item.qid}`, {
      name: `q:${item.qid}`,
      item: {
        qid: item.qid,
        set: {
          course: item.course,
          objective: item.objective,
          topic: item.topic,
          stem: item.stem,
          type: item.type,
          options: item.options,
          lastAt,
        },
        inc,
      },
    });
    const rate = (kind: 'topic' | 'misconception', name: string, error: boolean) => {
      const id = errorRateId(kind, item.course, item.objective, name);
      const key = `e:${id}`;
      const prior = writes.get(key);
      const n = prior && 'rate' in prior ? prior.rate.n : 0;
      const errors = prior && 'rate' in prior ? prior.rate.errors : 0;
      writes.set(key, {
        name: key,
        rate: {
          id,
          kind,
          course: item.course,
          objective: item.objective,
          name,
          n: n + 1,
          errors: errors + (error ? 1 : 0),
        },
      });
    };
    if (item.topic) rate('topic', item.topic, item.outcome !== 'correct');
    for (const m of item.misconceptions) rate('misconception', m, item.misconception === m);
  }
  return [...writes.values()];
}

/** The histogram's counts in bucket order. */
export function histogramOf(doc: Pick<ItemStatsDoc, 'time'>): number[] {
  return Array.from({ length: TIME_BUCKETS_SECONDS.length + 1 }, (_, i) => doc.time[`b${i}`] ?? 0);
}

/** The sortable values of a document's sums (stored beside them, so an index can order them). */
export function derivedOf(doc: ItemStatsDoc): Omit<SortableFields, 'n'> {
  const median = medianFromHistogram(histogramOf(doc));
  return {
    facility: facility(doc),
    disc: discrimination(doc) ?? UNDEFINED_DISCRIMINATION,
    flagRate: doc.n === 0 ? 0 : doc.flagged / doc.n,
    medianTime: median === null ? UNDEFINED_MEDIAN : Math.round(median * 10) / 10,
  };
}

/** A write of a batch: the facts' writes of one name, their sums added up. */
export interface MergedWrite {
  write: FoldWrite;
  /** The indexes (in the batch) of the facts that take part. */
  facts: number[];
}

/**
 * Merges a batch's writes by name (pure): a question's `$inc`s and an error rate's attempts and
 * errors are added up; a question's `set` (how its latest test showed it) is the one with the
 * latest `lastAt` (the fact's submittedAt), the later in the batch on a tie, as folding the
 * facts one by one in that order would leave it.
 */
export function mergeWrites(perFact: readonly (readonly FoldWrite[])[]): Map<string, MergedWrite> {
  const merged = new Map<string, MergedWrite>();
  perFact.forEach((writes, i) => {
    for (const w of writes) {
      const prior = merged.get(w.name);
      if (!prior) {
        merged.set(w.name, { write: structuredClone(w), facts: [i] });
        continue;
      }
      prior.facts.push(i);
      const p = prior.write;
      if ('item' in p && 'item' in w) {
        for (const [k, by] of Object.entries(w.item.inc)) p.item.inc[k] = (p.item.inc[k] ?? 0) + by;
        if (w.item.set.lastAt.getTime() >= p.item.set.lastAt.getTime())
          p.item.set = structuredClone(w.item.set);
      } else if ('rate' in p && 'rate' in w) {
        p.rate.n += w.rate.n;
        p.rate.errors += w.rate.errors;
      }
    }
  });
  return merged;
}

/** The error of a batch's write that failed, or of a step that failed for every fact. */
const settledAll = <T>(n: number, reason: unknown): PromiseSettledResult<T>[] =>
  Array.from({ length: n }, () => ({ status: 'rejected', reason }));

/**
 * Folds graded tests' facts into the statistics (ADR 0037), once per test: the test's marker
 * (item_stats_facts) lists the writes already done, so a redelivered fact skips them. A batch
 * of facts ("Folding in batches") claims their markers at once, merges their writes by name
 * (mergeWrites) and applies each merged write once, each an atomic upsert, all in one bulk per
 * collection; then the derived values of each question once, then every marker in one bulk.
 * The writes that succeeded are recorded before a failure is reported to the facts that took
 * part in the failed write (their retry does the rest). Only a process that dies between a
 * write and the markers' update can count that write twice.
 */
@Injectable()
export class ItemStatsFold {
  constructor(private readonly repo: ItemStatsRepository) {}

  /** Returns how many writes this call did (0: the fact was folded before). A batch of one. */
  async fold(fact: TestSubmittedEvent, now: Date): Promise<number> {
    const [r] = await this.foldBatch([fact], now);
    if (r!.status === 'rejected') throw r!.reason;
    return r!.value;
  }

  /**
   * Folds a batch: per fact (in order) how many of its writes this call did, or why some failed
   * (its marker then lists those that succeeded). The same test twice in a batch is folded once
   * (the copy does 0 writes, and fails when the first does).
   */
  async foldBatch(
    facts: readonly TestSubmittedEvent[],
    now: Date,
  ): Promise<PromiseSettledResult<number>[]> {
    if (facts.length === 0) return [];
    let markers: Map<string, FactMarker>;
    try {
      markers = await this.repo.claimFacts([...new Set(facts.map((f) => f.testId))], now);
    } catch (err) {
      return settledAll(facts.length, err);
    }
    const firstOf = new Map<string, number>();
    // the facts to fold: the first of each test whose marker is not complete
    const jobs = new Map<number, { done: Set<string>; pending: FoldWrite[] }>();
    facts.forEach((fact, i) => {
      if (firstOf.has(fact.testId)) return;
      firstOf.set(fact.testId, i);
      const marker = markers.get(fact.testId)!;
      if (marker.complete) return;
      const done = new Set(marker.done);
      jobs.set(i, { done, pending: foldWrites(fact).filter((w) => !done.has(w.name)) });
    });
    const order = [...jobs.keys()];
    const merged = mergeWrites(order.map((i) => jobs.get(i)!.pending));
    const failed = await this.apply([...merged.values()].map((m) => m.write));
    await this.writeDerived(
      [...merged.values()].flatMap((m) =>
        'item' in m.write && !failed.has(m.write.name) ? [m.write.item.qid] : [],
      ),
    );
    const marks = order.map((i) => {
      const job = jobs.get(i)!;
      const error = job.pending.find((w) => failed.has(w.name));
      for (const w of job.pending) if (!failed.has(w.name)) job.done.add(w.name);
      return { testId: facts[i]!.testId, done: [...job.done], complete: !error };
    });
    try {
      await this.repo.markFacts(marks);
    } catch (err) {
      return settledAll(facts.length, err);
    }
    const own = (i: number): PromiseSettledResult<number> => {
      const job = jobs.get(i);
      if (!job) return { status: 'fulfilled', value: 0 };
      const w = job.pending.find((x) => failed.has(x.name));
      return w
        ? { status: 'rejected', reason: failed.get(w.name) }
        : { status: 'fulfilled', value: job.pending.length };
    };
    return facts.map((fact, i) => {
      const first = firstOf.get(fact.testId)!;
      if (first === i) return own(i);
      const r = own(first);
      return r.status === 'rejected' ? r : { status: 'fulfilled', value: 0 };
    });
  }

  /** Applies the merged writes, one bulk per collection; the names that failed, with why. */
  private async apply(writes: readonly FoldWrite[]): Promise<Map<string, unknown>> {
    const items = writes.flatMap((w) => ('item' in w ? [w.item] : []));
    const rates = writes.flatMap((w) => ('rate' in w ? [w.rate] : []));
    // a call that rejects failed every write it held
    const all = (keys: readonly string[]) => (err: unknown) =>
      new Map<string, unknown>(keys.map((k) => [k, err]));
    const [itemsFailed, ratesFailed] = await Promise.all([
      this.repo.applyItems(items).catch(all(items.map((d) => d.qid))),
      this.repo.applyErrorRates(rates).catch(all(rates.map((d) => d.id))),
    ]);
    const failed = new Map<string, unknown>();
    for (const [qid, err] of itemsFailed) failed.set(`q:${qid}`, err);
    for (const [id, err] of ratesFailed) failed.set(`e:${id}`, err);
    return failed;
  }

  /**
   * The derived values of the questions written, once each, from their documents as read now.
   * A later fold of a question writes its own (newer) values when n moved meanwhile; a failure
   * here must not undo the counted attempts (the retry would count them again): the question's
   * next fold writes them.
   */
  private async writeDerived(qids: readonly string[]): Promise<void> {
    if (qids.length === 0) return;
    try {
      const docs = await this.repo.getItems(qids);
      await this.repo.setDerivedMany(
        docs.map((doc) => ({ qid: doc.qid, n: doc.n, derived: derivedOf(doc) })),
      );
    } catch (err) {
      rootLogger().warn({ err, qids: qids.length }, 'item stats: derived values not written');
    }
  }
}
