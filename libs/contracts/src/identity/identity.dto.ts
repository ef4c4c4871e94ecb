import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { PageQueryDto } from '../paging/page.dto';
import {
  ADMIN_USER_EMAIL_FILTER_MAX,
  ADMIN_USER_MESSAGES,
  type AdminUserFilters,
  QBANK_FILTERS,
  type QbankFilter,
  YES_NO,
  type YesNo,
  type CreateUserInput,
  DASHBOARDS,
  type Dashboard,
  type DefaultDashboardInput,
  IDENTITY_MESSAGES,
  type PasswordResetInput,
} from '../types';

const trimLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** POST /api/create-user: uid and email trimmed and lowercased (learner spec §5). */
export class CreateUserDto implements CreateUserInput {
  @ApiPropertyOptional({ description: 'Defaults to the caller; admins may name another user.' })
  @IsOptional()
  @Transform(trimLower)
  @IsString({ message: 'The user id must be text.' })
  @Matches(/^[a-z0-9-]{1,64}$/, { message: 'The user id is not valid.' })
  uid?: string;

  @ApiPropertyOptional({ description: 'Defaults to the email of the caller’s token.' })
  @IsOptional()
  @Transform(trimLower)
  @MaxLength(254, { message: 'Email too long. Maximum 254 characters allowed.' })
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  email?: string;
}

export class DefaultDashboardDto implements DefaultDashboardInput {
  @ApiProperty({ enum: DASHBOARDS })
  @IsIn([...DASHBOARDS], { message: IDENTITY_MESSAGES.dashboardInvalid })
  defaultDashboard!: Dashboard;
}

/** POST /api/admin/allow-signup: opens or closes sign-ups (stored and applied to Keycloak). */
export class SetAllowSignupDto {
  @ApiProperty()
  @IsBoolean({ message: 'Allow sign-up must be true or false.' })
  allowSignup!: boolean;
}

/** POST /api/password-reset (learner spec §5 reset rules). */
export class PasswordResetDto implements PasswordResetInput {
  @ApiProperty()
  @Transform(trimLower)
  @IsNotEmpty({ message: IDENTITY_MESSAGES.resetEmailRequired })
  @MaxLength(254, { message: 'Email too long. Maximum 254 characters allowed.' })
  @IsEmail({}, { message: IDENTITY_MESSAGES.invalidEmail })
  email!: string;
}

/** DELETE /api/delete-user (admin spec §7: body userId). */
export class DeleteUserDto {
  @ApiProperty()
  @IsString({ message: 'The user id is not valid.' })
  @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'The user id is not valid.' })
  userId!: string;
}

/** DELETE /api/delete-user-data (admin spec §7: body uid). */
/** POST /api/admin/generate-test-token */
export class GenerateTestTokenDto {
  @ApiProperty()
  @IsString({ message: 'The user id is not valid.' })
  @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'The user id is not valid.' })
  uid!: string;
}

export class DeleteUserDataDto {
  @ApiProperty()
  @IsString({ message: 'The user id is not valid.' })
  @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'The user id is not valid.' })
  uid!: string;
}

const emptyToUndefined = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : value;
const toBooleanFlag = ({ value }: { value: unknown }) =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : value;

/** Admin spec §2.1 filter labels, as the messages name them. */
const FLAG_LABELS = {
  emailVerified: 'Email verified',
  inDatabase: 'In database',
  inAuth: 'In auth',
  isAdmin: 'Admin',
  premium: 'Premium',
  tests: 'Tests',
} as const;

const yesNo = (field: keyof typeof FLAG_LABELS) =>
  IsIn([...YES_NO], { message: ADMIN_USER_MESSAGES.yesNo(FLAG_LABELS[field]) });

/** Query of GET /api/admin/users and /api/admin/users/export (admin spec §2.1; issue 26). */
export class AdminUserFiltersDto implements AdminUserFilters {
  @ApiPropertyOptional({
    description: 'The start of the email (case ignored), or `@domain` for exactly that domain.',
    maxLength: ADMIN_USER_EMAIL_FILTER_MAX,
  })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString({ message: ADMIN_USER_MESSAGES.emailFilter })
  @MaxLength(ADMIN_USER_EMAIL_FILTER_MAX, { message: ADMIN_USER_MESSAGES.emailFilter })
  email?: string;

  @ApiPropertyOptional({ enum: YES_NO })
  @IsOptional()
  @Transform(emptyToUndefined)
  @yesNo('emailVerified')
  emailVerified?: YesNo;

  @ApiPropertyOptional({ enum: YES_NO })
  @IsOptional()
  @Transform(emptyToUndefined)
  @yesNo('inDatabase')
  inDatabase?: YesNo;

  @ApiPropertyOptional({ enum: YES_NO })
  @IsOptional()
  @Transform(emptyToUndefined)
  @yesNo('inAuth')
  inAuth?: YesNo;

  @ApiPropertyOptional({ enum: YES_NO })
  @IsOptional()
  @Transform(emptyToUndefined)
  @yesNo('isAdmin')
  isAdmin?: YesNo;

  @ApiPropertyOptional({ enum: YES_NO })
  @IsOptional()
  @Transform(emptyToUndefined)
  @yesNo('premium')
  premium?: YesNo;

  @ApiPropertyOptional({ enum: YES_NO, description: 'yes: at least one test; no: none.' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @yesNo('tests')
  tests?: YesNo;

  @ApiPropertyOptional({ enum: QBANK_FILTERS })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...QBANK_FILTERS], { message: ADMIN_USER_MESSAGES.qbankFilter })
  qbank?: QbankFilter;

  @ApiPropertyOptional({ description: 'Only users whose email another user has too.' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @Transform(toBooleanFlag)
  @IsBoolean({ message: ADMIN_USER_MESSAGES.duplicatesFilter })
  duplicates?: boolean;
}

/** GET /api/admin/users: the filters and a page (`cursor`, `limit`; ADR 0026). */
export class AdminUsersQueryDto extends IntersectionType(AdminUserFiltersDto, PageQueryDto) {}

/** GET /api/list-auth-users: a page of the identity provider's accounts (ADR 0026). */
export class AuthUsersQueryDto extends PageQueryDto {}
