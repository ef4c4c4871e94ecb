import type { Product } from '@examprep/contracts';
import type { ProductsRepository } from '../../src/products/products.repository';

/** An in-memory ProductsRepository: the catalogue given; `findAll` counts its calls. */
export class FakeProductsRepository implements ProductsRepository {
  constructor(readonly products: Product[] = []) {}

  findAll = jest.fn(async (): Promise<Product[]> => this.products.map((p) => ({ ...p })));
}
