import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CheckAccessMessage,
  type CheckSimulationsAccessMessage,
  type ProductAccessAnswer,
  Subjects,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { AccessService } from './access.service';

/** NATS handlers of the access checks. */
@Controller()
export class AccessController {
  constructor(private readonly access: AccessService) {}

  @RpcPattern(Subjects.catalog.checkAccess)
  check(@Payload() { actor, productId }: CheckAccessMessage): Promise<ProductAccessAnswer> {
    return this.access.check(actor, productId);
  }

  @RpcPattern(Subjects.catalog.checkSimulationsAccess)
  simulations(@Payload() { actor }: CheckSimulationsAccessMessage): Promise<ProductAccessAnswer> {
    return this.access.simulations(actor);
  }
}
