import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MongoProductsRepository } from './mongo-products.repository';
import { ProductRecord, ProductSchema } from './product.schema';
import { ProductsController } from './products.controller';
import { ProductsRepository } from './products.repository';
import { ProductsService } from './products.service';

/** The catalogue. Exports ProductsService (list/get) for access, admin and checkout. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ProductRecord.name, schema: ProductSchema }])],
  controllers: [ProductsController],
  providers: [{ provide: ProductsRepository, useClass: MongoProductsRepository }, ProductsService],
  exports: [ProductsService],
})
export class ProductsModule {}
