import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsString,
  Length,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  isLtiUrl,
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
