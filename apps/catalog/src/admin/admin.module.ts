import { Module } from '@nestjs/common';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { ProductsModule } from '../products/products.module';
import { AdminPurchasesController } from './admin-purchases.controller';
import { AdminPurchasesService } from './admin-purchases.service';
import { IDENTITY_CALLS, IdentityPeer } from './identity-peer';

@Module({
  imports: [ProductsModule, EntitlementsModule],
  controllers: [AdminPurchasesController],
  providers: [AdminPurchasesService, { provide: IDENTITY_CALLS, useClass: IdentityPeer }],
})
export class AdminModule {}
