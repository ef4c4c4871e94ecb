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
import { EventListener, JetStreamConsumer } from '@examprep/nest-kit';
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
 * caches (a per-replica listener: a durable consumer would reach only one replica). And the
 * periodic sweep of staged uploads never committed.
 */
@Injectable()
export class MediaEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger(MediaEventsConsumer.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly uploads: UploadsService,
    private readonly s3: S3Service,
    private readonly downloads: DownloadsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
    void this.sweep();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  @JetStreamConsumer({ durable: 'media-question-deleted', subject: Events.questionDeleted })
  async questionDeleted(event: QuestionDeletedEvent): Promise<void> {
    if (typeof event?.qid !== 'string' || !QID_PATTERN.test(event.qid)) return;
    await this.uploads.deleteQuestionMedia(event.qid);
  }

  @JetStreamConsumer({ durable: 'media-user-deleted', subject: Events.userDeleted })
  async userDeleted(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0 || event.uid.includes('/')) return;
    for (const o of await this.s3.list('workbooks', stampedPrefix(event.uid))) {
      await this.s3.delete('workbooks', o.key);
    }
    await this.downloads.removeUser(event.uid);
  }

  /** Every replica drops the question from its caches (core NATS: each one hears it). */
  @EventListener(Events.questionMediaChanged)
  @EventListener(Events.questionDeleted)
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
