import type { ClassLearner } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '../../shared/layout/Loading';
import { estimateOf, learnerName, readinessLabel, readinessSummary } from './instructor-format';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';
import type { ReadinessRow } from './ReadinessChart';

const ReadinessChart = lazy(() => import('./ReadinessChart'));

/** Every learner's readiness in words: the same facts as the chart, and who has none yet. */
function ReadinessTable({ learners }: { learners: readonly ClassLearner[] }) {
  return (
    <Table striped size="sm" className="align-middle mb-0">
      <caption className="visually-hidden">{T.readinessCaption}</caption>
      <thead>
        <tr>
          {T.readinessColumns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {learners.map((learner, i) => {
          const estimate = estimateOf(learner);
          return (
            <tr key={learner.uid ?? learner.lmsUserId ?? i}>
              <th scope="row" className="fw-normal">
                {learnerName(learner)}
              </th>
              <td>{estimate ? T.percent(estimate.percent) : readinessLabel(learner.teas)}</td>
              <td className="text-nowrap">
                {estimate ? T.range(estimate.percentLow, estimate.percentHigh) : T.none}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/**
 * The Readiness tab: the class in one line (how many are likely at the threshold or above, how
 * many have no estimate), a chart of the learners with an estimate (hidden from screen
 * readers), and every learner as a table, always there for screen readers and shown on screen
 * with "Show as table" (as the learner's own trend).
 */
export function ReadinessTab({ learners }: { learners: readonly ClassLearner[] }) {
  const [showTable, setShowTable] = useState(false);
  const summary = readinessSummary(learners);
  const rows: ReadinessRow[] = learners.flatMap((learner) => {
    const estimate = estimateOf(learner);
    return estimate
      ? [
          {
            name: learnerName(learner),
            percent: estimate.percent,
            range: [estimate.percentLow, estimate.percentHigh],
          },
        ]
      : [];
  });
  if (learners.length === 0) return <p className="text-body-secondary">{T.noLearners}</p>;
  return (
    <>
      <p className="text-body-secondary small">{T.readinessIntro}</p>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <p className="mb-0 fw-semibold" data-testid="readiness-summary">
          {T.readinessSummary(summary.learners, summary.likelyAbove, summary.lacking)}
        </p>
        <Button
          variant="outline-secondary"
          size="sm"
          aria-expanded={showTable}
          aria-controls="readiness-table"
          onClick={() => setShowTable((s) => !s)}
        >
          {showTable ? T.showChart : T.showTable}
        </Button>
      </div>
      {showTable ? null : rows.length === 0 ? (
        <p className="text-body-secondary">{T.readinessNoChart}</p>
      ) : (
        <div className="mb-3">
          <Suspense fallback={<Loading />}>
            <ReadinessChart rows={rows} />
          </Suspense>
          {/* the picture's key: for those who see it (the table says the same in words) */}
          <p className="small text-body-secondary mb-0" aria-hidden="true">
            {T.chartKey}
          </p>
        </div>
      )}
      {showTable ? (
        <div
          id="readiness-table"
          className="table-responsive position-relative border rounded"
          role="region"
          aria-label={T.readinessCaption}
          tabIndex={0}
        >
          <ReadinessTable learners={learners} />
        </div>
      ) : (
        <div id="readiness-table" className="visually-hidden">
          <ReadinessTable learners={learners} />
        </div>
      )}
    </>
  );
}
