import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  Subjects,
  type UpdateUserPurchasesMessage,
  type UserPurchasesAnswer,
  type UserPurchasesMessage,
  type UserPurchasesPage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { AdminPurchasesService } from './admin-purchases.service';

/** NATS handlers of the admin purchases editor. */
@Controller()
export class AdminPurchasesController {
  constructor(private readonly purchases: AdminPurchasesService) {}

  @RpcPattern(Subjects.catalog.updateUserPurchases)
  update(@Payload() { actor, input }: UpdateUserPurchasesMessage): Promise<UserPurchasesAnswer> {
    return this.purchases.update(actor, input);
  }

  @RpcPattern(Subjects.catalog.userPurchases)
  userPurchases(@Payload() { actor, uid, page }: UserPurchasesMessage): Promise<UserPurchasesPage> {
    return this.purchases.userPurchases(actor, uid, page);
  }
}
