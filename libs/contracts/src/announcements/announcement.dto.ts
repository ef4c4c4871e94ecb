import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES as M,
  type Announcement,
  type AnnouncementInput,
  isIsoDate,
  type LatestAnnouncementAnswer,
  isSafeLinkUrl,
} from '../types';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

function IsIsoDate(options?: ValidationOptions) {
  return ValidateBy({ name: 'isIsoDate', validator: { validate: (v) => isIsoDate(v) } }, options);
}
function IsSafeLinkUrl(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isSafeLinkUrl', validator: { validate: (v) => v === '' || isSafeLinkUrl(v) } },
    options,
  );
}
function IsNonBlank(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isNonBlank',
      validator: { validate: (v) => typeof v === 'string' && v.trim().length > 0 },
    },
    options,
  );
}

/** Body of POST /api/announcements and PUT /api/announcements/{id} (admin spec §5 form rules). */
export class AnnouncementInputDto implements AnnouncementInput {
  @ApiProperty({
    example: 'New Med Dosage practice questions are live.',
    maxLength: ANNOUNCEMENT_LIMITS.content,
  })
  @Transform(trim)
  @IsNonBlank({ message: M.contentRequired })
  @MaxLength(ANNOUNCEMENT_LIMITS.content, { message: M.contentTooLong })
  content!: string;

  @ApiProperty({ example: '2026-11-22', description: 'YYYY-MM-DD' })
  @Transform(trim)
  @IsIsoDate({ message: M.dateRequired })
  date!: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: M.isVisibleBoolean })
  isVisible?: boolean;

  @ApiPropertyOptional({
    default: 0,
    description: '0 = top',
    minimum: Number.MIN_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
  })
  @IsOptional()
  @IsInt({ message: M.orderInteger })
  // 1e308 is an integer to IsInt: only safe integers are (as the web form's check)
  @Min(Number.MIN_SAFE_INTEGER, { message: M.orderInteger })
  @Max(Number.MAX_SAFE_INTEGER, { message: M.orderInteger })
  order?: number;

  @ApiPropertyOptional({ default: '', maxLength: ANNOUNCEMENT_LIMITS.linkText })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: M.linkTextText })
  @MaxLength(ANNOUNCEMENT_LIMITS.linkText, { message: M.linkTextTooLong })
  linkText?: string;

  @ApiPropertyOptional({ default: '', example: 'https://example.com/news' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: M.linkUrlInvalid })
  @MaxLength(ANNOUNCEMENT_LIMITS.linkUrl, { message: M.linkUrlTooLong })
  @IsSafeLinkUrl({ message: M.linkUrlInvalid })
  linkUrl?: string;
}

/** Response shape, documented for OpenAPI. */
export class AnnouncementDto implements Announcement {
  @ApiProperty() id!: string;
  @ApiProperty() content!: string;
  @ApiProperty() isVisible!: boolean;
  @ApiProperty() order!: number;
  @ApiProperty({ example: '2026-11-22' }) date!: string;
  @ApiProperty() linkText!: string;
  @ApiProperty() linkUrl!: string;
}

/** GET /api/announcements/latest, documented for OpenAPI. */
export class LatestAnnouncementDto implements LatestAnnouncementAnswer {
  @ApiProperty({ type: AnnouncementDto, nullable: true })
  announcement!: AnnouncementDto | null;
}

/** Path parameter of PUT/DELETE /api/announcements/{id}. */
export class AnnouncementIdParam {
  @ApiProperty({ description: 'announcement id' })
  @IsString({ message: M.idInvalid })
  @ValidateBy(
    {
      name: 'isObjectIdLike',
      validator: { validate: (v) => typeof v === 'string' && /^[a-f0-9]{24}$/.test(v) },
    },
    { message: M.idInvalid },
  )
  id!: string;
}
