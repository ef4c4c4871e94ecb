import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Product } from '@examprep/contracts';
import { Model } from 'mongoose';
import { ProductRecord, toProduct } from './product.schema';
import { ProductsRepository } from './products.repository';

/** The catalogue's queries (STYLE.md: a service's queries live in a repository beside it). */
@Injectable()
export class MongoProductsRepository extends ProductsRepository {
  constructor(@InjectModel(ProductRecord.name) private readonly products: Model<ProductRecord>) {
    super();
  }

  /**
   * No index: the whole collection, which is the catalogue (a dozen products written by
   * tools/seed, not growing with users), read at most once per PRODUCTS_CACHE_TTL_MS.
   */
  async findAll(): Promise<Product[]> {
    const docs = await this.products.find().lean<ProductRecord[]>().exec();
    return docs.map(toProduct);
  }
}
