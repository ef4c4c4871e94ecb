import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Product } from '@examprep/contracts';
import { Model } from 'mongoose';
import { ProductRecord, toProduct } from './product.schema';

/** The catalogue's queries (STYLE.md: a service's queries live in a repository beside it). */
@Injectable()
export class ProductsRepository {
  constructor(@InjectModel(ProductRecord.name) private readonly products: Model<ProductRecord>) {}

  async findAll(): Promise<Product[]> {
    const docs = await this.products.find().lean<ProductRecord[]>().exec();
    return docs.map(toProduct);
  }
}
