import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  Envelope,
  ItemErrorRates,
  ItemStatsDetail,
  ItemStatsFilters,
  ItemStatsListQuery,
  ItemStatsPage,
  PageRequest,
  TestSubmittedEvent,
} from '../types';

/** Admin only: a keyset page of the item statistics under the filters, in the order asked. */
export type ItemStatsListMessage = Envelope<{ query: ItemStatsListQuery; page?: PageRequest }>;
/** Admin only: one question's statistics with its responses and time histogram. */
export type ItemStatsGetMessage = Envelope<{ qid: string }>;
/** Admin only: the error rates per generator topic and per named misconception. */
export type ItemErrorRatesMessage = Envelope<{ filters: ItemStatsFilters }>;

/** The item-analysis part of RpcMap (the testing service answers). */
export interface ItemStatsRpc {
  [Subjects.testing.itemStatsList]: RpcPair<ItemStatsListMessage, ItemStatsPage>;
  [Subjects.testing.itemStatsGet]: RpcPair<ItemStatsGetMessage, ItemStatsDetail>;
  [Subjects.testing.itemErrorRates]: RpcPair<ItemErrorRatesMessage, ItemErrorRates>;
}

/** The item-analysis part of EventMap. */
export interface ItemStatsEvents {
  [Events.testSubmitted]: TestSubmittedEvent;
}
