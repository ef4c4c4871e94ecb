import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, Max, Min, ValidateBy, type ValidationOptions } from 'class-validator';
import {
  type CreateUploadInput,
  DOWNLOAD_PATH,
  IMAGE_TYPES,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_SLOTS,
  type MediaContentType,
  type MediaSlot,
  mediaPathProblem,
  PDF_FILE_NAME,
  type QuestionMediaChanges,
  UPLOAD_ID_PATTERN,
  uploadFileNameProblem,
  VIDEO_TYPES,
  WORKBOOK_PDF_PATH,
  WORKBOOK_VIDEO_PATH,
} from '../types';
import { PRODUCT_ID_PATTERN } from '../catalog/catalog.dto';

/** A path of the system (types/media.ts mediaPathProblem), with the problem as the message. */
function IsMediaPath(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isMediaPath',
      validator: {
        validate: (v: unknown) => mediaPathProblem(v) === null,
      },
    },
    { message: MEDIA_MESSAGES.pathInvalid, ...options },
  );
}

/** GET /api/getSignedUrl?path= (learner spec §7, admin spec §7). */
export class SignedUrlQuery {
  @ApiProperty({ example: 'Images/AB12-que.png' })
  @IsMediaPath()
  path!: string;
}

/** GET /api/getWorkbookVideoUrl?videoPath= */
export class WorkbookVideoQuery {
  @ApiProperty({ example: 'Workbooks/TEAS-Math-Workbook/videos/01-ratios.mp4' })
  @IsString({ message: MEDIA_MESSAGES.videoPath })
  @Matches(WORKBOOK_VIDEO_PATH, { message: MEDIA_MESSAGES.videoPath })
  videoPath!: string;
}

/** POST /api/generate-stamped-pdf */
export class StampedPdfDto {
  @ApiProperty({ example: 'Workbooks/TEAS-Math-Workbook.pdf' })
  @IsString({ message: MEDIA_MESSAGES.workbookPath })
  @Matches(WORKBOOK_PDF_PATH, { message: MEDIA_MESSAGES.workbookPath })
  workbookPath!: string;
}

/** GET /api/proxy-pdf?file= and /api/proxy-free-pdf?file= */
export class PdfFileQuery {
  @ApiProperty({ example: 'med-dosage-conversions.pdf' })
  @IsString({ message: MEDIA_MESSAGES.fileField })
  @Matches(PDF_FILE_NAME, { message: MEDIA_MESSAGES.fileField })
  file!: string;
}

/** GET /api/download-file-free?filePath= and /api/download-file-paid?filePath= */
export class DownloadFileQuery {
  @ApiProperty({ example: 'Downloads/free-3d-assets.zip' })
  @IsString({ message: MEDIA_MESSAGES.filePath })
  @Matches(DOWNLOAD_PATH, { message: MEDIA_MESSAGES.filePath })
  filePath!: string;
}

/** GET /api/workbooks/{productId} */
export class WorkbookParam {
  @ApiProperty({ example: 'teas_math_workbook' })
  @IsString({ message: 'The productId must be a product id (lowercase letters, digits and _).' })
  @Matches(PRODUCT_ID_PATTERN, {
    message: 'The productId must be a product id (lowercase letters, digits and _).',
  })
  productId!: string;
}

const CONTENT_TYPES = [...IMAGE_TYPES, ...VIDEO_TYPES] as const;

/** POST /api/admin/media/uploads: announce an upload, get a presigned PUT (ADR 0020). */
export class CreateUploadDto implements CreateUploadInput {
  @ApiProperty({ enum: MEDIA_SLOTS })
  @IsIn([...MEDIA_SLOTS], { message: MEDIA_MESSAGES.slot })
  slot!: MediaSlot;

  @ApiProperty({ enum: CONTENT_TYPES })
  @IsIn([...CONTENT_TYPES], {
    message: 'The contentType field must be image/png, image/jpeg, image/webp or video/mp4.',
  })
  contentType!: MediaContentType;

  @ApiProperty({ description: 'Bytes; at most 5 MB for images, 100 MB for videos.' })
  @IsInt({ message: 'The size field must be a whole number of bytes.' })
  @Min(1, { message: MEDIA_MESSAGES.emptyFile })
  @Max(MEDIA_LIMITS.videoMaxBytes, { message: MEDIA_MESSAGES.videoTooLarge })
  size!: number;

  @ApiProperty({ example: 'triangle.png' })
  @ValidateBy(
    {
      name: 'isUploadFileName',
      validator: { validate: (v: unknown) => uploadFileNameProblem(v) === null },
    },
    { message: MEDIA_MESSAGES.fileNameInvalid },
  )
  fileName!: string;
}

/**
 * The `media` field of a question save (QuestionMediaChanges): an object whose keys are
 * slots, each null (remove) or `{ uploadId }` (replace). Anything else is refused.
 */
export function isQuestionMediaChanges(v: unknown): v is QuestionMediaChanges {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.entries(v).every(
    ([slot, change]) =>
      (MEDIA_SLOTS as readonly string[]).includes(slot) &&
      (change === null ||
        (typeof change === 'object' &&
          !Array.isArray(change) &&
          Object.keys(change).length === 1 &&
          typeof (change as { uploadId?: unknown }).uploadId === 'string' &&
          UPLOAD_ID_PATTERN.test((change as { uploadId: string }).uploadId))),
  );
}

export const QUESTION_MEDIA_FIELD_MESSAGE =
  "Media must be an object of questionImage, explanationImage and video, each null (remove) or { uploadId } (replace).";

export function IsQuestionMediaChanges(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isQuestionMediaChanges',
      validator: { validate: isQuestionMediaChanges },
    },
    { message: QUESTION_MEDIA_FIELD_MESSAGE, ...options },
  );
}
