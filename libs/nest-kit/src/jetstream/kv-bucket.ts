import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';

const messageOf = (err: unknown) => String((err as Error)?.message ?? '');

/**
 * JetStream's "wrong last sequence" (or nats.js's "key exists"): the key was written since it was
 * read, or a create found it there. The caller reads again or gives up its claim.
 */
export const isKvConflict = (err: unknown) =>
  (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamWrongLastSequence) ||
  /wrong last sequence|key exists/i.test(messageOf(err));

/**
 * The bucket's stream is not there: a NATS server restarted without it (a bucket in memory, on one
 * server or on every server of a cluster) or it was removed. Its reads then find no responder for
 * their direct get, its writes no stream.
 */
export const isKvBucketGone = (err: unknown) =>
  (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) ||
  /no responders|stream not found/i.test(messageOf(err));

/**
 * A JetStream key-value bucket opened once and kept (`open` makes it, or finds it, with its
 * settings), and made again when a call finds it gone (isKvBucketGone): the call then runs once
 * more on the new bucket. Without this a handle made before a NATS restart that lost the bucket
 * fails every call until the process restarts. What the lost bucket held is gone with it: a
 * holder's next change names a revision the new bucket does not have and fails (isKvConflict).
 * `B` is the bucket's type (nats.js's KV), left open so this library needs no key-value package.
 */
export class KvBucket<B> {
  private bucket: Promise<B> | undefined;

  constructor(private readonly open: () => Promise<B>) {}

  async run<T>(op: (bucket: B) => Promise<T>): Promise<T> {
    const opened = this.opened();
    try {
      return await op(await opened);
    } catch (err) {
      if (!isKvBucketGone(err)) throw err;
      if (this.bucket === opened) this.bucket = undefined;
      return op(await this.opened());
    }
  }

  private opened(): Promise<B> {
    this.bucket ??= this.open().catch((err: unknown) => {
      this.bucket = undefined;
      throw err;
    });
    return this.bucket;
  }
}
