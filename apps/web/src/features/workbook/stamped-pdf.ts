import { MEDIA_MESSAGES, stampedFileName } from '@examprep/contracts/types';
import { REQUEST_TIMEOUT_MS } from '../../shared/api/api-client';
import { apiPath } from '../../shared/api/api-paths';
import { stallWatchdog } from '../../shared/api/stall-watchdog';
import { downloadBlob } from '../../shared/export';

/** Where a stamped-PDF download is: waiting for the server, or receiving bytes. */
export type PdfProgress =
  { phase: 'preparing' } | { phase: 'receiving'; received: number; total: number | null };

/** A download that failed, with the sentence to show (learner spec §8 Downloads). */
export class PdfDownloadError extends Error {
  override readonly name = 'PdfDownloadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The sentence for a failed answer (learner spec §8 Downloads): 401 'Authentication required
 * to download the file.', 429 the too-many-downloads text, anything else 'Failed to download
 * the PDF. Please try again.'
 */
export function pdfErrorMessage(status: number): string {
  if (status === 401) return MEDIA_MESSAGES.authRequired;
  if (status === 429) return MEDIA_MESSAGES.tooManyDownloads;
  return MEDIA_MESSAGES.downloadFailed;
}

/** POST /api/generate-stamped-pdf: streamed by fetch for its progress, not by the JSON client. */
const STAMPED_PDF_PATH = apiPath('/api/generate-stamped-pdf');

/** Characters no file system takes (and path separators): replaced by '_'. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARS = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

function safeFileName(name: string): string | null {
  const clean = name.replace(UNSAFE_FILE_CHARS, '_').trim().replace(/^\.+/, '');
  return clean.length > 0 && clean.length <= 255 ? clean : null;
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 6266/8187) first,
 * else `filename="…"` or a bare `filename=…`; path separators and control characters are
 * replaced. null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      const name = safeFileName(decodeURIComponent(extended[1].trim()));
      if (name) return name;
    } catch {
      // malformed percent-encoding: fall back to the plain parameter
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted) return safeFileName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/.exec(header);
  return bare ? safeFileName(bare[1]) : null;
}

export interface StampedPdfRequest {
  /** The manifest's pdfPath: 'Workbooks/{name with dashes}.pdf'. */
  workbookPath: string;
  /** The learner's email: the file name when the answer names none. */
  email: string;
  getToken: () => Promise<string | null>;
  onProgress?: (progress: PdfProgress) => void;
  signal?: AbortSignal;
  /** Longest wait for the answer, and for each next piece of it (default 15 s, learner spec §9). */
  timeoutMs?: number;
  /** Where the file goes (default: the browser's download). */
  save?: (fileName: string, blob: Blob) => void;
}

/**
 * POST /api/generate-stamped-pdf {workbookPath} read as a stream: 'preparing' until the answer
 * starts, then bytes received of Content-Length; the whole PDF is saved under the answer's
 * Content-Disposition file name (the stamped name, learner spec §7). Throws PdfDownloadError
 * with the spec's sentence; an abort through `signal` rejects with the abort error.
 */
export async function downloadStampedPdf(
  req: StampedPdfRequest,
): Promise<{ fileName: string; bytes: number }> {
  const timeoutMs = req.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const fail = (status: number) => new PdfDownloadError(pdfErrorMessage(status), status);
  req.onProgress?.({ phase: 'preparing' });

  const token = await req.getToken();
  if (!token) throw fail(401);

  // One watchdog for the whole exchange, re-armed by every piece that arrives: a server that
  // stops answering ends the download with the spec's failure text instead of a hang.
  const watch = stallWatchdog(req.signal, timeoutMs);

  try {
    watch.arm();
    let response: Response;
    try {
      response = await fetch(STAMPED_PDF_PATH, {
        method: 'POST',
        headers: {
          Accept: 'application/pdf',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ workbookPath: req.workbookPath }),
        signal: watch.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      if (req.signal?.aborted && !watch.stalled) throw err;
      throw fail(0);
    }
    if (!response.ok || !response.body) {
      // the error body is not needed: the sentence depends on the status alone
      void response.body?.cancel().catch(() => undefined);
      throw fail(response.ok ? 0 : response.status);
    }

    const length = Number(response.headers.get('Content-Length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const chunks: Uint8Array[] = [];
    let received = 0;
    req.onProgress?.({ phase: 'receiving', received, total });
    const reader = response.body.getReader();
    try {
      for (;;) {
        watch.arm();
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        req.onProgress?.({ phase: 'receiving', received, total });
      }
    } catch (err) {
      if (req.signal?.aborted && !watch.stalled) throw err;
      throw fail(0);
    }
    // a cut-off answer is not a PDF: never save half a file
    if (received === 0 || (total !== null && received !== total)) throw fail(0);

    const fileName =
      fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ??
      stampedFileName(req.workbookPath, req.email);
    const blob = new Blob(chunks as BlobPart[], { type: 'application/pdf' });
    (req.save ?? downloadBlob)(fileName, blob);
    return { fileName, bytes: received };
  } finally {
    watch.dispose();
  }
}
