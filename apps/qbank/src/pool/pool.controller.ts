import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type PoolAnswer, type PoolMessage, Subjects } from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { PoolService } from './pool.service';

/** Service to service (the testing service's draw for a new test); the gateway has no route to it. */
@Controller()
export class PoolController {
  constructor(private readonly pool: PoolService) {}

  @RpcPattern(Subjects.qbank.pool)
  draw(@Payload() { query }: PoolMessage): Promise<PoolAnswer> {
    return this.pool.draw(query);
  }
}
