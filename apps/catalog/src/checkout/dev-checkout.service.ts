import { Injectable } from '@nestjs/common';
import {
  CATALOG_MESSAGES,
  DevCheckoutCompleteDto,
  type DevCheckoutResult,
  DevCheckoutSessionParam,
  type DevCheckoutView,
  ErrorCodes,
} from '@examprep/contracts';
import { rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import Stripe from 'stripe';
import { CatalogEnv } from '../config/catalog.env';
import { simulatorEnabled, STRIPE_TIMEOUT_MS } from '../stripe/stripe.options';
import { checkoutUrls, newLocalEventId, newLocalPaymentIntentId } from './checkout-ids';
import { buildCompletedEvent, signEvent } from './local-checkout-event';
import type { Order } from './order.schema';
import { OrderLocks } from './order-locks';
import { OrdersRepository } from './orders.repository';
import { WebhookService } from './webhook.service';

export const DEV_CHECKOUT_MESSAGES = {
  notAvailable: 'The test checkout is not available.',
} as const;

/**
 * The local test checkout (dev/test only; ADR 0018): stands in for Stripe's hosted page, which
 * stripe-mock does not have. Anonymous like Stripe's page: the unguessable session id is the
 * capability. Pay sends a checkout.session.completed signed exactly as Stripe signs it to the
 * public webhook route, so the order is fulfilled by the same code a real payment goes through.
 */
@Injectable()
export class DevCheckoutService {
  private readonly urls: ReturnType<typeof checkoutUrls>;

  constructor(
    private readonly env: CatalogEnv,
    private readonly stripe: Stripe,
    private readonly orders: OrdersRepository,
    private readonly webhook: WebhookService,
    private readonly locks: OrderLocks,
  ) {
    this.urls = checkoutUrls(env.WEB_URL);
  }

  async view(sessionId: unknown): Promise<DevCheckoutView> {
    const order = await this.order(sessionId);
    return {
      sessionId: order.sessionId ?? '',
      email: order.email,
      lines: order.lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        amountCents: l.amountCents,
      })),
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      discountLabel: order.discountLabel ?? null,
      totalCents: order.totalCents,
      currency: 'usd',
      status: order.status,
      successUrl: this.urls.success(order.sessionId ?? ''),
      cancelUrl: this.urls.cancel,
    };
  }

  async complete(sessionId: unknown, outcome: unknown): Promise<DevCheckoutResult> {
    const order = await this.order(sessionId);
    const chosen = validatePayload(DevCheckoutCompleteDto, { outcome }).outcome;
    const sid = order.sessionId ?? '';
    if (order.status === 'paid' || order.status === 'refunded') {
      return { redirectUrl: this.urls.success(sid) };
    }
    if (chosen === 'cancel') {
      const now = await this.locks.run(order._id, async () => {
        const canceled = await this.orders.transition(order._id, ['open'], { status: 'canceled' });
        return canceled ?? (await this.orders.findById(order._id)) ?? order;
      });
      const paid = now.status === 'paid' || now.status === 'refunded';
      return { redirectUrl: paid ? this.urls.success(sid) : this.urls.cancel };
    }
    if (order.status !== 'open') return { redirectUrl: this.urls.cancel };
    // not under the order's lock: the delivery comes back to this process's webhook, which takes it
    await this.deliver(order);
    return { redirectUrl: this.urls.success(sid) };
  }

  /** The order behind a local session id; 404 unless the test checkout is on. */
  private async order(sessionId: unknown): Promise<Order> {
    if (!simulatorEnabled(this.env))
      throw ServiceError.notFound(DEV_CHECKOUT_MESSAGES.notAvailable);
    const { sessionId: id } = validatePayload(DevCheckoutSessionParam, { sessionId });
    const order = await this.orders.findAnyBySessionId(id);
    if (!order) throw ServiceError.notFound(DEV_CHECKOUT_MESSAGES.notAvailable);
    return order;
  }

  /** Signs the event and delivers it as Stripe would: to the gateway's public webhook route. */
  private async deliver(order: Order): Promise<void> {
    const sid = order.sessionId ?? '';
    const event = buildCompletedEvent(
      order,
      {
        eventId: newLocalEventId(),
        paymentIntentId: newLocalPaymentIntentId(),
        created: Math.floor(Date.now() / 1000),
      },
      { success: this.urls.success(sid), cancel: this.urls.cancel },
    );
    const { payload, signature } = signEvent(this.stripe, event, this.env.STRIPE_WEBHOOK_SECRET);
    const url = this.env.CHECKOUT_WEBHOOK_URL;
    if (!url) {
      // no public route configured (a service started on its own): the same verification, in process
      await this.webhook.handle(payload, signature);
      return;
    }
    let status: number;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      rootLogger().error({ err, url, orderId: order._id }, 'test checkout webhook not delivered');
      // unreachable or no answer in time: 503 like an unreachable Stripe (toCheckoutError)
      throw deliveryFailed(503);
    }
    if (status < 200 || status >= 300) {
      rootLogger().error({ url, status, orderId: order._id }, 'test checkout webhook refused');
      throw deliveryFailed(502);
    }
  }
}

/** 503 when the webhook route did not answer, 502 when it refused (as toCheckoutError). */
function deliveryFailed(status: 502 | 503): ServiceError {
  return new ServiceError({
    status,
    code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
    message: CATALOG_MESSAGES.checkoutFailed,
  });
}
