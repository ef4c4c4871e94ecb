import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  Events,
  QID_PATTERN,
  type QuestionDeletedEvent,
  type QuestionMediaChangedEvent,
  type UserDeletedEvent,
} from '@examprep/contracts';
import { JetStreamBus, type RunningConsumer } from '@examprep/nest-kit';
import { JSONCodec, type Subscription } from 'nats';
import { DownloadsRepository } from '../delivery/downloads.repository';
import { stampedPrefix } from '../storage/locations';
import { S3Service } from '../storage/s3.service';
import { UploadsService } from '../uploads/uploads.service';

/** Every staged upload older than MEDIA_LIMITS.stagingMaxAgeMs is swept this often. */
export const SWEEP_INTERVAL_MS = 30 * 60_000;

/**
 * The facts the media service acts on (durable JetStream consumers; handlers idempotent):
 * a deleted question's three objects go; a deleted user's stamped copies and download counts
 * go; a question whose media changed or that was deleted is dropped from every replica's
 * caches. And the periodic sweep of
 * staged uploads never committed.
 */
@Injectable()
export class MediaEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger(MediaEventsConsumer.name);
  private readonly consumers: RunningConsumer[] = [];
  private readonly subscriptions: Subscription[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: JetStreamBus,
    private readonly uploads: UploadsService,
    private readonly s3: S3Service,
    private readonly downloads: DownloadsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumers.push(
      await this.bus.consume({
        durable: 'media-question-deleted',
        subject: Events.questionDeleted,
        handler: (e) => this.questionDeleted(e),
      }),
      await this.bus.consume({
        durable: 'media-user-deleted',
        subject: Events.userDeleted,
        handler: (e) => this.userDeleted(e),
      }),
    );
    // Caches live in every replica, so each one listens itself (core NATS sees every message
    // published to the stream's subjects); a durable consumer would reach only one replica.
    const jc = JSONCodec<{ qid?: unknown }>();
    for (const subject of [Events.questionMediaChanged, Events.questionDeleted]) {
      this.subscriptions.push(
        this.bus.connection.subscribe(subject, {
          callback: (err, msg) => {
            if (err) return;
            try {
              this.mediaChanged(jc.decode(msg.data));
            } catch {
              // not JSON: nothing to drop
            }
          },
        }),
      );
    }
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
    void this.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const s of this.subscriptions) s.unsubscribe();
    for (const c of this.consumers) await c.stop();
  }

  async questionDeleted(event: QuestionDeletedEvent): Promise<void> {
    if (typeof event?.qid !== 'string' || !QID_PATTERN.test(event.qid)) return;
    await this.uploads.deleteQuestionMedia(event.qid);
  }

  async userDeleted(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0 || event.uid.includes('/')) return;
    for (const o of await this.s3.list('workbooks', stampedPrefix(event.uid))) {
      await this.s3.delete('workbooks', o.key);
    }
    await this.downloads.removeUser(event.uid);
  }

  mediaChanged(event: Partial<QuestionMediaChangedEvent> | { qid?: unknown }): void {
    if (typeof event?.qid !== 'string') return;
    this.uploads.changed(event.qid);
  }

  private async sweep(): Promise<void> {
    try {
      const n = await this.uploads.sweep();
      if (n > 0) this.log.log(`swept ${n} staged uploads`);
    } catch (err) {
      this.log.warn(`sweep of staged uploads failed: ${(err as Error)?.message ?? err}`);
    }
  }
}
