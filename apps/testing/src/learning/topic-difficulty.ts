import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { difficultyFromFacility } from '@examprep/learning';
import { rootLogger } from '@examprep/nest-kit';
import { LearningRepository } from './learning.repository';

/** How often this replica adds its counted answers to the store, and reads every replica's back. */
export const COUNTS_FLUSH_MS = 1_000;
export const COUNTS_REFRESH_MS = 60_000;

type Counts = { n: number; correct: number };

/**
 * The difficulty of a generator topic's items for the mastery model (ADR 0039): the topic's
 * facility over every learner's answers (learning_topics), as the item analysis gives a stored
 * question's. Answers are counted in memory and added to the store once a second ($inc, so
 * replicas add up); the totals are read back every minute. A difficulty a minute old is as good
 * as a fresh one: it moves by one answer in thousands.
 */
@Injectable()
export class TopicDifficulty implements OnApplicationBootstrap, OnModuleDestroy {
  private totals = new Map<string, Counts>();
  private pending = new Map<string, Counts>();
  private flushTimer: NodeJS.Timeout | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;

  constructor(private readonly repo: LearningRepository) {}

  /** The topic's difficulty (logits; 0 for a topic nobody answered yet). */
  of(topicKey: string): number {
    const t = this.totals.get(topicKey);
    const p = this.pending.get(topicKey);
    return difficultyFromFacility((t?.n ?? 0) + (p?.n ?? 0), (t?.correct ?? 0) + (p?.correct ?? 0));
  }

  count(topicKey: string, correct: boolean): void {
    const p = this.pending.get(topicKey) ?? { n: 0, correct: 0 };
    p.n += 1;
    p.correct += correct ? 1 : 0;
    this.pending.set(topicKey, p);
    this.flushTimer ??= setTimeout(() => void this.flush(), COUNTS_FLUSH_MS).unref();
  }

  async flush(): Promise<void> {
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.repo.addTopicCounts(batch);
      for (const [key, d] of batch) {
        const t = this.totals.get(key) ?? { n: 0, correct: 0 };
        this.totals.set(key, { n: t.n + d.n, correct: t.correct + d.correct });
      }
    } catch (err) {
      // kept for the next flush: the counts are not lost with one failed write
      for (const [key, d] of batch) {
        const p = this.pending.get(key) ?? { n: 0, correct: 0 };
        this.pending.set(key, { n: p.n + d.n, correct: p.correct + d.correct });
      }
      this.flushTimer ??= setTimeout(() => void this.flush(), COUNTS_FLUSH_MS).unref();
      rootLogger().warn({ err }, 'topic answer counts not stored yet');
    }
  }

  async refresh(): Promise<void> {
    try {
      this.totals = await this.repo.topicCounts();
    } catch (err) {
      rootLogger().warn({ err }, 'topic answer counts not read; the last ones stay');
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.refreshTimer = setInterval(() => void this.refresh(), COUNTS_REFRESH_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.refreshTimer);
    clearTimeout(this.flushTimer);
    await this.flush();
  }
}
