import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { perMinute } from '../http/rate-limit';
import {
  type CaptchaChallenge,
  CaptchaChallengeDto,
  type CaptchaVerifyAnswer,
  CaptchaVerifyAnswerDto,
  CaptchaVerifyDto,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Public } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/**
 * Learner spec §2 Dashboard "Contact", §4, §7: the contact challenge. Public (the spec sends
 * no token) and rate limited per address; the identity service issues and checks it.
 */
@ApiTags('captcha')
@Controller('captcha')
export class CaptchaController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Post('issue')
  @Authz(AUTHZ.everyone(201))
  @Public()
  @Throttle(perMinute(10))
  @ApiOperation({ summary: 'A math question to answer before the business number is shown.' })
  @ApiCreatedResponse({ type: CaptchaChallengeDto })
  issue(): Promise<CaptchaChallenge> {
    return this.rpc.request(Subjects.identity.captchaIssue, { actor: null });
  }

  @Post('verify')
  @Authz(AUTHZ.everyone(400))
  @Public()
  @HttpCode(200)
  @Throttle(perMinute(10))
  @ApiOperation({
    summary:
      'Checks the answer once (right or wrong, the challenge is used up); answers the business number when correct.',
  })
  @ApiOkResponse({ type: CaptchaVerifyAnswerDto })
  verify(@Body() input: CaptchaVerifyDto): Promise<CaptchaVerifyAnswer> {
    return this.rpc.request(Subjects.identity.captchaVerify, { actor: null, input });
  }
}
