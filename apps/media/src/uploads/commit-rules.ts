// The checks of a staged upload at commit (ADR 0020 §2), pure: what HEAD and the first bytes
// of the staged object say, against what was announced and what the slot takes.
import {
  ErrorCodes,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type MediaContentType,
  type MediaSlot,
  slotMaxBytes,
  slotTypes,
  sniffMediaType,
} from '@examprep/contracts';

/** An announced upload, as the uploads document has it. */
export interface AnnouncedUpload {
  slot: MediaSlot;
  size: number;
  createdAt: Date;
}

export type CommitVerdict =
  | { ok: true; contentType: MediaContentType }
  | { ok: false; code: string; message: string };

const refuse = (code: string, message: string): CommitVerdict => ({ ok: false, code, message });

/** Is the announced upload still committable (exists, for this slot, younger than the staging sweep)? */
export function uploadUsable(
  upload: AnnouncedUpload | null,
  slot: MediaSlot,
  now: number,
): upload is AnnouncedUpload {
  return (
    upload !== null &&
    upload.slot === slot &&
    now - upload.createdAt.getTime() < MEDIA_LIMITS.stagingMaxAgeMs
  );
}

/**
 * The verdict on a staged object: `storedSize` null = nothing was uploaded. Order: missing,
 * empty, not the announced size, over the slot's limit, then the sniffed content.
 */
export function commitVerdict(
  slot: MediaSlot,
  announced: AnnouncedUpload,
  storedSize: number | null,
  head: Uint8Array,
): CommitVerdict {
  if (storedSize === null) return refuse(ErrorCodes.VALIDATION_FAILED, MEDIA_MESSAGES.uploadMissing);
  if (storedSize === 0) return refuse(ErrorCodes.BAD_MEDIA_FILE, MEDIA_MESSAGES.emptyFile);
  if (storedSize !== announced.size) {
    return refuse(ErrorCodes.BAD_MEDIA_FILE, MEDIA_MESSAGES.sizeMismatch);
  }
  if (storedSize > slotMaxBytes(slot)) {
    return refuse(
      ErrorCodes.BAD_MEDIA_FILE,
      slot === 'video' ? MEDIA_MESSAGES.videoTooLarge : MEDIA_MESSAGES.imageTooLarge,
    );
  }
  const sniffed = sniffMediaType(head);
  if (!sniffed || !slotTypes(slot).includes(sniffed)) {
    return refuse(
      ErrorCodes.BAD_MEDIA_FILE,
      slot === 'video' ? MEDIA_MESSAGES.notAVideo : MEDIA_MESSAGES.notAnImage,
    );
  }
  return { ok: true, contentType: sniffed };
}

/** Why an announced upload is refused before a URL is signed (null = fine). */
export function announceProblem(input: {
  slot: MediaSlot;
  contentType: MediaContentType;
  size: number;
}): { field: 'contentType' | 'size'; message: string } | null {
  if (!slotTypes(input.slot).includes(input.contentType)) {
    return {
      field: 'contentType',
      message:
        input.slot === 'video' ? MEDIA_MESSAGES.contentTypeVideo : MEDIA_MESSAGES.contentTypeImage,
    };
  }
  if (input.size > slotMaxBytes(input.slot)) {
    return {
      field: 'size',
      message: input.slot === 'video' ? MEDIA_MESSAGES.videoTooLarge : MEDIA_MESSAGES.imageTooLarge,
    };
  }
  return null;
}
