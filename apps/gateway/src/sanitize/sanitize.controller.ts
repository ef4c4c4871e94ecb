import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { perMinute } from '../http/rate-limit';
import { sanitize, type SanitizeResponse } from '@examprep/validation/sanitize';
import { Authenticated } from '../auth/auth.decorators';
import { SanitizeRequestDto, SanitizeResponseDto } from './sanitize.dto';
import { Authz } from '../auth/authz.decorator';

/**
 * Admin spec §2.2, §5, §7: the sanitization tester's call. It runs here rather than in a
 * service: `sanitize()` is a pure function of its input, with no data and no state, so a NATS
 * hop would add latency and a failure mode for nothing. The gateway still only computes —
 * it owns no data. The body is capped (SANITIZE_INPUT_MAX_LENGTH) and the call rate limited
 * per user, because parsing HTML is the costliest thing the gateway does itself.
 */
@ApiTags('sanitize')
@Controller()
export class SanitizeController {
  @Post('sanitize')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated()
  @HttpCode(200)
  @Throttle(perMinute(30))
  @ApiOperation({
    summary: 'Sanitizes the input as a math answer, contact message, email or general text.',
  })
  @ApiOkResponse({ type: SanitizeResponseDto })
  sanitize(@Body() { input, type }: SanitizeRequestDto): SanitizeResponse {
    return sanitize(input, type);
  }
}
