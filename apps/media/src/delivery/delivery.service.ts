import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  DOWNLOAD_PATH,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  mediaPathProblem,
  parseMediaPath,
  PDF_FILE_NAME,
  type SignedMediaAnswer,
  type StreamableObject,
  stampedFileName,
  WORKBOOK_PDF_PATH,
  WORKBOOK_VIDEO_PATH,
  type WorkbookManifest,
  WorkbookParam,
} from '@examprep/contracts';
import {
  KeyedMutex,
  requireActor,
  requireVerified,
  type VerifiedActor,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
// content-disposition 3 is ESM only: tsc's require() of it runs on Node >= 22 (require(esm));
// Jest has it transformed (ESM_PACKAGES in jest.preset.cjs)
import { create as contentDisposition } from 'content-disposition';
import { LRUCache } from 'lru-cache';
import { AccessService } from '../access/access.service';
import { actorClass, mayDownload } from '../access/policy';
import { S3Service } from '../storage/s3.service';
import {
  baseName,
  contentTypeOfPath,
  locationOf,
  stampedKey,
} from '../storage/locations';
import { WorkbooksRepository } from '../workbooks/workbooks.repository';
import { DownloadLimiter } from './download-limit';
import { DownloadsRepository } from './downloads.repository';
import { PDF_STAMPER, type StampPdf } from './stamper';

/** A presigned GET for the gateway's PDF stream lives 5 minutes. */
export const INTERNAL_URL_TTL_SECONDS = 300;
/** Originals of workbooks kept in memory, by ETag. */
export const ORIGINALS_CACHE_BYTES = 96 * 1024 * 1024;

const expiresAt = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** 401 with the download sentence (learner spec §8) for anonymous callers; 403 for unverified ones. */
function signedInAndVerified(actor: Actor | null): asserts actor is VerifiedActor {
  requireActor(actor, MEDIA_MESSAGES.authRequired);
  requireVerified(actor);
}

/** 400 VALIDATION_FAILED naming the field. */
function badField(field: string, message: string): ServiceError {
  return ServiceError.badRequest(message, { [field]: [message] });
}

/**
 * What learners and admins fetch (learner spec §7): signed URLs for question media, workbook
 * videos and downloads; PDFs the gateway streams (proxy-pdf, proxy-free-pdf, stamped
 * workbooks); workbook manifests. Access is decided before the store is asked (ADR 0020 §3).
 */
@Injectable()
export class DeliveryService {
  private readonly log = new Logger(DeliveryService.name);
  /**
   * Originals of workbooks by ETag (a new edition is a new key, never a stale hit), bounded by
   * their total bytes; the least recently used go first, and one larger than the whole budget
   * is not kept. lru-cache takes sizes of at least 1: an empty object counts as 1 byte.
   */
  private readonly originals = new LRUCache<string, Uint8Array>({
    maxSize: ORIGINALS_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
  });
  private readonly stamping = new KeyedMutex();
  readonly limiter: DownloadLimiter;

  constructor(
    private readonly s3: S3Service,
    private readonly access: AccessService,
    private readonly workbooks: WorkbooksRepository,
    downloads: DownloadsRepository,
    @Inject(PDF_STAMPER) private readonly stampPdf: StampPdf,
  ) {
    this.limiter = new DownloadLimiter(downloads);
  }

  /** GET /api/getSignedUrl?path= */
  async sign(actor: Actor | null, path: unknown): Promise<SignedMediaAnswer> {
    const problem = mediaPathProblem(path);
    if (problem) throw badField('path', problem);
    const parsed = parseMediaPath(path as string)!;
    await this.access.assertMaySign(actor, parsed);
    const { role, key } = locationOf(parsed);
    const ttl = MEDIA_LIMITS.signedUrlTtlSeconds;
    const signedUrl = await this.s3.presignGet(role, key, {
      ttlSeconds: ttl,
      ...(parsed.kind === 'download'
        ? {
            contentType: contentTypeOfPath(key),
            contentDisposition: contentDisposition(baseName(key), { type: 'attachment' }),
          }
        : parsed.kind === 'question'
          ? {}
          : { contentType: contentTypeOfPath(key) }),
    });
    return { signedUrl, expiresAt: expiresAt(ttl) };
  }

  /** GET /api/getWorkbookVideoUrl?videoPath= */
  async workbookVideo(actor: Actor | null, videoPath: unknown): Promise<SignedMediaAnswer> {
    if (typeof videoPath !== 'string' || !WORKBOOK_VIDEO_PATH.test(videoPath)) {
      throw badField('videoPath', MEDIA_MESSAGES.videoPath);
    }
    return this.sign(actor, videoPath);
  }

  /** download-file-free / download-file-paid: a signed URL that saves the file (attachment). */
  async download(
    actor: Actor | null,
    filePath: unknown,
    tier: 'free' | 'paid',
  ): Promise<SignedMediaAnswer> {
    signedInAndVerified(actor);
    if (typeof filePath !== 'string' || !DOWNLOAD_PATH.test(filePath)) {
      throw badField('filePath', MEDIA_MESSAGES.filePath);
    }
    await this.assertMayDownload(actor, filePath, tier);
    const ttl = MEDIA_LIMITS.signedUrlTtlSeconds;
    const signedUrl = await this.s3.presignGet('workbooks', filePath, {
      ttlSeconds: ttl,
      contentType: contentTypeOfPath(filePath),
      contentDisposition: contentDisposition(baseName(filePath), { type: 'attachment' }),
    });
    return { signedUrl, expiresAt: expiresAt(ttl) };
  }

  /** proxy-free-pdf (free products) / proxy-pdf (owned products): Downloads/{file}, streamed by the gateway. */
  async pdf(actor: Actor | null, file: unknown, tier: 'free' | 'paid'): Promise<StreamableObject> {
    signedInAndVerified(actor);
    if (typeof file !== 'string' || !PDF_FILE_NAME.test(file)) {
      throw badField('file', MEDIA_MESSAGES.fileField);
    }
    const path = `Downloads/${file}`;
    await this.assertMayDownload(actor, path, tier);
    return this.streamable(path, file);
  }

  /** POST /api/generate-stamped-pdf {workbookPath}: the workbook stamped with the caller's email. */
  async stamp(actor: Actor | null, workbookPath: unknown): Promise<StreamableObject> {
    signedInAndVerified(actor);
    if (typeof workbookPath !== 'string' || !WORKBOOK_PDF_PATH.test(workbookPath)) {
      throw badField('workbookPath', MEDIA_MESSAGES.workbookPath);
    }
    const manifest = await this.access.manifestOfPdf(workbookPath);
    if (!manifest) throw ServiceError.notFound(MEDIA_MESSAGES.workbookNotFound);
    const facts = await this.access.productFacts(actor, manifest.productId);
    if (!facts.product) throw ServiceError.forbidden(MEDIA_MESSAGES.noAccess);

    const isAdmin = actorClass(actor) === 'admin';
    const undo = isAdmin ? null : await this.limiter.take(actor.uid, manifest.productId);
    try {
      const key = await this.stampedCopy(actor, workbookPath);
      return await this.streamable(key, stampedFileName(workbookPath, actor.email), 'workbooks');
    } catch (err) {
      await undo?.().catch(() => undefined);
      throw err;
    }
  }

  /** GET /api/workbooks/{productId}: the manifest, for owners, free products and admins. */
  async workbook(actor: Actor | null, productId: unknown): Promise<WorkbookManifest> {
    requireVerified(actor);
    validatePayload(WorkbookParam, { productId });
    const manifest = await this.workbooks.byId(productId as string);
    if (!manifest) throw ServiceError.notFound(MEDIA_MESSAGES.workbookNotFound);
    const facts = await this.access.productFacts(actor, manifest.productId);
    if (!facts.product) throw ServiceError.forbidden(MEDIA_MESSAGES.noAccess);
    return manifest;
  }

  private async assertMayDownload(actor: Actor, path: string, tier: 'free' | 'paid') {
    const facts = await this.access.downloadFacts(actor, path);
    if (!mayDownload(actor, tier, facts)) throw ServiceError.forbidden(MEDIA_MESSAGES.forbidden);
  }

  /** The stamped copy's key: stored once per (workbook edition, email), reused after. */
  private async stampedCopy(actor: Actor, workbookPath: string): Promise<string> {
    const original = await this.s3.head('workbooks', workbookPath);
    if (!original) throw ServiceError.notFound(MEDIA_MESSAGES.workbookNotFound);
    const key = stampedKey(actor.uid, original.etag, actor.email);
    return this.stamping.run(key, async () => {
      if (await this.s3.head('workbooks', key)) return key;
      let bytes = this.originals.get(original.etag);
      if (!bytes) {
        bytes = await this.s3.getBytes('workbooks', workbookPath);
        this.originals.set(original.etag, bytes);
      }
      const started = Date.now();
      let stamped: Uint8Array;
      try {
        stamped = await this.stampPdf(bytes, actor.email);
      } catch (err) {
        this.log.error(`stamping ${workbookPath} failed: ${(err as Error)?.message ?? err}`);
        throw new ServiceError({
          status: 500,
          code: 'INTERNAL',
          message: MEDIA_MESSAGES.downloadFailed,
        });
      }
      await this.s3.putBytes('workbooks', key, stamped, 'application/pdf');
      this.log.log(`stamped ${workbookPath} for ${actor.uid} in ${Date.now() - started} ms`);
      return key;
    });
  }

  /** A 5-minute presigned GET for the gateway's network, after a HEAD (404 when missing). */
  private async streamable(
    key: string,
    fileName: string,
    role: 'workbooks' = 'workbooks',
  ): Promise<StreamableObject> {
    const info = await this.s3.head(role, key);
    if (!info) throw ServiceError.notFound(MEDIA_MESSAGES.notFound);
    const internalUrl = await this.s3.presignGet(role, key, {
      ttlSeconds: INTERNAL_URL_TTL_SECONDS,
      internal: true,
    });
    return {
      internalUrl,
      fileName,
      contentType: contentTypeOfPath(key),
      size: info.size,
    };
  }
}
