import { BadRequestException, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { CATALOG_FIELD_MESSAGES, ErrorCodes, Subjects } from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Public } from '../auth/auth.decorators';
import { perMinute } from '../http/rate-limit';
import { KeepRawBody, RawJsonBody } from '../http/raw-body';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/**
 * Stripe's webhook deliveries (and the local test checkout's, signed the same way). Stripe
 * signs the exact bytes of the body, so the raw text goes to the catalog, which verifies the
 * Stripe-Signature with the webhook secret and Stripe's 300 s tolerance (ADR 0018).
 */
@ApiTags('checkout')
@Controller('stripe')
export class StripeWebhookController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Post('webhook')
  @Authz(AUTHZ.everyone(400))
  @Public()
  @HttpCode(200)
  @KeepRawBody()
  // Stripe sends from a few addresses, in bursts, and retries what is refused
  @Throttle(perMinute(3000))
  @ApiOperation({
    summary:
      'Stripe webhook endpoint: a signed Stripe event (checkout.session.completed, async_payment_succeeded/_failed, expired, charge.refunded).',
  })
  @ApiHeader({ name: 'stripe-signature', required: true, description: 't=<unix>,v1=<hmac>' })
  @ApiBody({
    description: 'The Stripe event, exactly as Stripe sent it.',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiOkResponse({ description: '{ received: true }' })
  @ApiBadRequestResponse({
    description: 'WEBHOOK_SIGNATURE_INVALID: missing, wrong or stale (> 300 s) signature.',
  })
  async webhook(
    @RawJsonBody() payload: string,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    if (typeof signature !== 'string' || signature.trim() === '') {
      throw new BadRequestException({
        message: CATALOG_FIELD_MESSAGES.webhookSignature,
        code: ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
      });
    }
    await this.rpc.request(Subjects.catalog.stripeWebhook, { actor: null, payload, signature });
    return { received: true };
  }
}
