import type { LtiAccountInput } from '@examprep/contracts';
import { IsBoolean, IsEmail, IsOptional, IsString, Length, MaxLength } from 'class-validator';

/** Longest key: a platform id, ':' and the LMS's `sub` (LTI Core 1.3 §5.3.6: up to 255). */
export const LTI_KEY_MAX = 600;
/** Longest name or email Keycloak keeps (the realm's user profile: 255). */
export const LTI_TEXT_MAX = 255;

/**
 * An LMS user's account as the schools service sends it (LtiAccountInput): checked again here,
 * since this service writes it into Keycloak.
 */
export class LtiAccountDto implements LtiAccountInput {
  @IsString()
  @Length(1, LTI_KEY_MAX)
  key!: string;

  @IsOptional()
  @IsString()
  @MaxLength(LTI_TEXT_MAX)
  name!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(LTI_TEXT_MAX)
  givenName!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(LTI_TEXT_MAX)
  familyName!: string | null;

  @IsOptional()
  @MaxLength(LTI_TEXT_MAX)
  @IsEmail()
  email!: string | null;

  @IsBoolean()
  instructor!: boolean;
}
