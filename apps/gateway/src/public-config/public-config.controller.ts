import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicConfig } from '@examprep/contracts';
import { Public } from '../auth/auth.decorators';
import { GatewayEnv } from '../config/gateway.env';
import { AUTHZ, Authz } from '../auth/authz.decorator';

@ApiTags('config')
@Controller('public-config')
export class PublicConfigController {
  private readonly config: PublicConfig;

  constructor(env: GatewayEnv) {
    this.config = {
      productName: env.PRODUCT_NAME,
      supportEmail: env.SUPPORT_EMAIL,
      keycloak: {
        url: env.KEYCLOAK_PUBLIC_URL,
        realm: env.KEYCLOAK_REALM,
        clientId: env.KEYCLOAK_WEB_CLIENT_ID,
      },
      staging: env.STAGING,
      maintenance: {
        enabled: env.MAINTENANCE_ENABLED,
        message: env.MAINTENANCE_MESSAGE,
        expectedCompletion: env.MAINTENANCE_EXPECTED_COMPLETION ?? null,
      },
    };
  }

  @Get()
  @Authz(AUTHZ.everyone(200))
  @Public()
  @Header('cache-control', 'public, max-age=60')
  @ApiOperation({
    summary: 'What the web app needs before it starts (identity provider, flags, product name).',
  })
  @ApiOkResponse({ description: 'PublicConfig' })
  get(): PublicConfig {
    return this.config;
  }
}
