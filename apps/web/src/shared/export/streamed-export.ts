import {
  ApiError,
  errorFromResponse,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
} from '../api/api-client';
import { JSON_MIME_TYPE } from './json';
import { stallWatchdog } from '../api/stall-watchdog';

/** How far a streamed export is: bytes and rows received, and the rows it will have. */
export interface ExportProgress {
  bytes: number;
  rows: number;
  /** The server's `x-total-count`, when it sent one. */
  total: number | null;
}

export interface StreamedExportRequest {
  /** The route's path (from `apiPath`) and its query string (without '?'). */
  path: string;
  query: string;
  getToken: () => Promise<string | null>;
  onProgress?: (progress: ExportProgress) => void;
  /** Cancels the export: the promise rejects with the abort error. */
  signal?: AbortSignal;
  /** Longest wait for the answer and for each next piece of it (default 15 s, learner spec §9). */
  timeoutMs?: number;
  /** The file's type (default JSON; the user list's export is CSV). */
  mimeType?: string;
}

const NEWLINE = 10;

/**
 * A JSON (or CSV) export the gateway writes as it reads pages (ADR 0026), read as a stream so the
 * screen can show the bytes and rows so far (one row a line: the gateway's format) and cancel.
 * Resolves to the whole file; a refusal (e.g. 404 'No questions to export.') is the ApiError
 * of its body, a stall of 15 s or a broken connection the client's time-out and network texts.
 */
export async function fetchStreamedExport(
  req: StreamedExportRequest,
): Promise<{ blob: Blob; progress: ExportProgress }> {
  const timeoutMs = req.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const watch = stallWatchdog(req.signal, timeoutMs);
  const failure = (err: unknown): unknown => {
    if (watch.stalled) return new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
    if (req.signal?.aborted) return err;
    return new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  };

  try {
    watch.arm();
    const token = await req.getToken();
    let response: Response;
    try {
      response = await fetch(req.query ? `${req.path}?${req.query}` : req.path, {
        headers: {
          Accept: (req.mimeType ?? JSON_MIME_TYPE).split(';')[0]!,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        signal: watch.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      throw failure(err);
    }
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      throw errorFromResponse(response.status, text);
    }
    // no header is no count (Number(null) would be 0)
    const header = response.headers.get('x-total-count');
    const count = header === null || header.trim() === '' ? NaN : Number(header);
    const progress: ExportProgress = {
      bytes: 0,
      rows: 0,
      total: Number.isInteger(count) && count >= 0 ? count : null,
    };
    let lines = 0;
    const chunks: Uint8Array[] = [];
    req.onProgress?.({ ...progress });
    const reader = response.body.getReader();
    try {
      for (;;) {
        watch.arm();
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        progress.bytes += value.byteLength;
        for (const byte of value) if (byte === NEWLINE) lines++;
        // the first line is the file's fields (a CSV's header); each next one a row (a JSON
        // file's last two close it)
        progress.rows = Math.max(0, Math.min(lines - 1, progress.total ?? Infinity));
        req.onProgress?.({ ...progress });
      }
    } catch (err) {
      throw failure(err);
    }
    return {
      blob: new Blob(chunks as BlobPart[], { type: req.mimeType ?? JSON_MIME_TYPE }),
      progress,
    };
  } finally {
    watch.dispose();
  }
}
