import { Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  type CommitQuestionMediaReply,
  CreateUploadDto,
  ErrorCodes,
  type DeleteObjectsReply,
  isQuestionMediaChanges,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_SLOTS,
  type MediaContentType,
  type MediaSlot,
  parseMediaPath,
  QID_PATTERN,
  QUESTION_MEDIA_FIELD_MESSAGE,
  questionMediaPath,
  type QuestionMediaIndexReply,
  SNIFF_BYTES,
  type UploadTicket,
} from '@examprep/contracts';
import { requireAdmin, ServiceError, TtlCache, validatePayload } from '@examprep/nest-kit';
import { AccessService } from '../access/access.service';
import type { UploadRecord } from '../records/media.schemas';
import { newUploadId, STAGING_PREFIX, stagingKey } from '../storage/locations';
import { S3Service } from '../storage/s3.service';
import { announceProblem, commitVerdict, uploadUsable } from './commit-rules';
import { UploadsRepository } from './uploads.repository';

/** The list of existing question media is kept 5 s (the admin list's has/missing filters). */
export const INDEX_TTL_MS = 5_000;

/**
 * Admin uploads and the qbank's commits and deletes of question media (ADR 0020 §2): presigned
 * PUTs to staging/, checked at commit (HEAD, sniffed first bytes), copied to the question's
 * fixed paths; the sweep of staged uploads never committed.
 */
@Injectable()
export class UploadsService {
  private readonly log = new Logger(UploadsService.name);
  private readonly index = new TtlCache<string[]>(INDEX_TTL_MS);

  constructor(
    private readonly s3: S3Service,
    private readonly access: AccessService,
    private readonly uploads: UploadsRepository,
  ) {}

  /** POST /api/admin/media/uploads */
  async createUpload(actor: Actor | null, input: unknown): Promise<UploadTicket> {
    requireAdmin(actor);
    const dto = validatePayload(CreateUploadDto, input);
    const problem = announceProblem(dto);
    if (problem) {
      throw ServiceError.badRequest(problem.message, { [problem.field]: [problem.message] });
    }
    const uploadId = newUploadId();
    const key = stagingKey(uploadId);
    const ttl = MEDIA_LIMITS.uploadTtlSeconds;
    const { url, headers } = await this.s3.presignPut('media', key, {
      contentType: dto.contentType,
      contentLength: dto.size,
      ttlSeconds: ttl,
    });
    await this.uploads.insert({
      _id: uploadId,
      slot: dto.slot,
      contentType: dto.contentType,
      size: dto.size,
      fileName: dto.fileName,
      createdBy: actor.uid,
      createdAt: new Date(),
      stagingKey: key,
    });
    return {
      uploadId,
      url,
      method: 'PUT',
      headers,
      expiresAt: new Date(Date.now() + ttl * 1000).toISOString(),
      maxBytes: dto.size,
    };
  }

  /**
   * media.questions.commit: every named upload is checked first; when one is refused, the
   * refused ones are deleted and nothing is copied (400 naming `media.{slot}`). Then each is
   * copied to its slot's path with the sniffed Content-Type and its staging object deleted.
   */
  async commit(
    actor: Actor | null,
    qid: unknown,
    changes: unknown,
  ): Promise<CommitQuestionMediaReply> {
    requireAdmin(actor);
    if (typeof qid !== 'string' || !QID_PATTERN.test(qid)) {
      throw ServiceError.badRequest('The qid field must be a question id such as AB12.', {
        qid: ['The qid field must be a question id such as AB12.'],
      });
    }
    if (!isQuestionMediaChanges(changes)) {
      throw ServiceError.badRequest(QUESTION_MEDIA_FIELD_MESSAGE, {
        media: [QUESTION_MEDIA_FIELD_MESSAGE],
      });
    }
    const named = MEDIA_SLOTS.flatMap((slot) => {
      const c = changes[slot];
      return c ? [{ slot, uploadId: c.uploadId }] : [];
    });
    const accepted: { slot: MediaSlot; upload: UploadRecord; contentType: MediaContentType }[] = [];
    const refused: { slot: MediaSlot; upload: UploadRecord | null; code: string; message: string }[] =
      [];
    const now = Date.now();
    for (const { slot, uploadId } of named) {
      const upload = await this.uploads.findById(uploadId);
      if (!uploadUsable(upload, slot, now)) {
        refused.push({
          slot,
          upload: null,
          code: ErrorCodes.VALIDATION_FAILED,
          message: MEDIA_MESSAGES.uploadMissing,
        });
        continue;
      }
      const info = await this.s3.head('media', upload.stagingKey);
      const head =
        info && info.size > 0
          ? await this.s3.firstBytes('media', upload.stagingKey, SNIFF_BYTES)
          : new Uint8Array();
      const verdict = commitVerdict(slot, upload, info ? info.size : null, head);
      if (verdict.ok) accepted.push({ slot, upload, contentType: verdict.contentType });
      else refused.push({ slot, upload, code: verdict.code, message: verdict.message });
    }
    if (refused.length > 0) {
      for (const r of refused) if (r.upload) await this.discard(r.upload);
      const fields = Object.fromEntries(refused.map((r) => [`media.${r.slot}`, [r.message]]));
      const code = refused.some((r) => r.code === ErrorCodes.BAD_MEDIA_FILE)
        ? ErrorCodes.BAD_MEDIA_FILE
        : refused[0]!.code;
      throw new ServiceError({ status: 400, code, message: refused[0]!.message, fields });
    }
    const committed: CommitQuestionMediaReply['committed'] = {};
    for (const a of accepted) {
      const path = questionMediaPath(qid, a.slot);
      await this.s3.copy('media', a.upload.stagingKey, path, a.contentType);
      committed[a.slot] = path;
      await this.discard(a.upload);
    }
    if (accepted.length > 0) this.changed(qid);
    return { committed };
  }

  /** media.questions.deleteObjects: deletes question media; failures are listed and logged, never thrown. */
  async deleteObjects(actor: Actor | null, paths: unknown): Promise<DeleteObjectsReply> {
    requireAdmin(actor);
    const list = Array.isArray(paths) ? paths : [];
    const deleted: string[] = [];
    const failed: string[] = [];
    for (const p of list) {
      const parsed = typeof p === 'string' ? parseMediaPath(p) : null;
      if (!parsed || parsed.kind !== 'question') {
        this.log.warn(`deleteObjects: not a question media path: ${String(p).slice(0, 100)}`);
        failed.push(String(p));
        continue;
      }
      try {
        await this.s3.delete('media', parsed.path);
        deleted.push(parsed.path);
        this.changed(parsed.qid);
      } catch (err) {
        this.log.error(`deleteObjects: ${parsed.path} not deleted: ${(err as Error)?.message ?? err}`);
        failed.push(parsed.path);
      }
    }
    return { deleted, failed };
  }

  /** Deletes a question's three objects (events.question.deleted); throws when the store fails (redelivered). */
  async deleteQuestionMedia(qid: string): Promise<void> {
    for (const slot of MEDIA_SLOTS) await this.s3.delete('media', questionMediaPath(qid, slot));
    this.changed(qid);
  }

  /** media.questions.index: every object under Images/ and VideoSolutions/ (kept 5 s). */
  async questionMediaIndex(actor: Actor | null): Promise<QuestionMediaIndexReply> {
    requireAdmin(actor);
    const paths = await this.index.get(async () => {
      const [images, videos] = await Promise.all([
        this.s3.list('media', 'Images/'),
        this.s3.list('media', 'VideoSolutions/'),
      ]);
      return [...images, ...videos].map((o) => o.key);
    });
    return { paths };
  }

  /** A question's media changed: drop what was kept about it. */
  changed(qid: string): void {
    this.index.invalidate();
    this.access.dropQuestion(qid);
  }

  /** Deletes staged uploads (objects and documents) older than MEDIA_LIMITS.stagingMaxAgeMs. */
  async sweep(now = Date.now()): Promise<number> {
    const cutoff = now - MEDIA_LIMITS.stagingMaxAgeMs;
    let removed = 0;
    for (const o of await this.s3.list('media', STAGING_PREFIX)) {
      if (o.lastModified && o.lastModified.getTime() < cutoff) {
        await this.s3.delete('media', o.key);
        removed++;
      }
    }
    await this.uploads.removeOlderThan(new Date(cutoff));
    return removed;
  }

  private async discard(upload: UploadRecord): Promise<void> {
    await this.s3.delete('media', upload.stagingKey);
    await this.uploads.remove(upload._id);
  }
}
