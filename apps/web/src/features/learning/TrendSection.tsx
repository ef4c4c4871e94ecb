import type { TrendPoint } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '../../shared/layout/Loading';
import { courseName, shortDate, trendRows } from './learning-format';
import { LEARNING_TEXT as T } from './learning.messages';

const TrendChart = lazy(() => import('./TrendChart'));

/** The trend's points as table rows: the same facts as the chart, in words. */
function TrendTable({ points }: { points: readonly TrendPoint[] }) {
  const rows = [...points].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Table striped size="sm" className="align-middle mb-0">
      <caption className="visually-hidden">{T.trendCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{T.colDate}</th>
          <th scope="col">{T.colCourse}</th>
          <th scope="col">{T.colKind}</th>
          <th scope="col">{T.colScore}</th>
          <th scope="col">{T.colRange}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p, i) => (
          <tr key={`${p.at}-${p.course}-${p.kind}-${i}`}>
            <td>{shortDate(p.at)}</td>
            <td>{courseName(p.course)}</td>
            <td>{p.kind === 'test' ? T.kindTest : T.kindEstimate}</td>
            <td>{T.percent(p.percent)}</td>
            <td className="text-nowrap">
              {p.low !== null && p.high !== null ? T.range(p.low, p.high) : T.never}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The score trend over time: a chart per course (hidden from screen readers) with a sentence
 * saying what it holds, and the same points as a table, always there for screen readers and
 * shown on screen with "Show as table".
 */
export function TrendSection({ trend }: { trend: readonly TrendPoint[] }) {
  const [showTable, setShowTable] = useState(false);
  const courses = [...new Set(trend.map((p) => p.course))];
  const tests = trend.filter((p) => p.kind === 'test').length;
  return (
    <section aria-labelledby="trend-title" className="mb-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="trend-title" className="h5 mb-0">
          {T.trendTitle}
        </h2>
        {trend.length > 0 ? (
          <Button
            variant="outline-secondary"
            size="sm"
            aria-expanded={showTable}
            aria-controls="trend-table"
            onClick={() => setShowTable((s) => !s)}
          >
            {showTable ? T.trendShowChart : T.trendShowTable}
          </Button>
        ) : null}
      </div>
      {trend.length === 0 ? (
        <p className="text-body-secondary">{T.trendEmpty}</p>
      ) : (
        <>
          <p className="small text-body-secondary">{T.trendSummary(tests, trend.length - tests)}</p>
          {showTable
            ? null
            : courses.map((course) => (
                <figure key={course} className="mb-3">
                  <figcaption className="h6">{courseName(course)}</figcaption>
                  <Suspense fallback={<Loading />}>
                    <TrendChart rows={trendRows(trend.filter((p) => p.course === course))} />
                  </Suspense>
                </figure>
              ))}
          {showTable ? (
            <div
              id="trend-table"
              className="table-responsive position-relative border rounded"
              role="region"
              aria-label={T.trendCaption}
              tabIndex={0}
            >
              <TrendTable points={trend} />
            </div>
          ) : (
            <div id="trend-table" className="visually-hidden">
              <TrendTable points={trend} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
