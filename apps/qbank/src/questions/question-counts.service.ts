import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { QuestionsRepository } from './questions.repository';

/** How often the maintained counts are rebuilt from the bank (and at start). */
export const QUESTION_RECOUNT_MS = 10 * 60_000;

/**
 * The maintained question counts (question_counts, ADR 0026) are rebuilt from the bank when the
 * service starts and every QUESTION_RECOUNT_MS, in the background (one pass, a page at a time):
 * questions written around the repository (a seeder, a restore, a spec's clean-up) are counted
 * within that time, and a count that drifted is set right. The list's totals read only the
 * counts.
 */
@Injectable()
export class QuestionCounts implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;

  constructor(private readonly questions: QuestionsRepository) {}

  onApplicationBootstrap(): void {
    void this.rebuild();
    this.timer = setInterval(() => void this.rebuild(), QUESTION_RECOUNT_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One rebuild at a time; a call while one runs waits for it. */
  rebuild(): Promise<void> {
    if (this.running) return this.running;
    const started = Date.now();
    this.running = this.questions
      .recount()
      .then(
        () => rootLogger().info({ ms: Date.now() - started }, 'question counts rebuilt'),
        (err: unknown) => rootLogger().error({ err }, 'question counts not rebuilt'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
