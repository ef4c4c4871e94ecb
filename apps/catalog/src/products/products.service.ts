import { TtlCache } from '@examprep/nest-kit';
import { Injectable } from '@nestjs/common';
import type { Product } from '@examprep/contracts';
import { compareProducts } from './product.schema';
import { ProductsRepository } from './products.repository';

/** Products change only when tools/seed runs; every replica re-reads them this often. */
export const PRODUCTS_CACHE_TTL_MS = 5_000;

interface Catalogue {
  list: Product[];
  byId: ReadonlyMap<string, Product>;
}

/**
 * The catalogue (learner spec §3 Product), kept in memory for a few seconds: the access check
 * (the hot path) and checkout read products from here, never from the database per request.
 */
@Injectable()
export class ProductsService {
  private readonly cache = new TtlCache<Catalogue>(PRODUCTS_CACHE_TTL_MS);

  constructor(private readonly repository: ProductsRepository) {}

  /** Every product, sorted by type, section, order (then id). */
  async list(): Promise<Product[]> {
    return (await this.catalogue()).list;
  }

  /** The product with this id (own keys only: '__proto__' is simply unknown), or undefined. */
  async get(id: string): Promise<Product | undefined> {
    return (await this.catalogue()).byId.get(id);
  }

  private catalogue(): Promise<Catalogue> {
    return this.cache.get(async () => {
      const list = (await this.repository.findAll()).sort(compareProducts);
      return { list, byId: new Map(list.map((p) => [p.id, p])) };
    });
  }
}
