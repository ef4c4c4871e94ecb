import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type AnswerRulesVersion, Events, type TestSubmittedEvent } from '@examprep/contracts';
import { JetStreamBus, rootLogger } from '@examprep/nest-kit';
import { ItemStatsRepository } from './item-stats.repository';
import {
  type FactAnswer,
  type FactTest,
  type SnapshotQuestion,
  testSubmittedFact,
  testSubmittedMsgId,
} from './test-submitted.fact';

/** A fact left in the outbox this long is published by the relay (the submit's own try is done). */
export const OUTBOX_SETTLE_MS = 60_000;
export const RELAY_INTERVAL_MS = 30_000;
/** Facts a relay pass publishes at most. */
export const RELAY_BATCH = 200;

/**
 * `events.test.submitted`, published so that it is never lost (ADR 0037): the submit records
 * the fact in item_stats_outbox before it completes the test (`recorded`), publishes it once the
 * test is completed and removes it when JetStream has it (`publish`); the relay publishes every
 * fact still there a minute later (a failed publish, a process stopped in between). The message
 * id is the test's, so a fact published twice is kept once by the stream and folded once anyway.
 */
@Injectable()
export class SubmittedFacts implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly repo: ItemStatsRepository,
    @Inject(JetStreamBus) private readonly bus: Pick<JetStreamBus, 'publish'>,
  ) {}

  /**
   * The graded test's fact (testSubmittedFact), put in the outbox before the test is completed;
   * the caller publishes it once the test is.
   */
  async record(
    test: FactTest,
    questions: readonly SnapshotQuestion[],
    answers: ReadonlyMap<string, FactAnswer>,
    grade: { correctCount: number; finalScore: number },
    at: Date,
    rules: AnswerRulesVersion,
  ): Promise<TestSubmittedEvent> {
    const fact = testSubmittedFact(test, questions, answers, grade, at, rules);
    await this.repo.outboxPut({ testId: fact.testId, fact: JSON.stringify(fact), at });
    return fact;
  }

  /** Publishes a recorded fact and takes it out of the outbox; a failure is left to the relay. */
  async publish(fact: TestSubmittedEvent): Promise<boolean> {
    try {
      await this.bus.publish(Events.testSubmitted, fact, testSubmittedMsgId(fact.testId));
      await this.repo.outboxDelete(fact.testId);
      return true;
    } catch (err) {
      rootLogger().warn(
        { err, testId: fact.testId },
        'test.submitted not published yet (the relay retries)',
      );
      return false;
    }
  }

  /** One relay pass: publishes the facts recorded before `before`; how many went out. */
  async relay(before: Date): Promise<number> {
    let published = 0;
    for (const entry of await this.repo.outboxDue(before, RELAY_BATCH)) {
      let fact: TestSubmittedEvent;
      try {
        fact = JSON.parse(entry.fact) as TestSubmittedEvent;
      } catch (err) {
        rootLogger().error(
          { err, testId: entry.testId },
          'test.submitted outbox entry is not JSON; dropped',
        );
        await this.repo.outboxDelete(entry.testId);
        continue;
      }
      if (await this.publish(fact)) published++;
      else break; // JetStream is not answering: the next pass tries again
    }
    return published;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.pass(), RELAY_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    if (this.running) return;
    this.running = (async () => {
      try {
        const published = await this.relay(new Date(Date.now() - OUTBOX_SETTLE_MS));
        if (published > 0) rootLogger().info({ published }, 'relay published test.submitted facts');
      } catch (err) {
        rootLogger().error({ err }, 'test.submitted relay pass failed');
      } finally {
        this.running = undefined;
      }
    })();
    await this.running;
  }
}
