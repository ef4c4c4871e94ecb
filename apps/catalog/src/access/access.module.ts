import { Module } from '@nestjs/common';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { ProductsModule } from '../products/products.module';
import { AccessController } from './access.controller';
import { AccessService } from './access.service';

@Module({
  imports: [ProductsModule, EntitlementsModule],
  controllers: [AccessController],
  providers: [AccessService],
})
export class AccessModule {}
