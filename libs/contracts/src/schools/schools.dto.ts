import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import {
  ASSIGNMENT_MESSAGES,
  DEEP_LINK_MESSAGES,
  type DeepLinkPick,
  type DeepLinkResponseInput,
  INSTRUCTOR_MESSAGES,
  isIsoDate,
  isLtiUrl,
  LICENCE_LIMITS,
  LICENCE_MESSAGES,
  type LicenceInput,
  LTI_LIMITS,
  LTI_MESSAGES as M,
  LTI_PLATFORM_STATUSES,
  type LtiPlatformInput,
  type LtiPlatformStatus,
} from '../types';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimEach = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value;

/**
 * An http(s) URL. Whether plain http is allowed is the schools service's setting
 * (LTI_ALLOW_HTTP), checked there again; here only the shape.
 */
function IsLtiUrl(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isLtiUrl', validator: { validate: (v) => isLtiUrl(v, true) } },
    options,
  );
}

/** Body of POST /api/admin/lti/platforms and PUT /api/admin/lti/platforms/{id}. */
export class LtiPlatformDto implements LtiPlatformInput {
  @ApiProperty({ example: 'Nightingale College Canvas', maxLength: LTI_LIMITS.name })
  @Transform(trim)
  @IsString({ message: M.nameRequired })
  @Length(1, LTI_LIMITS.name, { message: M.nameTooLong })
  name!: string;

  @ApiProperty({ example: 'https://canvas.instructure.com' })
  @Transform(trim)
  @IsLtiUrl({ message: M.issuerInvalid })
  issuer!: string;

  @ApiProperty({ example: '10000000000042' })
  @Transform(trim)
  @IsString({ message: M.clientIdRequired })
  @Length(1, LTI_LIMITS.clientId, { message: M.clientIdRequired })
  clientId!: string;

  @ApiProperty({ type: [String], example: ['42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb'] })
  @Transform(trimEach)
  @IsArray({ message: M.deploymentsRequired })
  @ArrayMinSize(1, { message: M.deploymentsRequired })
  @ArrayMaxSize(LTI_LIMITS.deployments, { message: M.deploymentsTooMany })
  @IsString({ each: true, message: M.deploymentInvalid })
  @Length(1, LTI_LIMITS.deploymentId, { each: true, message: M.deploymentInvalid })
  deploymentIds!: string[];

  @ApiProperty({ example: 'https://sso.canvaslms.com/api/lti/authorize_redirect' })
  @Transform(trim)
  @MaxLength(LTI_LIMITS.url, { message: M.authUrlInvalid })
  @IsLtiUrl({ message: M.authUrlInvalid })
  authUrl!: string;

  @ApiProperty({ example: 'https://sso.canvaslms.com/login/oauth2/token' })
  @Transform(trim)
  @IsLtiUrl({ message: M.tokenUrlInvalid })
  tokenUrl!: string;

  @ApiProperty({ example: 'https://sso.canvaslms.com/api/lti/security/jwks' })
  @Transform(trim)
  @IsLtiUrl({ message: M.jwksUrlInvalid })
  jwksUrl!: string;

  @ApiProperty({ enum: LTI_PLATFORM_STATUSES })
  @IsIn(LTI_PLATFORM_STATUSES, { message: M.statusInvalid })
  status!: LtiPlatformStatus;
}

/** Path parameter of PUT/DELETE /api/admin/lti/platforms/{id}. */
export class LtiPlatformIdParam {
  @ApiProperty({ description: 'platform registration id' })
  @ValidateBy(
    {
      name: 'isPlatformId',
      validator: { validate: (v) => typeof v === 'string' && /^[a-f0-9-]{36}$/.test(v) },
    },
    { message: M.notFound },
  )
  id!: string;
}

/** Path parameter of /api/lti/deep-links/{id}. */
export class DeepLinkIdParam {
  @ApiProperty({ description: 'deep linking request id' })
  @ValidateBy(
    {
      name: 'isDeepLinkId',
      validator: { validate: (v) => typeof v === 'string' && /^[a-f0-9-]{36}$/.test(v) },
    },
    { message: DEEP_LINK_MESSAGES.notFound },
  )
  id!: string;
}

/** One pick of the deep linking picker. */
export class DeepLinkPickDto implements DeepLinkPick {
  @ApiProperty({ example: 'test:teas_math_qbank:teas_math_qbank_practice' })
  @IsString({ message: DEEP_LINK_MESSAGES.unknownOption })
  @Length(1, 200, { message: DEEP_LINK_MESSAGES.unknownOption })
  key!: string;

  @ApiPropertyOptional({ maxLength: LTI_LIMITS.name })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: DEEP_LINK_MESSAGES.titleTooLong })
  @MaxLength(LTI_LIMITS.name, { message: DEEP_LINK_MESSAGES.titleTooLong })
  title?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: DEEP_LINK_MESSAGES.gradedInvalid })
  graded?: boolean;
}

/** Body of POST /api/lti/deep-links/{id}. */
export class DeepLinkResponseDto implements DeepLinkResponseInput {
  @ApiProperty({ type: [DeepLinkPickDto] })
  @IsArray({ message: DEEP_LINK_MESSAGES.nothingPicked })
  @ArrayMinSize(1, { message: DEEP_LINK_MESSAGES.nothingPicked })
  @ArrayMaxSize(50, { message: DEEP_LINK_MESSAGES.unknownOption })
  @ValidateNested({ each: true, message: DEEP_LINK_MESSAGES.unknownOption })
  @Type(() => DeepLinkPickDto)
  picks!: DeepLinkPickDto[];
}

/** Path parameter of /api/lti/assignments/{linkKey}: `<platform id>:<resource link id>`. */
export class LinkKeyParam {
  @ApiProperty({ description: 'the LMS link: <platform id>:<resource link id>' })
  @ValidateBy(
    {
      name: 'isLinkKey',
      validator: {
        validate: (v) => typeof v === 'string' && /^[a-f0-9-]{36}:[^\s]{1,255}$/.test(v),
      },
    },
    { message: ASSIGNMENT_MESSAGES.notFound },
  )
  linkKey!: string;
}

/** Body of POST /api/admin/lti/licences and PUT /api/admin/lti/licences/{id}. */
export class LicenceDto implements LicenceInput {
  @ApiProperty({ description: 'the LMS registration the licence is for' })
  @ValidateBy(
    {
      name: 'isPlatformId',
      validator: { validate: (v) => typeof v === 'string' && /^[a-f0-9-]{36}$/.test(v) },
    },
    { message: LICENCE_MESSAGES.platformRequired },
  )
  platformId!: string;

  @ApiProperty({ example: 'Nightingale College, Spring 2027 cohort' })
  @Transform(trim)
  @IsString({ message: LICENCE_MESSAGES.nameRequired })
  @Length(1, LICENCE_LIMITS.name, { message: LICENCE_MESSAGES.nameTooLong })
  name!: string;

  @ApiProperty({ type: [String], example: ['teas_math_qbank', 'med_dosage_qbank'] })
  @IsArray({ message: LICENCE_MESSAGES.productsRequired })
  @ArrayMinSize(1, { message: LICENCE_MESSAGES.productsRequired })
  @ArrayMaxSize(LICENCE_LIMITS.products, { message: LICENCE_MESSAGES.unknownProduct })
  @IsString({ each: true, message: LICENCE_MESSAGES.unknownProduct })
  @Length(1, 64, { each: true, message: LICENCE_MESSAGES.unknownProduct })
  productIds!: string[];

  @ApiProperty({ minimum: 1, maximum: LICENCE_LIMITS.seats })
  @IsInt({ message: LICENCE_MESSAGES.seatsInvalid })
  @Min(1, { message: LICENCE_MESSAGES.seatsInvalid })
  @Max(LICENCE_LIMITS.seats, { message: LICENCE_MESSAGES.seatsInvalid })
  seats!: number;

  @ApiProperty({ example: '2027-01-11' })
  @ValidateBy(
    { name: 'isIsoDate', validator: { validate: (v) => isIsoDate(v) } },
    { message: LICENCE_MESSAGES.datesInvalid },
  )
  startsOn!: string;

  @ApiProperty({ example: '2027-05-14' })
  @ValidateBy(
    { name: 'isIsoDate', validator: { validate: (v) => isIsoDate(v) } },
    { message: LICENCE_MESSAGES.datesInvalid },
  )
  endsOn!: string;
}

/** Path parameter of /api/admin/lti/licences/{id}. */
export class LicenceIdParam {
  @ApiProperty({ description: 'licence id' })
  @ValidateBy(
    {
      name: 'isLicenceId',
      validator: { validate: (v) => typeof v === 'string' && /^[a-f0-9-]{36}$/.test(v) },
    },
    { message: LICENCE_MESSAGES.notFound },
  )
  id!: string;
}

/** Path parameters of DELETE /api/admin/lti/licences/{id}/seats/{uid}. */
export class LicenceSeatParam extends LicenceIdParam {
  @ApiProperty({ description: 'the seat holder' })
  @IsString({ message: LICENCE_MESSAGES.seatNotFound })
  @Length(1, 64, { message: LICENCE_MESSAGES.seatNotFound })
  uid!: string;
}

/** Query of GET /api/admin/lti/licences. */
export class LicencesQuery {
  @ApiPropertyOptional({ description: 'only this LMS registration' })
  @IsOptional()
  @ValidateBy(
    {
      name: 'isPlatformId',
      validator: { validate: (v) => typeof v === 'string' && /^[a-f0-9-]{36}$/.test(v) },
    },
    { message: LICENCE_MESSAGES.platformRequired },
  )
  platformId?: string;
}

/** Path parameter of /api/instructor/classes/{contextKey}: `<platform id>:<context id>`. */
export class ContextKeyParam {
  @ApiProperty({ description: 'the LMS course: <platform id>:<context id>' })
  @ValidateBy(
    {
      name: 'isContextKey',
      validator: {
        validate: (v) => typeof v === 'string' && /^[a-f0-9-]{36}:[^\s]{1,255}$/.test(v),
      },
    },
    { message: INSTRUCTOR_MESSAGES.notYourClass },
  )
  contextKey!: string;
}
