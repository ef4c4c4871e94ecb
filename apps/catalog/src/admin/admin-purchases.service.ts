import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  ADMIN_USER_MESSAGES,
  type UpdateUserPurchasesInput,
  UpdateUserPurchasesDto,
  type PageRequest,
  type UserPurchasesAnswer,
  type UserPurchasesPage,
  UserPurchasesQuery,
} from '@examprep/contracts';
import {
  pageLimit,
  purchasesTotal,
  requireAdmin,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { purchaseChanges } from '../entitlements/ledger';
import { ProductsService } from '../products/products.service';
import { IDENTITY_CALLS, type IdentityCalls } from './identity-peer';

export const unknownOrFreeProduct = (id: string) => `Unknown or free product: ${id}.`;

/**
 * The admin purchases editor (admin spec §2.8, §4, §7 update-user-purchases): an edit becomes
 * ledger entries for what changed (source admin, by the admin's email); nothing is overwritten
 * without a trace. Only for a user that exists (the identity service says so): a made-up uid is
 * 404 'User not found.' with nothing written (issue 24).
 */
@Injectable()
export class AdminPurchasesService {
  constructor(
    private readonly products: ProductsService,
    private readonly entitlements: EntitlementsService,
    @Inject(IDENTITY_CALLS) private readonly identity: IdentityCalls,
  ) {}

  /** POST /api/update-user-purchases: only products priced above 0 can be given or taken. */
  async update(actor: Actor | null, input: UpdateUserPurchasesInput): Promise<UserPurchasesAnswer> {
    requireAdmin(actor);
    const dto = validatePayload(UpdateUserPurchasesDto, input);
    const problems: string[] = [];
    for (const id of Object.keys(dto.purchases)) {
      const product = await this.products.get(id);
      if (!product || !(product.price > 0)) problems.push(unknownOrFreeProduct(id));
    }
    if (problems.length > 0)
      throw ServiceError.badRequest(problems.join(' '), { purchases: problems });
    await this.assertUserExists(actor, dto.uid);
    const current = await this.entitlements.purchasesOf(dto.uid);
    const changes = purchaseChanges(current, dto.purchases);
    const holdings = await this.entitlements.apply(dto.uid, changes, {
      source: 'admin',
      by: actor.email,
      orderId: null,
    });
    const grants = changes.filter((c) => c.action === 'grant').length;
    if (grants > 0) purchasesTotal.inc({ kind: 'grant' }, grants);
    // the history's first page (the editor reads it again, with its next pages)
    const history = await this.entitlements.history(dto.uid, undefined, pageLimit(undefined));
    return { uid: dto.uid, purchases: holdings.purchases, history: history.items };
  }

  /**
   * GET /api/admin/user-purchases?uid=&cursor=&limit=: what the user holds (whole: bounded by
   * the catalogue) and one page of their grants and revocations, newest first (ADR 0026), with
   * the next page's cursor. A bad cursor or limit is a 400 naming it.
   */
  async userPurchases(
    actor: Actor | null,
    uid: string,
    page: PageRequest = {},
  ): Promise<UserPurchasesPage> {
    requireAdmin(actor);
    const dto = validatePayload(UserPurchasesQuery, { uid, ...page });
    await this.assertUserExists(actor, dto.uid);
    const [purchases, history] = await Promise.all([
      this.entitlements.purchasesOf(dto.uid),
      this.entitlements.history(dto.uid, dto.cursor, pageLimit(dto.limit)),
    ]);
    return { uid: dto.uid, purchases, history: history.items, next: history.next };
  }

  /** 404 'User not found.' unless the identity service knows the user (auth or database). */
  private async assertUserExists(actor: Actor, uid: string): Promise<void> {
    if (!(await this.identity.userExists(actor, uid)))
      throw ServiceError.notFound(ADMIN_USER_MESSAGES.userNotFound);
  }
}
