import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { SANITIZE_TYPES, type SanitizeType } from '@examprep/validation';
import {
  SANITIZE_INPUT_MAX_LENGTH,
  SANITIZE_REQUEST_MESSAGES as M,
  type SanitizeRequest,
} from '../types';

/** Body of POST /api/sanitize (admin spec §7). Empty input is allowed: it passes every type. */
export class SanitizeRequestDto implements SanitizeRequest {
  @ApiProperty({ example: '<b>2</b> + <i>3</i> = 5', maxLength: SANITIZE_INPUT_MAX_LENGTH })
  @IsString({ message: M.inputText })
  @MaxLength(SANITIZE_INPUT_MAX_LENGTH, { message: M.inputTooLong })
  input!: string;

  @ApiProperty({ enum: SANITIZE_TYPES })
  @IsIn([...SANITIZE_TYPES], { message: M.typeInvalid })
  type!: SanitizeType;
}

/** Response shape, documented for OpenAPI (the value is `sanitize()`'s answer as it is). */
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
