import type { ItemStatsRow, ItemStatsSort } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { ItemAnalysisView } from './item-analysis-params';
import { TableRegion } from './TableRegion';
import {
  decimal,
  duration,
  ITEM_ANALYSIS_MESSAGES as T,
  percent,
  SORT_LABELS,
} from './item-analysis.messages';

/** A column heading that sorts: a button inside the header cell, its order in aria-sort. */
function SortHeader({
  sort,
  view,
  onSort,
}: {
  sort: ItemStatsSort;
  view: Pick<ItemAnalysisView, 'sort' | 'dir'>;
  onSort: (sort: ItemStatsSort) => void;
}) {
  const active = view.sort === sort;
  const ariaSort = active ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className="text-nowrap text-end">
      <Button
        variant="link"
        size="sm"
        className="p-0 fw-semibold text-decoration-none"
        onClick={() => onSort(sort)}
        aria-label={T.sortBy(SORT_LABELS[sort])}
        data-testid={`sort-${sort}`}
      >
        {SORT_LABELS[sort]}
        <span aria-hidden="true" className="ms-1">
          {active ? (view.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Button>
    </th>
  );
}

/** The item list: one row per question, sortable by its statistics (react-bootstrap Table). */
export function ItemStatsTable({
  items,
  view,
  onSort,
  onDetails,
}: {
  items: ItemStatsRow[];
  view: Pick<ItemAnalysisView, 'sort' | 'dir' | 'qid'>;
  onSort: (sort: ItemStatsSort) => void;
  onDetails: (qid: string) => void;
}) {
  return (
    <TableRegion label={T.tableCaption}>
      <Table hover size="sm" className="align-middle mb-0" data-testid="item-stats-table">
        <caption className="visually-hidden">{T.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.colQid}</th>
            <th scope="col">{T.colQuestion}</th>
            <th scope="col" className="d-none d-md-table-cell">
              {T.colCourse}
            </th>
            <SortHeader sort="n" view={view} onSort={onSort} />
            <SortHeader sort="facility" view={view} onSort={onSort} />
            <SortHeader sort="discrimination" view={view} onSort={onSort} />
            <SortHeader sort="flagRate" view={view} onSort={onSort} />
            <SortHeader sort="medianTime" view={view} onSort={onSort} />
            <th scope="col">
              <span className="visually-hidden">{T.colActions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.qid} className={view.qid === row.qid ? 'table-active' : undefined}>
              <td className="font-monospace">{row.qid}</td>
              <td className="small" style={{ minWidth: '12rem' }}>
                {row.stem}
              </td>
              <td className="small d-none d-md-table-cell">
                {row.course}
                <br />
                <span className="text-body-secondary">{row.objective}</span>
              </td>
              <td className="text-end">{row.n}</td>
              <td className="text-end">{percent(row.facility)}</td>
              <td className={`text-end ${(row.discrimination ?? 1) < 0.2 ? 'text-danger' : ''}`}>
                {decimal(row.discrimination)}
              </td>
              <td className="text-end">{percent(row.flagRate)}</td>
              <td className="text-end text-nowrap">{duration(row.medianSeconds)}</td>
              <td>
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() => onDetails(row.qid)}
                  aria-label={T.details(row.qid)}
                  aria-pressed={view.qid === row.qid}
                >
                  {T.colActions}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableRegion>
  );
}
