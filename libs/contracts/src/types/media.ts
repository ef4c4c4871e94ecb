/**
 * Media shapes shared by the web app and the services (learner spec §1-§4, §7-§9; admin spec
 * §2.3, §3, §4, §7, §9): object paths and the rules that parse them, the content sniffing of
 * uploads, the limits, signed URLs, uploads, workbooks and downloads, and their messages.
 * Web-safe: no Node or Nest imports.
 */
import { QID_PATTERN } from './qbank';

/** The three media slots of a question (admin spec §2.3). */
export const MEDIA_SLOTS = ['questionImage', 'explanationImage', 'video'] as const;
export type MediaSlot = (typeof MEDIA_SLOTS)[number];

/** What a slot accepts, checked on the bytes (magic numbers), never on the file name. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export type VideoType = (typeof VIDEO_TYPES)[number];
export type MediaContentType = ImageType | VideoType;

export const MEDIA_LIMITS = {
  /** Largest image upload: 5 MiB. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Largest video upload: 100 MiB. */
  videoMaxBytes: 100 * 1024 * 1024,
  /** Longest object path a request may name. */
  pathMax: 300,
  /** Longest upload file name (only shown, never used as a key). */
  fileNameMax: 255,
  /** A presigned GET lives 60 minutes: the web caches it 45 (SIGNED_URL_CACHE_MS), so a cached URL has 15 left. */
  signedUrlTtlSeconds: 3600,
  /** A presigned upload (PUT) lives 15 minutes. */
  uploadTtlSeconds: 900,
  /** Staged uploads never committed are swept after 6 hours. */
  stagingMaxAgeMs: 6 * 60 * 60 * 1000,
  /** The web app's signed-URL cache (learner spec §9, admin spec §9): 2,700,000 ms. */
  signedUrlCacheMs: 2_700_000,
  /** Stamped-PDF downloads per user and product in a rolling window (learner spec §8 rate-limit text). */
  stampedDownloadsPerWindow: 10,
  stampedDownloadWindowMs: 24 * 60 * 60 * 1000,
  /** Preview heights in the question editor (admin spec §2.3). */
  questionImagePreviewMaxPx: 300,
  explanationImagePreviewMaxPx: 250,
} as const;

/** The slot's accepted content types. */
export function slotTypes(slot: MediaSlot): readonly MediaContentType[] {
  return slot === 'video' ? VIDEO_TYPES : IMAGE_TYPES;
}

export function slotMaxBytes(slot: MediaSlot): number {
  return slot === 'video' ? MEDIA_LIMITS.videoMaxBytes : MEDIA_LIMITS.imageMaxBytes;
}

/** Admin spec §3: Images/{qid}-que.png, Images/{qid}-exp.png, VideoSolutions/{qid}-vid.mp4. */
export function questionMediaPath(qid: string, slot: MediaSlot): string {
  if (slot === 'questionImage') return `Images/${qid}-que.png`;
  if (slot === 'explanationImage') return `Images/${qid}-exp.png`;
  return `VideoSolutions/${qid}-vid.mp4`;
}

/** Which bucket holds a kind of object (tools/infra/infra.config.json `buckets`). */
export type MediaBucketRole = 'media' | 'workbooks';

/** A path the system knows, parsed. */
export type ParsedMediaPath =
  | { kind: 'question'; slot: MediaSlot; qid: string; path: string; bucket: 'media' }
  | { kind: 'workbookPdf'; path: string; bucket: 'workbooks' }
  | { kind: 'workbookVideo'; path: string; bucket: 'workbooks' }
  | { kind: 'download'; path: string; bucket: 'workbooks' };

const QUESTION_PATH =
  /^(Images\/([A-Z]{2}\d{2})-(que|exp)\.png|VideoSolutions\/([A-Z]{2}\d{2})-vid\.mp4)$/;
/** 'Workbooks/{name with dashes}.pdf' (learner spec §7). */
export const WORKBOOK_PDF_PATH = /^Workbooks\/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.pdf$/;
/** A workbook's videos: Workbooks/{workbook name}/videos/{name}.mp4. */
export const WORKBOOK_VIDEO_PATH =
  /^Workbooks\/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\/videos\/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.mp4$/;
/** Free and paid downloads (design and Android assets, free PDFs). */
export const DOWNLOAD_PATH = /^Downloads\/[a-z0-9]+(?:-[a-z0-9]+)*\.(zip|pdf|png|jpg)$/;
/** A PDF's file name as `proxy-pdf?file=` and `proxy-free-pdf?file=` take it (learner spec §7). */
export const PDF_FILE_NAME = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.pdf$/;

/**
 * Why a path is refused before anyone looks at permissions: traversal, absolute paths,
 * encoded or unicode tricks, control characters, unknown prefixes. null = well formed.
 */
export function mediaPathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || path.length === 0) return MEDIA_MESSAGES.pathRequired;
  if (path.length > MEDIA_LIMITS.pathMax) return MEDIA_MESSAGES.pathTooLong;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return MEDIA_MESSAGES.pathControl;
  if (/[^\u0020-\u007e]/.test(path)) return MEDIA_MESSAGES.pathCharacters;
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path)) {
    return MEDIA_MESSAGES.pathAbsolute;
  }
  if (path.includes('%') || path.includes('\\')) return MEDIA_MESSAGES.pathCharacters;
  if (path.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    return MEDIA_MESSAGES.pathTraversal;
  }
  return parseMediaPath(path) ? null : MEDIA_MESSAGES.pathUnknown;
}

/** The parsed path, or null when it is not one of the system's paths (no checks of access). */
export function parseMediaPath(path: string): ParsedMediaPath | null {
  const q = QUESTION_PATH.exec(path);
  if (q) {
    const qid = q[2] ?? q[4];
    if (!QID_PATTERN.test(qid)) return null;
    const slot: MediaSlot =
      q[4] !== undefined ? 'video' : q[3] === 'que' ? 'questionImage' : 'explanationImage';
    return { kind: 'question', slot, qid, path, bucket: 'media' };
  }
  if (WORKBOOK_PDF_PATH.test(path)) return { kind: 'workbookPdf', path, bucket: 'workbooks' };
  if (WORKBOOK_VIDEO_PATH.test(path)) return { kind: 'workbookVideo', path, bucket: 'workbooks' };
  if (DOWNLOAD_PATH.test(path)) return { kind: 'download', path, bucket: 'workbooks' };
  return null;
}

/**
 * The content type of the first bytes of a file (at least 16), or null when it is none of
 * the accepted ones: PNG, JPEG, WebP, or an ISO base-media (MP4) file with a video brand.
 * An HTML page named .png, a ZIP named .mp4 or an empty file is null.
 */
export function sniffMediaType(head: Uint8Array): MediaContentType | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  const ascii = (i: number, n: number) =>
    String.fromCharCode(...Array.from(head.subarray(i, i + n)));
  if (head.length >= 8 && at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'image/png';
  }
  if (head.length >= 4 && at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(4, 4) === 'ftyp' && MP4_BRANDS.has(ascii(8, 4))) {
    return 'video/mp4';
  }
  return null;
}

/** Major brands of MP4 video files browsers play (ISO/IEC 14496-12 registry). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
  'av01',
  'cmfc',
]);

/** Bytes to read for sniffMediaType. */
export const SNIFF_BYTES = 64;

/**
 * Why an upload's name is refused (it is only shown, never used as a key, but a name with
 * `../`, NUL, control or bidi characters is a sign of a crafted request). null = fine.
 */
export function uploadFileNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim().length === 0) return MEDIA_MESSAGES.fileNameRequired;
  if (name.length > MEDIA_LIMITS.fileNameMax) return MEDIA_MESSAGES.fileNameTooLong;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(name)) {
    return MEDIA_MESSAGES.fileNameCharacters;
  }
  if (/[/\\]/.test(name) || name.includes('..')) return MEDIA_MESSAGES.fileNamePath;
  if (name.normalize('NFC') !== name) return MEDIA_MESSAGES.fileNameCharacters;
  return null;
}

/** What the browser asks before an upload (POST /api/admin/media/uploads). */
export interface CreateUploadInput {
  slot: MediaSlot;
  /** The type the browser sniffed; the service sniffs the stored bytes again at commit. */
  contentType: MediaContentType;
  size: number;
  fileName: string;
}

/** A staged upload: PUT the file to `url` with `headers`, then name `uploadId` in the question save. */
export interface UploadTicket {
  uploadId: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
  maxBytes: number;
}

/** Upload ids: 24 lowercase letters and digits. */
export const UPLOAD_ID_PATTERN = /^[a-z0-9]{24}$/;

/**
 * The media part of a question save: a slot left out keeps its file, null removes it,
 * `{ uploadId }` replaces it with a staged upload (committed to the slot's path).
 */
export type QuestionMediaChange = { uploadId: string } | null;
export type QuestionMediaChanges = Partial<Record<MediaSlot, QuestionMediaChange>>;

/** Signed media response (learner spec §3): the URL, and when it stops working. */
export interface SignedMediaAnswer {
  signedUrl: string;
  expiresAt: string;
}

/** The kind of object a signed URL is for, part of the web cache key (learner spec §4). */
export type SignedUrlKind = 'image' | 'video' | 'pdf' | 'download';

/** A workbook (learner spec §1, §2): its PDF and its chapters with videos. */
export interface WorkbookVideo {
  title: string;
  /** Workbooks/{workbook}/videos/{name}.mp4 */
  path: string;
  seconds: number;
}
export interface WorkbookChapter {
  number: number;
  title: string;
  objective: string;
  topics: string[];
  questionCount: number;
  /** First page of the chapter in the PDF (1-based). */
  page: number;
  videos: WorkbookVideo[];
}
export interface WorkbookManifest {
  productId: string;
  title: string;
  /** Workbooks/{name with dashes}.pdf */
  pdfPath: string;
  pageCount: number;
  questionCount: number;
  chapters: WorkbookChapter[];
  updatedAt: string;
}

/** The file name a stamped PDF is saved under: `{Workbook-Name}-{email}.pdf`, email made file-safe. */
export function stampedFileName(workbookPath: string, email: string): string {
  const base = workbookPath.replace(/^Workbooks\//, '').replace(/\.pdf$/, '');
  const stamp = email.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);
  return `${base}-${stamp}.pdf`;
}

/** The text stamped on every page of a workbook. */
export function stampText(email: string): string {
  return `Licensed to ${email}. Personal copy: do not share.`;
}

/** The fact that a question's media changed: signed-URL caches drop these paths. */
export interface QuestionMediaChangedEvent {
  qid: string;
  paths: string[];
  at: string;
}

/** Messages of media (sentences; spec texts quoted exactly). */
export const MEDIA_MESSAGES = {
  // learner spec §8 Downloads
  downloadFailed: 'Failed to download the PDF. Please try again.',
  authRequired: 'Authentication required to download the file.',
  tooManyDownloads:
    'You have attempted/downloaded this product too many times (recently)... contact support.',
  // learner spec §6 access
  noAccess: 'You do not have access to this product.',
  forbidden: 'You do not have access to this file.',
  stampedOnly:
    'Workbook PDFs are only delivered stamped with your email: use Download PDF on the workbook page.',
  notFound: 'The file was not found.',
  // paths (pathInvalid: the gateway's check; the service names the exact problem)
  pathInvalid:
    "The path field must name a question image or video, a workbook, a workbook video or a download, as a relative path without '..', encoded or control characters.",
  pathRequired: 'The path field is required.',
  pathTooLong: `The path field must be at most ${MEDIA_LIMITS.pathMax} characters.`,
  pathControl: 'The path field must not contain control characters.',
  pathCharacters:
    'The path field may only contain letters, digits, dashes, dots and slashes (no encoded characters).',
  pathAbsolute: 'The path field must be a relative path.',
  pathTraversal: "The path field must not contain '..', '.' or empty segments.",
  pathUnknown:
    'The path field must name a question image or video, a workbook, a workbook video or a download.',
  fileField: 'The file field must be a PDF file name such as Workbook-Name.pdf.',
  workbookPath: "The workbookPath field must be 'Workbooks/{name with dashes}.pdf'.",
  videoPath:
    'The videoPath field must be a workbook video path (Workbooks/{workbook}/videos/{name}.mp4).',
  filePath: 'The filePath field must be a download path (Downloads/{name}).',
  // uploads
  fileNameInvalid: `The fileName field must be a file name of at most ${MEDIA_LIMITS.fileNameMax} characters, without a path, control, invisible or direction characters.`,
  fileNameRequired: 'The fileName field is required.',
  fileNameTooLong: `The fileName field must be at most ${MEDIA_LIMITS.fileNameMax} characters.`,
  fileNameCharacters:
    'The fileName field must not contain control, invisible or direction characters.',
  fileNamePath: "The fileName field must be a file name, not a path (no '/', '\\' or '..').",
  slot: "The slot field must be 'questionImage', 'explanationImage' or 'video'.",
  contentTypeImage: 'Images must be PNG, JPEG or WebP files.',
  contentTypeVideo: 'Videos must be MP4 files.',
  emptyFile: 'The file is empty.',
  imageTooLarge: 'Images must be at most 5 MB.',
  videoTooLarge: 'Videos must be at most 100 MB.',
  notAnImage: 'The file is not a PNG, JPEG or WebP image (its content was checked, not its name).',
  notAVideo: 'The file is not an MP4 video (its content was checked, not its name).',
  sizeMismatch: 'The uploaded file is not the size that was announced. Please upload it again.',
  uploadMissing: 'The upload was not found or has expired. Please choose the file again.',
  uploadId: 'The uploadId field must be an upload id (24 lowercase letters and digits).',
  storageUnavailable: 'File storage is unavailable right now. Please try again in a minute.',
  uploadFailed: 'The upload failed. Please try again.',
  // workbooks
  workbookNotFound: 'Workbook not found.',
  workbookLoadFailed: 'Failed to load the workbook. Please try again.',
  videoFailed: 'Failed to load the video. Please try again.',
} as const;

/** Titles, buttons and labels of media screens (not sentences). */
export const MEDIA_LABELS = {
  upload: 'Upload',
  remove: 'Remove',
  replace: 'Replace',
  questionImage: 'Question Image',
  explanationImage: 'Explanation Image',
  video: 'Video Explanation',
  imageLimits: 'PNG, JPEG or WebP, up to 5 MB',
  videoLimits: 'MP4, up to 100 MB',
  uploading: 'Uploading',
  preparingPdf: 'Preparing your PDF',
  downloadPdf: 'Download PDF',
  download: 'Download',
  chapters: 'Chapters',
  videos: 'Videos',
} as const;
