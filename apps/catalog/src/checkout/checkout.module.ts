import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { ProductsModule } from '../products/products.module';
import { StripeModule } from '../stripe/stripe.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { CouponRecord, CouponSchema } from './coupon.schema';
import { CouponsRepository } from './coupons.repository';
import { CouponsService } from './coupons.service';
import { DevCheckoutService } from './dev-checkout.service';
import { FulfilmentQueue } from './fulfilment.queue';
import { FulfilmentRelay } from './fulfilment.relay';
import { FulfilmentService } from './fulfilment.service';
import { MongoCouponsRepository } from './mongo-coupons.repository';
import { MongoOrdersRepository } from './mongo-orders.repository';
import { MongoStripeEventsRepository } from './mongo-stripe-events.repository';
import { OpenCheckoutsService } from './open-checkouts.service';
import { OrderLocks } from './order-locks';
import { OrderRecord, OrderSchema } from './order.schema';
import { OrdersRepository } from './orders.repository';
import { StripeEventRecord, StripeEventSchema } from './stripe-event.schema';
import { StripeEventsRepository } from './stripe-events.repository';
import { UserErasureService } from './user-erasure.service';
import { WebhookService } from './webhook.service';
import { WebhookWorker } from './webhook.worker';

/**
 * Stripe Checkout (ADR 0018): coupons, orders, create-checkout-session, the webhook and its
 * fulfilment (with the relay that finishes what a crash left), the local test checkout, and
 * the erasure of a deleted user's orders and ledger (ADR 0023).
 */
@Module({
  imports: [
    StripeModule,
    ProductsModule,
    EntitlementsModule,
    MongooseModule.forFeature([
      { name: CouponRecord.name, schema: CouponSchema },
      { name: OrderRecord.name, schema: OrderSchema },
      { name: StripeEventRecord.name, schema: StripeEventSchema },
    ]),
  ],
  controllers: [CheckoutController],
  providers: [
    { provide: CouponsRepository, useClass: MongoCouponsRepository },
    CouponsService,
    { provide: OrdersRepository, useClass: MongoOrdersRepository },
    OrderLocks,
    { provide: StripeEventsRepository, useClass: MongoStripeEventsRepository },
    CheckoutService,
    FulfilmentService,
    OpenCheckoutsService,
    FulfilmentQueue,
    FulfilmentRelay,
    WebhookWorker,
    WebhookService,
    DevCheckoutService,
    UserErasureService,
  ],
})
export class CheckoutModule {}
