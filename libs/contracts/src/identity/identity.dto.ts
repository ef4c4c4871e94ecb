import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import {
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
