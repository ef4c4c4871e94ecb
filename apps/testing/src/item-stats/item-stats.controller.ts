import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type ItemErrorRates,
  type ItemErrorRatesMessage,
  type ItemStatsDetail,
  type ItemStatsGetMessage,
  type ItemStatsListMessage,
  type ItemStatsPage,
  Subjects,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { ItemStatsService } from './item-stats.service';

/** NATS handlers of the item analysis (admins only; the service checks). */
@Controller()
export class ItemStatsController {
  constructor(private readonly stats: ItemStatsService) {}

  @RpcPattern(Subjects.testing.itemStatsList)
  list(@Payload() m: ItemStatsListMessage): Promise<ItemStatsPage> {
    return this.stats.list(m.actor, m.query ?? {}, m.page);
  }

  @RpcPattern(Subjects.testing.itemStatsGet)
  get(@Payload() m: ItemStatsGetMessage): Promise<ItemStatsDetail> {
    return this.stats.get(m.actor, m.qid);
  }

  @RpcPattern(Subjects.testing.itemErrorRates)
  errorRates(@Payload() m: ItemErrorRatesMessage): Promise<ItemErrorRates> {
    return this.stats.errorRates(m.actor, m.filters ?? {});
  }
}
