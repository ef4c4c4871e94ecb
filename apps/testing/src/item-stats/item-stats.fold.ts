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

/**
 * Folds graded tests' facts into the statistics (ADR 0037), once per test: the test's marker
 * (item_stats_facts) lists the writes already done, so a redelivered fact skips them; all the
 * writes of a fact run at once, each one atomic upsert; the ones that succeeded are recorded
 * before a failure is rethrown (the retry does the rest). Only a process that dies between a
 * write and the marker's update can count that write twice.
 */
@Injectable()
export class ItemStatsFold {
  constructor(private readonly repo: ItemStatsRepository) {}

  /** Returns how many writes this call did (0: the fact was folded before). */
  async fold(fact: TestSubmittedEvent, now: Date): Promise<number> {
    const marker = await this.repo.claimFact(fact.testId, now);
    if (marker.complete) return 0;
    const done = new Set(marker.done);
    const todo = foldWrites(fact).filter((w) => !done.has(w.name));
    const results = await Promise.allSettled(todo.map((w) => this.write(w)));
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') done.add(todo[i]!.name);
    });
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    await this.repo.markFact(fact.testId, [...done], !failed);
    if (failed) throw failed.reason;
    return todo.length;
  }

  private async write(w: FoldWrite): Promise<void> {
    if ('rate' in w) return this.repo.applyErrorRate(w.rate);
    const doc = await this.repo.applyItem(w.item);
    // a later fold of this question writes its own (newer) values when n moved meanwhile; a
    // failure here must not undo the counted attempt (the retry would count it again): the
    // question's next fold writes them
    await this.repo
      .setDerived(doc.qid, doc.n, derivedOf(doc))
      .catch((err: unknown) =>
        rootLogger().warn({ err, qid: doc.qid }, 'item stats: derived values not written'),
      );
  }
}
