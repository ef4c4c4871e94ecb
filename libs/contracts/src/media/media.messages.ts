import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  CreateUploadInput,
  Envelope,
  QuestionMedia,
  QuestionMediaChangedEvent,
  QuestionMediaChanges,
  SignedMediaAnswer,
  UploadTicket,
  WorkbookManifest,
} from '../types';

/** Payloads of the media.* subjects. The actor is always the caller (the gateway's envelope). */
export type SignMessage = Envelope<{ path: string }>;
export type WorkbookVideoMessage = Envelope<{ videoPath: string }>;
/** `tier`: download-file-free (free products only) or download-file-paid (owners only). */
export type DownloadMessage = Envelope<{ filePath: string; tier: 'free' | 'paid' }>;
/** proxy-pdf (paid: owners) and proxy-free-pdf (free products): the PDF by file name. */
export type PdfMessage = Envelope<{ file: string; tier: 'free' | 'paid' }>;
export type StampMessage = Envelope<{ workbookPath: string }>;
export type WorkbookMessage = Envelope<{ productId: string }>;
export type CreateUploadMessage = Envelope<{ input: CreateUploadInput }>;
/** Service to service (qbank, admin actor): commit staged uploads to a question's paths. */
export type CommitQuestionMediaMessage = Envelope<{ qid: string; changes: QuestionMediaChanges }>;
/** Service to service (qbank, admin actor): delete objects after the question was written. */
export type DeleteObjectsMessage = Envelope<{ paths: string[] }>;
/** Service to service (qbank, admin actor): which question media objects exist. */
export type QuestionMediaIndexMessage = Envelope;

/**
 * A stored object the gateway streams to the browser (proxy-pdf, proxy-free-pdf,
 * generate-stamped-pdf): a short-lived presigned GET for the INTERNAL S3 endpoint (the
 * gateway's network), the name to save it under, its type and size.
 */
export interface StreamableObject {
  internalUrl: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface CommitQuestionMediaReply {
  /** The slots that were committed, with their paths (admin spec §3). */
  committed: Partial<QuestionMedia>;
}
export interface DeleteObjectsReply {
  deleted: string[];
  /** Paths that could not be deleted (only logged, admin spec §4). */
  failed: string[];
}
export interface QuestionMediaIndexReply {
  /** Every existing object under Images/ and VideoSolutions/. */
  paths: string[];
}

/** The media part of RpcMap. */
export interface MediaRpc {
  [Subjects.media.sign]: RpcPair<SignMessage, SignedMediaAnswer>;
  [Subjects.media.workbookVideo]: RpcPair<WorkbookVideoMessage, SignedMediaAnswer>;
  [Subjects.media.download]: RpcPair<DownloadMessage, SignedMediaAnswer>;
  [Subjects.media.pdf]: RpcPair<PdfMessage, StreamableObject>;
  [Subjects.media.stamp]: RpcPair<StampMessage, StreamableObject>;
  [Subjects.media.workbook]: RpcPair<WorkbookMessage, WorkbookManifest>;
  [Subjects.media.createUpload]: RpcPair<CreateUploadMessage, UploadTicket>;
  [Subjects.media.commitQuestionMedia]: RpcPair<CommitQuestionMediaMessage, CommitQuestionMediaReply>;
  [Subjects.media.deleteObjects]: RpcPair<DeleteObjectsMessage, DeleteObjectsReply>;
  [Subjects.media.questionMediaIndex]: RpcPair<QuestionMediaIndexMessage, QuestionMediaIndexReply>;
}

/** The media facts (published by the qbank after a question's media changed). */
export interface MediaEvents {
  [Events.questionMediaChanged]: QuestionMediaChangedEvent;
}
