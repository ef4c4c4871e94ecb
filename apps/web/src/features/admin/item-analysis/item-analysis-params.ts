import {
  ITEM_STATS_SORTS,
  type ItemStatsListQuery,
  type ItemStatsSort,
  SORT_DIRECTIONS,
  type SortDirection,
} from '@examprep/contracts/types';

/** The screen's state in the URL: filters, order and the question whose details are open. */
export interface ItemAnalysisView extends Required<Pick<ItemStatsListQuery, 'sort' | 'dir'>> {
  course?: string;
  objective?: string;
  qid?: string;
}

export const DEFAULT_SORT: ItemStatsSort = 'facility';
export const DEFAULT_DIR: SortDirection = 'asc';

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : undefined;

export function viewFromParams(params: URLSearchParams): ItemAnalysisView {
  const course = params.get('course') || undefined;
  return {
    course,
    objective: course ? params.get('objective') || undefined : undefined,
    sort: oneOf(ITEM_STATS_SORTS, params.get('sort')) ?? DEFAULT_SORT,
    dir: oneOf(SORT_DIRECTIONS, params.get('dir')) ?? DEFAULT_DIR,
    qid: params.get('q') || undefined,
  };
}

export function viewToParams(view: ItemAnalysisView): URLSearchParams {
  const p = new URLSearchParams();
  if (view.course) p.set('course', view.course);
  if (view.course && view.objective) p.set('objective', view.objective);
  if (view.sort !== DEFAULT_SORT) p.set('sort', view.sort);
  if (view.dir !== DEFAULT_DIR) p.set('dir', view.dir);
  if (view.qid) p.set('q', view.qid);
  return p;
}

/** A click on a column heading: the other column ascending, the same one reversed. */
export function nextOrder(
  view: Pick<ItemAnalysisView, 'sort' | 'dir'>,
  sort: ItemStatsSort,
): Pick<ItemAnalysisView, 'sort' | 'dir'> {
  if (view.sort !== sort) return { sort, dir: 'asc' };
  return { sort, dir: view.dir === 'asc' ? 'desc' : 'asc' };
}
