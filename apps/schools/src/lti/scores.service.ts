import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Events, type TestSubmittedEvent } from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { Clock } from '../clock';
import { nextTry, scoreAccepted } from './ags';
import { SCORE_MAXIMUM } from './deep-links';
import { LtiRepository } from './lti.repository';
import type { ScoreRecord } from './lti.schema';
import { PlatformCallError, PlatformServices } from './platform-services';
import { Scopes } from './protocol/claims';

/** How often the outbox is swept for scores due again. */
export const SCORE_SWEEP_MS = 15_000;
/** A claimed score's lease: another replica leaves it alone this long. */
export const SCORE_LEASE_MS = 60_000;
/** Scores posted per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Scores back to the LMS (AGS 2.0, ADR 0040): a submitted test started from an assignment with a
 * line item is recorded once (its test id) in the `lti_scores` outbox and posted at once; a post
 * the platform refuses or does not answer is tried again with backoff (ags.ts) by the sweep, on
 * whichever replica claims it first, until the platform takes it.
 */
@Injectable()
export class ScoresService implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly repo: LtiRepository,
    private readonly services: PlatformServices,
    private readonly clock: Clock,
  ) {}

  @JetStreamConsumer({ durable: 'schools-lti-scores', subject: Events.testSubmitted })
  async onSubmitted(event: TestSubmittedEvent): Promise<void> {
    if (typeof event?.ltiLink !== 'string' || typeof event.uid !== 'string') return;
    const recorded = await this.record(event);
    if (recorded) await this.post(recorded._id);
  }

  /** The submission's score in the outbox; null when it has nowhere to go or is there already. */
  async record(event: TestSubmittedEvent): Promise<ScoreRecord | null> {
    const link = await this.repo.findLink(event.ltiLink!);
    if (!link?.lineItemUrl) return null; // an ungraded assignment
    const lmsUserId = await this.repo.lmsUserOf(event.uid, link.platformId);
    if (!lmsUserId) {
      rootLogger().warn(
        { testId: event.testId, linkKey: link._id },
        'LTI score: the learner has no account on the platform; not sent',
      );
      return null;
    }
    const now = new Date(this.clock.now());
    const record: ScoreRecord = {
      _id: event.testId,
      uid: event.uid,
      linkKey: link._id,
      platformId: link.platformId,
      lineItemUrl: link.lineItemUrl,
      lmsUserId,
      scoreGiven: Math.max(0, Math.min(SCORE_MAXIMUM, event.finalScore)),
      scoreMaximum: SCORE_MAXIMUM,
      submittedAt: new Date(event.submittedAt),
      status: 'pending',
      attempts: 0,
      nextAt: now,
      lastError: null,
      sentAt: null,
    };
    return (await this.repo.insertScore(record)) ? record : null;
  }

  /** Posts one due score (claimed first); true when the platform has it. */
  async post(id?: string): Promise<boolean | null> {
    const now = this.clock.now();
    const score = await this.repo.claimDueScore(new Date(now), new Date(now + SCORE_LEASE_MS), id);
    if (!score) return null;
    const platform = await this.repo.findPlatform(score.platformId);
    if (!platform || platform.status === 'disabled') {
      await this.fail(score, 'the platform registration is gone or disabled');
      return false;
    }
    try {
      const status = await this.services.postScore(
        platform,
        score.lineItemUrl,
        {
          lmsUserId: score.lmsUserId,
          scoreGiven: score.scoreGiven,
          scoreMaximum: score.scoreMaximum,
          submittedAt: new Date(score.submittedAt),
        },
        Scopes.score,
      );
      if (scoreAccepted(status)) {
        await this.repo.scoreSent(score._id, new Date(this.clock.now()));
        rootLogger().info(
          { audit: 'lti-score', testId: score._id, platformId: platform._id, status },
          'LTI score sent',
        );
        return true;
      }
      await this.fail(score, `the line item answered ${status}`);
    } catch (err) {
      if (!(err instanceof PlatformCallError)) throw err;
      await this.fail(score, err.message);
    }
    return false;
  }

  private async fail(score: ScoreRecord, error: string): Promise<void> {
    const next = nextTry(score.attempts + 1, new Date(score.submittedAt), this.clock.now());
    await this.repo.scoreFailed(score._id, error, next);
    rootLogger().warn(
      {
        testId: score._id,
        platformId: score.platformId,
        error,
        retryAt: next?.toISOString() ?? null,
      },
      next ? 'LTI score not sent yet; retried later' : 'LTI score given up',
    );
  }

  /** One sweep: posts the scores that are due; how many the platforms took. */
  async sweep(): Promise<number> {
    let sent = 0;
    for (let i = 0; i < SWEEP_BATCH; i++) {
      const result = await this.post();
      if (result === null) break;
      if (result) sent++;
    }
    return sent;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err: unknown) => rootLogger().error({ err }, 'LTI score sweep failed'))
        .finally(() => (this.running = undefined));
    }, SCORE_SWEEP_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
