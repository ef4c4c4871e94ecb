import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CaptchaChallenge,
  type CaptchaVerifyAnswer,
  type IssueCaptchaMessage,
  Subjects,
  type VerifyCaptchaMessage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { CaptchaService } from './captcha.service';

/** Contact challenge handlers (anonymous: the dashboard's Contact button). */
@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  @RpcPattern(Subjects.identity.captchaIssue)
  issue(@Payload() _: IssueCaptchaMessage): Promise<CaptchaChallenge> {
    return this.captcha.issue();
  }

  @RpcPattern(Subjects.identity.captchaVerify)
  verify(@Payload() { input }: VerifyCaptchaMessage): Promise<CaptchaVerifyAnswer> {
    return this.captcha.verify(input);
  }
}
