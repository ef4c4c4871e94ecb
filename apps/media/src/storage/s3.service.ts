import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaBucketRole } from '@examprep/contracts';
import { MediaEnv } from '../config/media.env';
import { isStorageNotFound, storageFailure } from './storage-errors';

/** What HEAD tells about a stored object. */
export interface StoredObjectInfo {
  size: number;
  contentType: string | undefined;
  etag: string;
  lastModified: Date | undefined;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date | undefined;
}

export interface PresignGetOptions {
  ttlSeconds: number;
  /** Served as the response's Content-Type (else the stored one). */
  contentType?: string;
  /** Served as the response's Content-Disposition (downloads: `attachment; filename=...`). */
  contentDisposition?: string;
  /** Sign for S3_ENDPOINT (the gateway streams it) instead of S3_PUBLIC_ENDPOINT (browsers). */
  internal?: boolean;
}

/** The settings S3Service reads (MediaEnv's S3 part and the peer time-out). */
export type S3Settings = Pick<
  MediaEnv,
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY'
  | 'S3_SECRET_KEY'
  | 'S3_MEDIA_BUCKET'
  | 'S3_WORKBOOKS_BUCKET'
  | 'S3_ADDRESSING'
  | 'PEER_TIMEOUT_MS'
>;

/**
 * The only holder of the S3 credentials (ADR 0020 §1). Two clients with the same keys: one for
 * S3_ENDPOINT (every operation, and URLs the gateway fetches), one that only signs URLs for
 * S3_PUBLIC_ENDPOINT (the Host header is part of a SigV4 signature). Checksums only when
 * required (ADR 0010: else presigned PUTs carry an empty-body CRC). Every call has a deadline
 * below PEER_TIMEOUT_MS, so a stopped or hanging store answers 503 STORAGE_UNAVAILABLE in time;
 * a missing object answers 404.
 */
@Injectable()
export class S3Service implements OnModuleDestroy {
  private readonly log = new Logger(S3Service.name);
  private readonly client: S3Client;
  private readonly signer: S3Client;
  /** Deadline of one small operation (HEAD, ranged GET, DELETE, LIST page, presign). */
  readonly opDeadlineMs: number;
  /** Deadline of an operation that moves a whole object (GET/PUT bytes, COPY). */
  readonly bulkDeadlineMs: number;

  constructor(private readonly env: MediaEnv) {
    const s: S3Settings = env;
    this.opDeadlineMs = Math.max(200, Math.floor(s.PEER_TIMEOUT_MS * 0.8));
    this.bulkDeadlineMs = Math.max(this.opDeadlineMs, 3 * s.PEER_TIMEOUT_MS);
    const common = {
      region: s.S3_REGION,
      forcePathStyle: s.S3_ADDRESSING === 'path',
      credentials: { accessKeyId: s.S3_ACCESS_KEY, secretAccessKey: s.S3_SECRET_KEY },
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
      maxAttempts: 2,
    };
    this.client = new S3Client({
      ...common,
      endpoint: s.S3_ENDPOINT,
      requestHandler: {
        connectionTimeout: Math.min(1_000, this.opDeadlineMs),
        requestTimeout: this.bulkDeadlineMs,
      },
    });
    this.signer =
      s.S3_PUBLIC_ENDPOINT === s.S3_ENDPOINT
        ? this.client
        : new S3Client({ ...common, endpoint: s.S3_PUBLIC_ENDPOINT });
  }

  onModuleDestroy(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }

  bucket(role: MediaBucketRole): string {
    return role === 'media' ? this.env.S3_MEDIA_BUCKET : this.env.S3_WORKBOOKS_BUCKET;
  }

  /** A presigned GET (browsers: public endpoint; `internal`: the gateway's). */
  presignGet(role: MediaBucketRole, key: string, o: PresignGetOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket(role),
      Key: key,
      ...(o.contentType ? { ResponseContentType: o.contentType } : {}),
      ...(o.contentDisposition ? { ResponseContentDisposition: o.contentDisposition } : {}),
    });
    return this.guard(
      () => getSignedUrl(o.internal ? this.client : this.signer, command, { expiresIn: o.ttlSeconds }),
      this.opDeadlineMs,
    );
  }

  /**
   * A presigned PUT for browsers with Content-Type and Content-Length signed in: S3 refuses a
   * body of another type or size. The browser sends `headers` (Content-Length it sets itself).
   */
  async presignPut(
    role: MediaBucketRole,
    key: string,
    o: { contentType: string; contentLength: number; ttlSeconds: number },
  ): Promise<{ url: string; headers: Record<string, string> }> {
    const command = new PutObjectCommand({
      Bucket: this.bucket(role),
      Key: key,
      ContentType: o.contentType,
      ContentLength: o.contentLength,
    });
    const url = await this.guard(
      () =>
        getSignedUrl(this.signer, command, {
          expiresIn: o.ttlSeconds,
          signableHeaders: new Set(['content-type', 'content-length']),
        }),
      this.opDeadlineMs,
    );
    return { url, headers: { 'Content-Type': o.contentType } };
  }

  /** HEAD; null when the object does not exist. */
  async head(role: MediaBucketRole, key: string): Promise<StoredObjectInfo | null> {
    const h = await this.send(
      (signal) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket(role), Key: key }), {
          abortSignal: signal,
        }),
      this.opDeadlineMs,
      { notFoundIsNull: true },
    );
    if (!h) return null;
    return {
      size: h.ContentLength ?? 0,
      contentType: h.ContentType,
      etag: (h.ETag ?? '').replace(/"/g, ''),
      lastModified: h.LastModified,
    };
  }

  /** The first `n` bytes (a ranged GET); fewer when the object is shorter. */
  async firstBytes(role: MediaBucketRole, key: string, n: number): Promise<Uint8Array> {
    return this.send(async (signal) => {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket(role), Key: key, Range: `bytes=0-${n - 1}` }),
        { abortSignal: signal },
      );
      const bytes = r.Body ? await r.Body.transformToByteArray() : new Uint8Array();
      return bytes.subarray(0, n);
    }, this.opDeadlineMs);
  }

  /** The whole object's bytes. */
  getBytes(role: MediaBucketRole, key: string): Promise<Uint8Array> {
    return this.send(async (signal) => {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket(role), Key: key }),
        { abortSignal: signal },
      );
      return r.Body ? r.Body.transformToByteArray() : new Uint8Array();
    }, this.bulkDeadlineMs);
  }

  async putBytes(
    role: MediaBucketRole,
    key: string,
    bytes: Uint8Array,
    contentType: string,
  ): Promise<void> {
    await this.send(
      (signal) =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket(role),
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
          }),
          { abortSignal: signal },
        ),
      this.bulkDeadlineMs,
    );
  }

  /** Server-side copy inside a bucket, with a new Content-Type (metadata replaced). */
  async copy(role: MediaBucketRole, from: string, to: string, contentType: string): Promise<void> {
    const bucket = this.bucket(role);
    await this.send(
      (signal) =>
        this.client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: to,
            CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
            ContentType: contentType,
            MetadataDirective: 'REPLACE',
          }),
          { abortSignal: signal },
        ),
      this.bulkDeadlineMs,
    );
  }

  /** Deletes an object (a missing one is fine: S3 answers 204 for it too). */
  async delete(role: MediaBucketRole, key: string): Promise<void> {
    await this.send(
      (signal) =>
        this.client.send(new DeleteObjectCommand({ Bucket: this.bucket(role), Key: key }), {
          abortSignal: signal,
        }),
      this.opDeadlineMs,
      { notFoundIsNull: true },
    );
  }

  /** Every object under `prefix` (all pages). */
  async list(role: MediaBucketRole, prefix: string): Promise<ListedObject[]> {
    const out: ListedObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.send(
        (signal) =>
          this.client.send(
            new ListObjectsV2Command({
              Bucket: this.bucket(role),
              Prefix: prefix,
              ...(token ? { ContinuationToken: token } : {}),
            }),
            { abortSignal: signal },
          ),
        this.opDeadlineMs,
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  /**
   * Runs one S3 call with an abort deadline and maps its failure: 404 for a missing object
   * (or null with notFoundIsNull), 503 STORAGE_UNAVAILABLE for the rest.
   */
  private async send<T>(
    run: (signal: AbortSignal) => Promise<T>,
    deadlineMs: number,
    o: { notFoundIsNull?: false },
  ): Promise<T>;
  private async send<T>(
    run: (signal: AbortSignal) => Promise<T>,
    deadlineMs: number,
    o: { notFoundIsNull: true },
  ): Promise<T | null>;
  private async send<T>(run: (signal: AbortSignal) => Promise<T>, deadlineMs: number): Promise<T>;
  private async send<T>(
    run: (signal: AbortSignal) => Promise<T>,
    deadlineMs: number,
    o: { notFoundIsNull?: boolean } = {},
  ): Promise<T | null> {
    try {
      return await run(AbortSignal.timeout(deadlineMs));
    } catch (err) {
      if (o.notFoundIsNull && isStorageNotFound(err)) return null;
      if (!isStorageNotFound(err)) {
        this.log.warn(
          `S3 call failed: ${(err as Error)?.name ?? 'error'}: ${(err as Error)?.message ?? err}`,
        );
      }
      throw storageFailure(err);
    }
  }

  private async guard<T>(run: () => Promise<T>, deadlineMs: number): Promise<T> {
    return this.send(() => run(), deadlineMs);
  }
}
