import { type DynamicModule, Module } from '@nestjs/common';
import { createRpcHealthController, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { CatalogConfigModule } from './config/catalog-config.module';
import type { CatalogEnv } from './config/catalog.env';
import { AccessModule } from './access/access.module';
import { AdminModule } from './admin/admin.module';
import { CheckoutModule } from './checkout/checkout.module';
import { EntitlementsModule } from './entitlements/entitlements.module';
import { ProductsModule } from './products/products.module';

@Module({})
export class AppModule {
  static forRoot(env: CatalogEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CatalogConfigModule.forRoot(env),
        MongoModule.forRoot(env.CATALOG_MONGODB_URI),
        JetStreamModule.forRoot({ servers: env.NATS_URL, name: 'catalog' }),
        ProductsModule,
        EntitlementsModule,
        AccessModule,
        AdminModule,
        CheckoutModule,
      ],
      controllers: [createRpcHealthController('catalog')],
    };
  }
}
