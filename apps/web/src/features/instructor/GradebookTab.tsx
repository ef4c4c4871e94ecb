import type { ClassGradebook, ClassLearner } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useState } from 'react';
import { translateError } from '../../shared/errors';
import { downloadBlob, ExportProgressStatus, useStreamedExport } from '../../shared/export';
import { Notices, useNotices, type NoticeFn } from '../../shared/layout/Notices';
import { useSession } from '../../shared/session/session-context';
import { shortDate } from '../learning/learning-format';
import { fetchClassCsv } from './instructor-api';
import {
  csvFileName,
  LEARNER_SORTS,
  learnerEmail,
  learnerName,
  nextLearnerOrder,
  notStarted,
  percentLabel,
  readinessLabel,
  sortLearners,
  statusLabel,
  type LearnerOrder,
  type LearnerSort,
} from './instructor-format';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';

const FIRST_ORDER: LearnerOrder = { sort: 'name', dir: 'asc' };

/** Columns whose values are numbers: right-aligned. */
const NUMERIC: ReadonlySet<LearnerSort> = new Set(['testsSubmitted', 'averageScore', 'lastScore']);

/** A column heading that sorts: a button inside the header cell, its order in aria-sort. */
function SortHeader({
  sort,
  order,
  onSort,
}: {
  sort: LearnerSort;
  order: LearnerOrder;
  onSort: (sort: LearnerSort) => void;
}) {
  const active = order.sort === sort;
  const label = T.columns[sort];
  return (
    <th
      scope="col"
      aria-sort={active ? (order.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`text-nowrap${NUMERIC.has(sort) ? ' text-end' : ''}`}
    >
      <Button
        variant="link"
        size="sm"
        className="p-0 fw-semibold text-decoration-none"
        onClick={() => onSort(sort)}
        aria-label={T.sortBy(label)}
      >
        {label}
        <span aria-hidden="true" className="ms-1">
          {active ? (order.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Button>
    </th>
  );
}

function LearnerRow({ learner }: { learner: ClassLearner }) {
  const email = learnerEmail(learner);
  return (
    <tr className={notStarted(learner) ? 'text-body-secondary' : undefined}>
      <th scope="row" className="fw-normal">
        {learnerName(learner)}
      </th>
      <td className="text-nowrap">{email || T.none}</td>
      <td className="text-nowrap">{statusLabel(learner)}</td>
      <td className="text-end">{learner.testsSubmitted}</td>
      <td className="text-end text-nowrap">{percentLabel(learner.averageScore)}</td>
      <td className="text-end text-nowrap">{percentLabel(learner.lastScore)}</td>
      <td className="text-nowrap">
        {learner.lastSubmittedAt ? shortDate(learner.lastSubmittedAt) : T.none}
      </td>
      <td className="text-nowrap">{readinessLabel(learner.teas)}</td>
    </tr>
  );
}

/** The learners, sortable by every column (name first), in their own scroll box. */
export function LearnersTable({ learners }: { learners: readonly ClassLearner[] }) {
  const [order, setOrder] = useState<LearnerOrder>(FIRST_ORDER);
  const onSort = (sort: LearnerSort) => setOrder((o) => nextLearnerOrder(o, sort));
  const rows = sortLearners(learners, order);
  return (
    <div
      className="table-responsive position-relative border rounded"
      role="region"
      aria-label={T.gradebookCaption}
      tabIndex={0}
    >
      <Table striped hover size="sm" className="align-middle mb-0" data-testid="learners-table">
        <caption className="visually-hidden">{T.gradebookCaption}</caption>
        <thead>
          <tr>
            {LEARNER_SORTS.map((sort) => (
              <SortHeader key={sort} sort={sort} order={order} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((learner, i) => (
            <LearnerRow key={learner.uid ?? learner.lmsUserId ?? i} learner={learner} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** Export CSV: the gateway's file of the class, with progress and Cancel (ADR 0026). */
function useClassExport(gradebook: ClassGradebook, notify: NoticeFn) {
  const { getToken } = useSession();
  return useStreamedExport<string>(
    async (contextKey, onProgress, signal) => {
      const { blob, rows } = await fetchClassCsv(getToken, contextKey, onProgress, signal);
      downloadBlob(csvFileName(gradebook.class), blob);
      notify({ variant: 'success', text: T.exported(rows) });
    },
    (err, cancelled) => {
      if (cancelled) notify({ variant: 'warning', text: T.exportCancelled });
      else notify({ variant: 'danger', text: T.exportFailed(translateError(err)) });
    },
  );
}

/** The Gradebook tab: Export CSV and the learners' table. */
export function GradebookTab({ gradebook }: { gradebook: ClassGradebook }) {
  const { notices, notify, dismiss } = useNotices();
  const exporter = useClassExport(gradebook, notify);
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => void exporter.run(gradebook.class.contextKey)}
          disabled={exporter.exporting || gradebook.learners.length === 0}
        >
          {exporter.exporting ? T.exporting : T.exportCsv}
        </Button>
        <ExportProgressStatus progress={exporter.progress} onCancel={exporter.cancel} texts={T} />
      </div>
      {gradebook.learners.length === 0 ? (
        <p className="text-body-secondary">{T.noLearners}</p>
      ) : (
        <LearnersTable learners={gradebook.learners} />
      )}
      <Notices notices={notices} onDismiss={dismiss} />
    </>
  );
}
