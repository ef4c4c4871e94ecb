import { Injectable } from '@nestjs/common';
import {
  accessProductId,
  type Actor,
  CATALOG_MESSAGES,
  isFreeProduct,
  ProductAccessDto,
  type ProductAccessAnswer,
  SIMULATIONS_PRODUCT_ID,
} from '@examprep/contracts';
import { requireVerified, ServiceError, validatePayload } from '@examprep/nest-kit';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { ProductsService } from '../products/products.service';

/**
 * Learner spec §6, §7: whether a verified user may open a product. Decided here alone (ADR
 * 0018): the aliases, free products (price 0), then the ledger's holdings. The hot path: the
 * product from the in-memory catalogue, at most one read of the holdings document by id.
 */
@Injectable()
export class AccessService {
  constructor(
    private readonly products: ProductsService,
    private readonly entitlements: EntitlementsService,
  ) {}

  /** POST /api/check-product-access */
  async check(actor: Actor | null, productId: string): Promise<ProductAccessAnswer> {
    requireVerified(actor);
    validatePayload(ProductAccessDto, { productId });
    const id = accessProductId(productId);
    const product = await this.products.get(id);
    if (!product) throw ServiceError.notFound(CATALOG_MESSAGES.productNotFound);
    if (isFreeProduct(product)) return { authorized: true };
    return { authorized: await this.entitlements.holds(actor.uid, id) };
  }

  /**
   * GET /api/check-simulations-access: the pump simulator comes with the Med Dosage QBank.
   * Admins always have it (ADR 0021 §6: they review the simulator whatever they hold); paid
   * products stay a matter of ownership for them (check).
   */
  async simulations(actor: Actor | null): Promise<ProductAccessAnswer> {
    requireVerified(actor);
    if (actor.isAdmin) return { authorized: true };
    return this.check(actor, SIMULATIONS_PRODUCT_ID);
  }
}
