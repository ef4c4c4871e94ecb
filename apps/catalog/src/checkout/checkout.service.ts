import { Injectable } from '@nestjs/common';
import {
  type Actor,
  CATALOG_MESSAGES,
  type CheckoutResult,
  CheckoutSessionParam,
  type CheckoutSessionAnswer,
  type CheckoutSessionInput,
  CheckoutSessionDto,
  ErrorCodes,
  holdsProduct,
  isFreeProduct,
  type Product,
  type ProductType,
} from '@examprep/contracts';
import { requireVerified, rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import Stripe from 'stripe';
import { CatalogEnv } from '../config/catalog.env';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { ProductsService } from '../products/products.service';
import {
  isStripeAlreadyExists,
  isStripeNotFound,
  toCheckoutError,
  withinDeadline,
} from '../stripe/stripe-errors';
import { simulatorEnabled, STRIPE_CHECKOUT_DEADLINE_MS } from '../stripe/stripe.options';
import { checkoutUrls, newLocalSessionId, newOrderId } from './checkout-ids';
import type { Coupon } from './coupon.rules';
import { CouponsService } from './coupons.service';
import { type PricedOrder, priceOrder, type StripeCouponSpec } from './order-pricing';
import type { Order } from './order.schema';
import { OrdersRepository } from './orders.repository';

/** Stripe metadata values hold at most 500 characters. */
const METADATA_VALUE_MAX = 500;

/** Why a product cannot be bought (each sentence names the product). */
export const PRODUCT_PROBLEMS = {
  unknown: (id: string) => `There is no product "${id}".`,
  free: (name: string) => `${name} is free: it needs no purchase.`,
  owned: (name: string) => `You already own ${name}.`,
} as const;

/** 'design' when every product is a design product, else 'math' (learner spec §4 Checkout). */
export function intendedProductTypeOf(products: readonly Pick<Product, 'type'>[]): ProductType {
  return products.length > 0 && products.every((p) => p.type === 'design') ? 'design' : 'math';
}

/**
 * POST /api/create-checkout-session (learner spec §4, §7; ADR 0018): the server prices the
 * order from the catalogue, records it, then asks Stripe for a Checkout Session.
 */
@Injectable()
export class CheckoutService {
  private readonly urls: ReturnType<typeof checkoutUrls>;

  constructor(
    private readonly products: ProductsService,
    private readonly entitlements: EntitlementsService,
    private readonly coupons: CouponsService,
    private readonly orders: OrdersRepository,
    private readonly stripe: Stripe,
    private readonly env: CatalogEnv,
  ) {
    this.urls = checkoutUrls(env.WEB_URL);
  }

  async create(
    actor: Actor | null,
    input: CheckoutSessionInput | undefined,
  ): Promise<CheckoutSessionAnswer> {
    requireVerified(actor);
    const dto = validatePayload(CheckoutSessionDto, input ?? {});
    this.coupons.checkFormat(dto.couponCode);
    const products = await this.purchasable(actor.uid, dto.products);
    const coupon = await this.coupons.resolve(dto.couponCode);
    const priced = priceOrder(products, coupon);
    const intendedProductType = intendedProductTypeOf(products);

    const orderId = newOrderId();
    await this.orders.insert({
      _id: orderId,
      uid: actor.uid,
      email: actor.email,
      productIds: products.map((p) => p.id),
      lines: priced.lines,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      discountLabel: priced.discountLabel,
      couponCode: coupon?.code ?? null,
      intendedProductType,
      currency: 'usd',
      status: 'open',
      sessionId: null,
      checkoutUrl: null,
      paymentIntentId: null,
      fulfilment: 'none',
      revocation: 'none',
      failureReason: null,
      paidAt: null,
      refundedAt: null,
      alreadyOwned: [],
      refund: 'none',
      refundCents: null,
      refundId: null,
      erasedAt: null,
    });

    try {
      const { id, url } = await withinDeadline(
        this.startSession(orderId, actor, priced, coupon),
        STRIPE_CHECKOUT_DEADLINE_MS,
      );
      await this.orders.attachSession(orderId, id, url);
      rootLogger().info({ orderId, sessionId: id, total: priced.totalCents }, 'checkout started');
      return { id, intendedProductType, url };
    } catch (err) {
      const reason = failureReasonOf(err);
      rootLogger().error({ err, orderId }, 'checkout failed; order marked failed');
      await this.orders
        .transition(orderId, ['open'], { status: 'failed', failureReason: reason })
        .catch((e: unknown) => rootLogger().error({ err: e, orderId }, 'could not mark failed'));
      throw toCheckoutError(err);
    }
  }

  /**
   * GET /api/checkout-sessions/{sessionId} (beyond the spec): what became of the caller's own
   * payment, for the payment result page; 404 alike for an unknown session and another
   * learner's.
   */
  async result(actor: Actor | null, sessionId: unknown): Promise<CheckoutResult> {
    requireVerified(actor);
    const { sessionId: id } = validatePayload(CheckoutSessionParam, { sessionId });
    const order = await this.orders.findOwnBySessionId(id, actor.uid);
    if (!order) throw ServiceError.notFound(CHECKOUT_RESULT_MESSAGES.notFound);
    return checkoutResultOf(order);
  }

  /**
   * The products, each existing, priced above 0 and not held by the user; otherwise 400
   * PRODUCT_PROBLEM with a sentence per product. Nothing has been sent anywhere yet.
   */
  private async purchasable(uid: string, ids: readonly string[]): Promise<Product[]> {
    const purchases = await this.entitlements.purchasesOf(uid);
    const found: Product[] = [];
    const problems: string[] = [];
    for (const id of ids) {
      const product = await this.products.get(id);
      if (!product) problems.push(PRODUCT_PROBLEMS.unknown(id));
      else if (isFreeProduct(product) || !(product.price > 0))
        problems.push(PRODUCT_PROBLEMS.free(product.name));
      else if (holdsProduct(purchases, product.id))
        problems.push(PRODUCT_PROBLEMS.owned(product.name));
      else found.push(product);
    }
    if (problems.length > 0) {
      throw ServiceError.badRequest(
        problems.join(' '),
        { products: problems },
        ErrorCodes.PRODUCT_PROBLEM,
      );
    }
    return found;
  }

  private async startSession(
    orderId: string,
    actor: Actor,
    priced: PricedOrder,
    coupon: Coupon | null,
  ): Promise<{ id: string; url: string }> {
    if (priced.stripeCoupon) await this.ensureStripeCoupon(priced.stripeCoupon);
    const productIds = priced.lines.map((l) => l.productId).join(',');
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: priced.lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: line.amountCents,
            product_data: { name: line.name, metadata: { productId: line.productId } },
          },
        })),
        ...(priced.stripeCoupon ? { discounts: [{ coupon: priced.stripeCoupon.id }] } : {}),
        client_reference_id: orderId,
        metadata: {
          orderId,
          uid: actor.uid,
          ...(productIds.length <= METADATA_VALUE_MAX ? { productIds } : {}),
          ...(coupon ? { couponCode: coupon.code } : {}),
        },
        customer_email: actor.email,
        success_url: this.urls.successTemplate,
        cancel_url: this.urls.cancel,
      },
      { idempotencyKey: orderId },
    );
    if (simulatorEnabled(this.env)) {
      // stripe-mock validated the call but answers the same fixture session to everyone:
      // the order gets its own unguessable id and the local test checkout page
      const id = newLocalSessionId();
      return { id, url: this.urls.devCheckout(id) };
    }
    if (!session.url) {
      rootLogger().error({ orderId, sessionId: session.id }, 'Stripe answered no session url');
      throw new ServiceError({
        status: 502,
        code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
        message: CATALOG_MESSAGES.checkoutFailed,
      });
    }
    return { id: session.id, url: session.url };
  }

  /** The Stripe coupon with this id (its id names its terms): retrieved, or made on a 404. */
  private async ensureStripeCoupon(spec: StripeCouponSpec): Promise<void> {
    try {
      await this.stripe.coupons.retrieve(spec.id);
      return;
    } catch (err) {
      if (!isStripeNotFound(err)) throw err;
    }
    try {
      await this.stripe.coupons.create(
        {
          id: spec.id,
          name: spec.name,
          duration: 'once',
          ...(spec.percentOff !== null
            ? { percent_off: spec.percentOff }
            : { amount_off: spec.amountOffCents ?? 0, currency: 'usd' }),
        },
        { idempotencyKey: `coupon:${spec.id}` },
      );
    } catch (err) {
      // another checkout made it at the same moment
      if (!isStripeAlreadyExists(err)) throw err;
    }
  }
}

export const CHECKOUT_RESULT_MESSAGES = {
  notFound: 'There is no checkout with this id.',
} as const;

/** The learner's view of an order (pure). */
export function checkoutResultOf(order: Order): CheckoutResult {
  const names = new Map(order.lines.map((l) => [l.productId, l.name]));
  const named = (ids: readonly string[]) => ids.map((id) => ({ id, name: names.get(id) ?? id }));
  return {
    sessionId: order.sessionId ?? '',
    status: resultStatus(order),
    intendedProductType: order.intendedProductType,
    products: named(order.productIds),
    totalCents: order.totalCents,
    alreadyOwned: named(order.alreadyOwned ?? []),
    refund:
      order.refund === 'pending' || order.refund === 'done'
        ? { amountCents: order.refundCents ?? 0, state: order.refund }
        : null,
  };
}

function resultStatus(order: Order): CheckoutResult['status'] {
  switch (order.status) {
    case 'open':
    case 'awaiting_payment':
      return 'pending';
    case 'paid':
      return order.fulfilment === 'done' ? 'paid' : 'pending';
    default:
      return order.status;
  }
}

function failureReasonOf(err: unknown): string {
  if (err instanceof Error) {
    const type = (err as { type?: unknown }).type;
    return `${typeof type === 'string' ? type : err.name}: ${err.message}`.slice(0, 500);
  }
  return String(err).slice(0, 500);
}
