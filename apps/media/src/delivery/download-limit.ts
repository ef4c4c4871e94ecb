import { ErrorCodes, MEDIA_LIMITS, MEDIA_MESSAGES } from '@examprep/contracts';
import { KeyedMutex, ServiceError } from '@examprep/nest-kit';
import { DownloadsRepository } from './downloads.repository';

/** 429 RATE_LIMITED with the spec's sentence (learner spec §8). */
export function tooManyDownloads(): ServiceError {
  return new ServiceError({
    status: 429,
    code: ErrorCodes.RATE_LIMITED,
    message: MEDIA_MESSAGES.tooManyDownloads,
  });
}

/**
 * 10 stamped downloads per user and product in a rolling 24 hours (ADR 0020 §5). A request is
 * counted when it starts (one user's requests for one product take their turn, so two at once
 * cannot both be the 10th); a request that then fails is taken back.
 */
export class DownloadLimiter {
  private readonly turns = new KeyedMutex();

  constructor(
    private readonly counts: DownloadsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one download, or 429 when the window is full. Returns the undo. */
  take(uid: string, productId: string): Promise<() => Promise<void>> {
    return this.turns.run(`${uid}\u0000${productId}`, async () => {
      const t = this.now();
      const since = new Date(t - MEDIA_LIMITS.stampedDownloadWindowMs);
      const used = await this.counts.countSince(uid, productId, since);
      if (used >= MEDIA_LIMITS.stampedDownloadsPerWindow) throw tooManyDownloads();
      const id = await this.counts.add(uid, productId, new Date(t));
      return () => this.counts.remove(uid, id);
    });
  }
}
