import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID } from 'class-validator';
import {
  CAPTCHA_MESSAGES,
  type CaptchaChallenge,
  type CaptchaVerifyAnswer,
  type CaptchaVerifyInput,
} from '../types';

/**
 * Body of POST /api/captcha/verify. The answer's digits rule (the numeric validator of
 * @examprep/validation: digits only, at most 10, with its messages) is applied by the
 * identity service before the challenge is touched, so a malformed answer does not use it up.
 */
export class CaptchaVerifyDto implements CaptchaVerifyInput {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4', { message: CAPTCHA_MESSAGES.challengeIdInvalid })
  challengeId!: string;

  @ApiProperty({ example: '12', description: 'Digits only, at most 10.' })
  @IsNotEmpty({ message: CAPTCHA_MESSAGES.answerRequired })
  @IsString({ message: CAPTCHA_MESSAGES.answerText })
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
