import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsUUID, ValidateBy, type ValidationOptions } from 'class-validator';
import { NUMERIC_MESSAGES, validateNumeric } from '@examprep/validation';
import {
  CAPTCHA_MESSAGES,
  type CaptchaChallenge,
  type CaptchaVerifyAnswer,
  type CaptchaVerifyInput,
} from '../types';

/** Why `value` is not a captcha answer: the numeric validator's message (learner spec §5). */
function numericProblem(value: unknown): string | null {
  if (typeof value !== 'string') return NUMERIC_MESSAGES.notNumeric;
  return validateNumeric(value).error;
}

function IsNumericAnswer(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isNumericAnswer',
      validator: {
        validate: (v) => numericProblem(v) === null,
        defaultMessage: (args) => numericProblem(args?.value) ?? NUMERIC_MESSAGES.notNumeric,
      },
    },
    options,
  );
}

/** Body of POST /api/captcha/verify: digits only, at most 10 (the numeric validator). */
export class CaptchaVerifyDto implements CaptchaVerifyInput {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4', { message: CAPTCHA_MESSAGES.challengeIdInvalid })
  challengeId!: string;

  @ApiProperty({ example: '12', description: 'Digits only, at most 10.' })
  @IsNotEmpty({ message: CAPTCHA_MESSAGES.answerRequired })
  @IsNumericAnswer()
  answer!: string;
}

/** Response shapes, documented for OpenAPI. */
export class CaptchaChallengeDto implements CaptchaChallenge {
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty({ example: 'What is 7 + 5?' }) question!: string;
  @ApiProperty({ example: 300, description: 'Seconds until the challenge expires.' })
  expiresIn!: number;
}

export class CaptchaVerifyAnswerDto implements CaptchaVerifyAnswer {
  @ApiProperty({ example: '+1-555-010-0199' }) businessNumber!: string;
}
