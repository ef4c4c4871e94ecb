import {
  MEDIA_MESSAGES,
  SNIFF_BYTES,
  slotMaxBytes,
  slotTypes,
  sniffMediaType,
  uploadFileNameProblem,
  type MediaContentType,
  type MediaSlot,
  type UploadTicket,
} from '@examprep/contracts/types';

export type FileCheck =
  { ok: true; contentType: MediaContentType } | { ok: false; message: string };

/** The first bytes of a file (Blob.arrayBuffer where the browser has it, else FileReader). */
async function head(file: Blob, bytes: number): Promise<Uint8Array> {
  const part = file.slice(0, bytes);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}

/**
 * ADR 0020 §2, admin spec §2.3: what the browser checks before asking for an upload: not
 * empty, within the slot's size limit (images 5 MB, videos 100 MB), its content (magic
 * numbers, not the name) one of the slot's types, a plain file name. The media service checks
 * the stored bytes again when the question is saved.
 */
export async function checkMediaFile(slot: MediaSlot, file: File): Promise<FileCheck> {
  const video = slot === 'video';
  if (file.size === 0) return { ok: false, message: MEDIA_MESSAGES.emptyFile };
  if (file.size > slotMaxBytes(slot)) {
    return {
      ok: false,
      message: video ? MEDIA_MESSAGES.videoTooLarge : MEDIA_MESSAGES.imageTooLarge,
    };
  }
  const nameProblem = uploadFileNameProblem(file.name);
  if (nameProblem) return { ok: false, message: nameProblem };
  let type: MediaContentType | null;
  try {
    type = sniffMediaType(await head(file, SNIFF_BYTES));
  } catch {
    type = null;
  }
  if (!type || !slotTypes(slot).includes(type)) {
    return { ok: false, message: video ? MEDIA_MESSAGES.notAVideo : MEDIA_MESSAGES.notAnImage };
  }
  return { ok: true, contentType: type };
}

/** Headers a browser sets itself (XHR refuses them). */
const BROWSER_HEADERS = new Set(['content-length', 'host', 'connection', 'expect']);

export class UploadAbortedError extends Error {
  override readonly name = 'UploadAbortedError';
  constructor() {
    super('The upload was cancelled.');
  }
}

/**
 * PUTs a file to an upload ticket's presigned URL with XMLHttpRequest (fetch reports no upload
 * progress). `onProgress` gets the percent sent (0-100); aborting the signal cancels the
 * upload (UploadAbortedError); any other failure rejects with MEDIA_MESSAGES.uploadFailed.
 */
export function putWithProgress(
  ticket: UploadTicket,
  file: Blob,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open(ticket.method, ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) {
      if (!BROWSER_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) {
        options.onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
      }
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve();
      } else reject(new Error(MEDIA_MESSAGES.uploadFailed));
    };
    xhr.onerror = () => {
      done();
      reject(new Error(MEDIA_MESSAGES.uploadFailed));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new UploadAbortedError());
    };
    options.signal?.addEventListener('abort', onAbort);
    xhr.send(file);
  });
}
