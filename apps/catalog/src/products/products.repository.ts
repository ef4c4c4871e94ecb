import type { Product } from '@examprep/contracts';

/**
 * The port of the catalogue's store (`products`, document id = product id; written only by
 * tools/seed). MongoProductsRepository is the real one; unit specs use FakeProductsRepository.
 * Products belong to no user.
 */
export abstract class ProductsRepository {
  /** Every product, in no particular order (ProductsService sorts and caches them). */
  abstract findAll(): Promise<Product[]>;
}
