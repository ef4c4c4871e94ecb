import { Controller } from '@nestjs/common';
import { type ProductsResponse, Subjects } from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { ProductsService } from './products.service';

/** NATS handlers of the catalogue. */
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  /** GET /api/products: public (anonymous callers too). */
  @RpcPattern(Subjects.catalog.listProducts)
  async list(): Promise<ProductsResponse> {
    return { products: await this.products.list() };
  }
}
