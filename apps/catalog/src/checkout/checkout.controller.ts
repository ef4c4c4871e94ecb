import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CheckoutResult,
  type CheckoutResultMessage,
  type CheckoutSessionAnswer,
  type CreateCheckoutMessage,
  type DevCheckoutCompleteMessage,
  type DevCheckoutResult,
  type DevCheckoutView,
  type DevCheckoutViewMessage,
  type StripeWebhookMessage,
  type StripeWebhookReply,
  Subjects,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { CheckoutService } from './checkout.service';
import { DevCheckoutService } from './dev-checkout.service';
import { WebhookService } from './webhook.service';

@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly webhook: WebhookService,
    private readonly devCheckout: DevCheckoutService,
  ) {}

  @RpcPattern(Subjects.catalog.createCheckoutSession)
  create(@Payload() { actor, input }: CreateCheckoutMessage): Promise<CheckoutSessionAnswer> {
    return this.checkout.create(actor, input);
  }

  @RpcPattern(Subjects.catalog.checkoutResult)
  result(@Payload() { actor, sessionId }: CheckoutResultMessage): Promise<CheckoutResult> {
    return this.checkout.result(actor, sessionId);
  }

  /** Anonymous: the signature is the authentication. */
  @RpcPattern(Subjects.catalog.stripeWebhook)
  stripeWebhook(
    @Payload() { payload, signature }: StripeWebhookMessage,
  ): Promise<StripeWebhookReply> {
    return this.webhook.handle(payload, signature);
  }

  @RpcPattern(Subjects.catalog.devCheckoutView)
  devCheckoutView(@Payload() { sessionId }: DevCheckoutViewMessage): Promise<DevCheckoutView> {
    return this.devCheckout.view(sessionId);
  }

  @RpcPattern(Subjects.catalog.devCheckoutComplete)
  devCheckoutComplete(
    @Payload() { sessionId, outcome }: DevCheckoutCompleteMessage,
  ): Promise<DevCheckoutResult> {
    return this.devCheckout.complete(sessionId, outcome);
  }
}
