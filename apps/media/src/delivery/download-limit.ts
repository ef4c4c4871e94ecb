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
 * counted when it starts; a request that then fails is taken back. One process's requests for
 * one user and product take their turn; across replicas (ADR 0027) a request counts itself
 * first and then counts the window again: when more than 10 are there (another replica's
 * request was counted at the same moment) it takes itself back and is refused. So two at once
 * can never both be the 10th; in the rare exact race both may be refused, never both let through.
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
      const limit = MEDIA_LIMITS.stampedDownloadsPerWindow;
      if ((await this.counts.countSince(uid, productId, since)) >= limit) throw tooManyDownloads();
      const id = await this.counts.add(uid, productId, new Date(t));
      const undo = () => this.counts.remove(uid, id);
      // counted after our own insert: whatever another replica counted meanwhile is seen here
      if ((await this.counts.countSince(uid, productId, since)) > limit) {
        await undo();
        throw tooManyDownloads();
      }
      return undo;
    });
  }
}
