/**
 * The stamped-PDF downloads counted per user and product (collection downloads, one document
 * per request). The port the services inject; MongoDownloadsRepository is the real one.
 */
export abstract class DownloadsRepository {
  /** How many of the user's downloads of the product were made after `since`. */
  abstract countSince(uid: string, productId: string, since: Date): Promise<number>;

  /** Counts one download of the user; answers its id (to take it back). */
  abstract add(uid: string, productId: string, at: Date): Promise<string>;

  /** Takes back the user's download `downloadId` (the request failed). */
  abstract remove(uid: string, downloadId: string): Promise<void>;

  /** Forgets every download of the user (their data was deleted); how many. */
  abstract removeUser(uid: string): Promise<number>;
}
