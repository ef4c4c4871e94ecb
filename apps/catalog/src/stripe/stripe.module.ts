import { Global, Module } from '@nestjs/common';
import Stripe from 'stripe';
import { CatalogEnv } from '../config/catalog.env';
import { stripeClientOptions } from './stripe.options';

/** One Stripe SDK client for the service (inject `Stripe`). */
@Global()
@Module({
  providers: [
    {
      provide: Stripe,
      inject: [CatalogEnv],
      useFactory: (env: CatalogEnv) => new Stripe(env.STRIPE_SECRET_KEY, stripeClientOptions(env)),
    },
  ],
  exports: [Stripe],
})
export class StripeModule {}
