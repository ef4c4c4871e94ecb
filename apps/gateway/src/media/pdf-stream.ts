import { pipeline, Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { HttpException } from '@nestjs/common';
import { ErrorCodes, MEDIA_MESSAGES, type StreamableObject } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
// content-disposition 3 is ESM only: tsc's require() of it runs on Node >= 22 (require(esm));
// Jest has it transformed (ESM_PACKAGES in jest.preset.cjs)
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** The object store must start answering within this, and never stall longer mid-body. */
export const STORAGE_TIMEOUT_MS = 10_000;

/** 503 STORAGE_UNAVAILABLE with the storage sentence (no stack, no details of the store). */
export function storageUnavailable(): HttpException {
  return new HttpException(
    { message: MEDIA_MESSAGES.storageUnavailable, code: ErrorCodes.STORAGE_UNAVAILABLE },
    503,
  );
}

/** Passes the bytes on and calls `stalled` when none came for `ms`. */
function idleWatch(ms: number, stalled: () => void): Transform {
  const timer = setTimeout(stalled, ms);
  return new Transform({
    transform(chunk, _enc, done) {
      timer.refresh();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(err, done) {
      clearTimeout(timer);
      done(err);
    },
  });
}

export interface OpenedObject {
  body: Readable;
  length: number;
}

/**
 * Opens the object the media service located (a short-lived presigned GET on the internal S3
 * endpoint). Any failure before the first byte — unreachable, slow, an error status — is a
 * 503 STORAGE_UNAVAILABLE thrown BEFORE a header is sent; a stall later ends the response.
 */
export async function openObject(
  object: StreamableObject,
  timeoutMs: number = STORAGE_TIMEOUT_MS,
  fetchImpl: typeof fetch = fetch,
): Promise<OpenedObject> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetchImpl(object.internalUrl, { signal: controller.signal });
  } catch (err) {
    rootLogger().error({ err: String(err) }, 'object store unreachable while opening a PDF');
    throw storageUnavailable();
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    rootLogger().error({ status: res.status }, 'object store refused a PDF read');
    throw storageUnavailable();
  }
  const declared = Number(res.headers.get('content-length'));
  const body = idleWatch(timeoutMs, () => controller.abort());
  // a source that fails or stalls destroys `body`, so the response ends (too late for a status)
  pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), body, (err) => {
    if (err) rootLogger().error({ err: String(err) }, 'PDF stream broke off after the headers');
  });
  return { body, length: Number.isFinite(declared) && declared > 0 ? declared : object.size };
}

/** Streams a located PDF to the browser as an attachment (learner spec §7). */
export async function sendPdf(
  reply: FastifyReply,
  object: StreamableObject,
  timeoutMs?: number,
): Promise<void> {
  const { body, length } = await openObject(object, timeoutMs);
  await reply
    .status(200)
    .header('content-type', 'application/pdf')
    .header('content-length', String(length))
    // `filename`, and RFC 8187 `filename*` with a plain-ASCII fallback for any other name
    .header('content-disposition', contentDisposition(object.fileName, { type: 'attachment' }))
    .header('cache-control', 'no-store')
    .send(body);
}
