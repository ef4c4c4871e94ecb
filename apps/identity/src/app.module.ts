import { type DynamicModule, Module } from '@nestjs/common';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { CaptchaModule } from './captcha/captcha.module';
import type { IdentityEnv } from './config/identity.env';
import { LtiModule } from './lti/lti.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    const users = UsersModule.forRoot(
      {
        url: env.KEYCLOAK_URL,
        realm: env.KEYCLOAK_REALM,
        clientId: env.KEYCLOAK_CLIENT_ID,
        clientSecret: env.KEYCLOAK_CLIENT_SECRET,
      },
      { webClientId: env.KEYCLOAK_WEB_CLIENT_ID, webUrl: env.WEB_URL },
      {
        everyMs: env.USER_DIRECTORY_REBUILD_MS,
        retryMs: Math.min(30_000, env.USER_DIRECTORY_REBUILD_MS),
        atStart: true,
      },
    );
    return {
      module: AppModule,
      imports: [
        MongoModule.forRoot(env.IDENTITY_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'identity' }),
        users,
        LtiModule.forRoot(users),
        CaptchaModule.forRoot({ businessNumber: env.CONTACT_BUSINESS_NUMBER }),
      ],
      controllers: [createRpcHealthController('identity')],
    };
  }
}
