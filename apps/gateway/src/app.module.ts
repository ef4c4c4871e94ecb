import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { NatsRpcClient } from '@examprep/nest-kit';
import { ThrottlerModule } from '@nestjs/throttler';
import { AdminUsersController } from './admin/admin-users.controller';
import { AnnouncementsController } from './announcements/announcements.controller';
import { InfiniteQbankController } from './qbank/infinite-qbank.controller';
import { CoursesController, QuestionsController } from './qbank/questions.controller';
import { SimulationsController } from './qbank/simulations.controller';
import { AuthGuard } from './auth/auth.guard';
import { TokenVerifier } from './auth/token-verifier';
import { CaptchaController } from './captcha/captcha.controller';
import { AdminPurchasesController } from './catalog/admin-purchases.controller';
import { TestsController } from './testing/tests.controller';
import { AdminTestsController } from './testing/admin-tests.controller';
import { ItemAnalysisController } from './testing/item-analysis.controller';
import { AdminLearningController, LearningController } from './learning/learning.controller';
import { AdminLicencesController, AdminLtiController } from './schools/admin-lti.controller';
import { InstructorController } from './schools/instructor.controller';
import { LtiController } from './schools/lti.controller';
import { LtiLearnersController } from './schools/lti-learners.controller';
import { CheckoutController } from './catalog/checkout.controller';
import { ProductsController } from './catalog/products.controller';
import { StripeWebhookController } from './catalog/stripe-webhook.controller';
import { GatewayConfigModule } from './config/config.module';
import { GatewayEnv } from './config/gateway.env';
import { HttpExceptionFilter } from './errors/http-exception.filter';
import { HealthController } from './health/health.controller';
import { IdentityController } from './identity/identity.controller';
import { MediaController } from './media/media.controller';
import { PdfController } from './media/pdf.controller';
import { NatsKvRateCounters, SharedThrottlerStorage } from './http/shared-throttler.storage';
import { RATE_LIMITED_MESSAGE, setRateLimitScale } from './http/rate-limit';
import { ActorThrottlerGuard } from './http/throttler.guard';
import { PublicConfigController } from './public-config/public-config.controller';
import { RpcModule } from './rpc/rpc.module';
import { SanitizeController } from './sanitize/sanitize.controller';

@Module({})
export class GatewayModule {
  static forRoot(env: GatewayEnv, options: { tokenVerifier?: TokenVerifier } = {}): DynamicModule {
    setRateLimitScale(env.RATE_LIMIT_SCALE);
    return {
      module: GatewayModule,
      imports: [
        GatewayConfigModule.forRoot(env),
        RpcModule,
        ThrottlerModule.forRootAsync({
          inject: [NatsRpcClient],
          useFactory: (rpc: NatsRpcClient) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: env.RATE_LIMIT_PER_MINUTE }],
            // the strict limits count across every replica, in NATS (ADR 0027)
            storage: new SharedThrottlerStorage(
              new NatsKvRateCounters(() => rpc.connection),
              env.RATE_LIMIT_SCALE,
            ),
            errorMessage: RATE_LIMITED_MESSAGE,
          }),
        }),
      ],
      controllers: [
        HealthController,
        PublicConfigController,
        AnnouncementsController,
        IdentityController,
        CaptchaController,
        SanitizeController,
        AdminUsersController,
        QuestionsController,
        CoursesController,
        InfiniteQbankController,
        SimulationsController,
        ProductsController,
        CheckoutController,
        StripeWebhookController,
        AdminPurchasesController,
        TestsController,
        AdminTestsController,
        ItemAnalysisController,
        LearningController,
        LtiController,
        LtiLearnersController,
        InstructorController,
        AdminLtiController,
        AdminLicencesController,
        AdminLearningController,
        MediaController,
        PdfController,
      ],
      providers: [
        {
          provide: TokenVerifier,
          useValue:
            options.tokenVerifier ??
            new TokenVerifier({
              issuer: env.OIDC_ISSUER,
              audience: env.OIDC_AUDIENCE,
              algorithms: env.OIDC_ALGORITHMS,
              jwksUrl: env.OIDC_JWKS_URL,
            }),
        },
        // order matters: authenticate first, then rate-limit per user (or per address)
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: ActorThrottlerGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
