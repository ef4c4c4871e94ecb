import { ITEM_STATS_SORTS, type ItemStatsSort, type SortDirection } from '@examprep/contracts';
import { Keyset } from '@examprep/nest-kit';
import type { ItemStatsDoc } from './item-stats.repository';
import { SORT_FIELD } from './item-stats.schema';

/**
 * The keyset of each order of the item list (ADR 0026): the stored sort field, then the qid,
 * both in the direction asked (one index serves both directions).
 */
function keyset(sort: ItemStatsSort, dir: SortDirection): Keyset<ItemStatsDoc> {
  const field = SORT_FIELD[sort];
  const d = dir === 'asc' ? 1 : -1;
  return new Keyset<ItemStatsDoc>([
    { field, dir: d, kind: 'number', of: (row) => row[field] },
    { field: '_id', dir: d, kind: 'string', of: (row) => row.qid },
  ]);
}

const ORDERS = new Map(
  ITEM_STATS_SORTS.flatMap((sort) =>
    (['asc', 'desc'] as const).map((dir) => [`${sort}:${dir}`, keyset(sort, dir)] as const),
  ),
);

export function itemStatsOrder(sort: ItemStatsSort, dir: SortDirection): Keyset<ItemStatsDoc> {
  return ORDERS.get(`${sort}:${dir}`)!;
}
