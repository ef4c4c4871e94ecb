import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  type CheckoutResult,
  CheckoutSessionParam,
  type CheckoutSessionAnswer,
  CheckoutSessionDto,
  DevCheckoutCompleteDto,
  type DevCheckoutResult,
  DevCheckoutSessionParam,
  type DevCheckoutView,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Authenticated, CurrentActor, Public } from '../auth/auth.decorators';
import { perMinute } from '../http/rate-limit';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/**
 * Learner spec §4 Checkout, §7 create-checkout-session; and the local test checkout page's
 * calls (dev/test only: the catalog answers 404 elsewhere; ADR 0018).
 */
@ApiTags('checkout')
@Controller()
export class CheckoutController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Post('create-checkout-session')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated()
  @HttpCode(200)
  @Throttle(perMinute(10))
  @ApiOperation({
    summary:
      'Starts a Stripe Checkout Session for product ids and an optional coupon; the server prices the order (no amount is taken from the browser).',
  })
  @ApiOkResponse({
    description: '{ id, intendedProductType, url }: the browser goes to url to pay.',
  })
  createCheckoutSession(
    @CurrentActor() actor: Actor,
    @Body() input: CheckoutSessionDto,
  ): Promise<CheckoutSessionAnswer> {
    return this.rpc.request(Subjects.catalog.createCheckoutSession, { actor, input });
  }

  @Get('checkout-sessions/:sessionId')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 404, admin: 404 })
  @Authenticated()
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      'What became of the caller’s own payment (the payment result page): pending, paid, refunded; products held already and their automatic refund. 404 for a session that is not the caller’s.',
  })
  @ApiOkResponse({ description: 'CheckoutResult' })
  checkoutResult(
    @CurrentActor() actor: Actor,
    @Param() { sessionId }: CheckoutSessionParam,
  ): Promise<CheckoutResult> {
    return this.rpc.request(Subjects.catalog.checkoutResult, { actor, sessionId });
  }

  @Get('dev-checkout/:sessionId')
  @Authz(AUTHZ.everyone(200))
  @Public()
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      'Local test checkout (development and tests only, else 404): the order the page shows.',
  })
  @ApiOkResponse({ description: 'DevCheckoutView: lines, discount, total, status, return URLs.' })
  devCheckoutView(@Param() { sessionId }: DevCheckoutSessionParam): Promise<DevCheckoutView> {
    return this.rpc.request(Subjects.catalog.devCheckoutView, { actor: null, sessionId });
  }

  @Post('dev-checkout/:sessionId/complete')
  @Authz(AUTHZ.everyone(404))
  @Public()
  @HttpCode(200)
  @Throttle(perMinute(20))
  @ApiOperation({
    summary:
      'Local test checkout (development and tests only, else 404): Pay sends the signed checkout.session.completed webhook as Stripe would; Cancel cancels.',
  })
  @ApiOkResponse({ description: '{ redirectUrl }: the success or cancel page.' })
  devCheckoutComplete(
    @Param() { sessionId }: DevCheckoutSessionParam,
    @Body() { outcome }: DevCheckoutCompleteDto,
  ): Promise<DevCheckoutResult> {
    return this.rpc.request(Subjects.catalog.devCheckoutComplete, {
      actor: null,
      sessionId,
      outcome,
    });
  }
}
