import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { SANITIZE_INPUT_MAX_LENGTH, SANITIZE_REQUEST_MESSAGES as M } from '@examprep/contracts';
import { SANITIZE_TYPES, type SanitizeType } from '@examprep/validation/sanitize';

/*
 * POST /api/sanitize has no NATS message (the gateway computes it), so its DTOs live beside
 * the controller rather than in libs/contracts, which stays free of the sanitizer library.
 */

/** Body of POST /api/sanitize (admin spec §7). Empty input is allowed: it passes every type. */
export class SanitizeRequestDto {
  @ApiProperty({ example: '<b>2</b> + <i>3</i> = 5', maxLength: SANITIZE_INPUT_MAX_LENGTH })
  @IsString({ message: M.inputText })
  @MaxLength(SANITIZE_INPUT_MAX_LENGTH, { message: M.inputTooLong })
  input!: string;

  @ApiProperty({ enum: SANITIZE_TYPES })
  @IsIn([...SANITIZE_TYPES], { message: M.typeInvalid })
  type!: SanitizeType;
}

/** Response shape, documented for OpenAPI: `sanitize()`'s answer as it is. */
export class SanitizeResultDto {
  @ApiProperty() isValid!: boolean;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty() sanitizedValue!: string;
}

export class SanitizeResponseDto {
  @ApiProperty({ enum: SANITIZE_TYPES }) type!: SanitizeType;
  @ApiProperty() original!: string;
  @ApiProperty() wasModified!: boolean;
  @ApiProperty() inputLength!: number;
  @ApiProperty() outputLength!: number;
  @ApiProperty({ type: SanitizeResultDto }) result!: SanitizeResultDto;
}
