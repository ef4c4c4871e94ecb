import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { translateError } from '../../../shared/errors';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { useItemDetail } from './item-analysis-api';
import { TableRegion } from './TableRegion';
import { useTopicName } from './topic-names';
import { decimal, duration, ITEM_ANALYSIS_MESSAGES as T, percent } from './item-analysis.messages';

const ItemCharts = lazy(() => import('./ItemCharts'));

/**
 * One question's statistics: the summary, the charts, and the same figures as tables (what a
 * screen reader reads). Focus moves to its heading when it opens, and back is the caller's.
 */
export function QuestionStatsPanel({ qid, onClose }: { qid: string; onClose: () => void }) {
  const detail = useItemDetail(qid);
  const topicName = useTopicName();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [qid]);
  let body;
  if (detail.isPending) body = <Loading label={T.detailLoading} />;
  else if (detail.isError)
    body = (
      <ErrorState
        message={T.detailFailed}
        detail={translateError(detail.error)}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  else {
    const d = detail.data;
    const timed = d.timeHistogram.some((b) => b.count > 0);
    body = (
      <>
        <p className="mb-1">{d.row.stem}</p>
        <p className="small text-body-secondary mb-2">
          {d.row.course} · {d.row.objective}
          {d.row.topic ? ` · ${topicName(d.row.topic)}` : ''}
        </p>
        <p className="mb-3">
          {T.summary(d.row.n, d.row.correct, d.unanswered)} {T.colFacility}{' '}
          <strong>{percent(d.row.facility)}</strong>, {T.colDiscrimination}{' '}
          <strong>{decimal(d.row.discrimination)}</strong>, {T.pointBiserial}{' '}
          {decimal(d.row.pointBiserial)}, {T.sd} {decimal(d.row.sd)}, {T.colMedianTime}{' '}
          {duration(d.row.medianSeconds)}.
        </p>
        <Suspense fallback={<Loading label={T.detailLoading} />}>
          <ItemCharts detail={d} />
        </Suspense>
        <div className="row g-3 mt-1">
          <div className="col-12 col-lg-6">
            <h3 className="h6">{T.responsesHeading}</h3>
            <TableRegion label={T.responsesCaption}>
              <Table size="sm" className="mb-0" data-testid="responses-table">
                <caption className="visually-hidden">{T.responsesCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.colOption}</th>
                    <th scope="col" className="text-end">
                      {T.colChosen}
                    </th>
                    <th scope="col" className="text-end">
                      {T.colShare}
                    </th>
                    <th scope="col">{T.colMisconception}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.responses.map((r) => (
                    <tr key={r.key}>
                      <td>
                        {r.label}
                        {r.correct ? <strong> {T.correctMark}</strong> : null}
                      </td>
                      <td className="text-end">{r.count}</td>
                      <td className="text-end">{percent(r.share)}</td>
                      <td className="small">{r.misconception ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableRegion>
          </div>
          <div className="col-12 col-lg-6">
            <h3 className="h6">{T.timeHeading}</h3>
            {timed ? (
              <TableRegion label={T.timeCaption}>
                <Table size="sm" className="mb-0">
                  <caption className="visually-hidden">{T.timeCaption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{T.colBucket}</th>
                      <th scope="col" className="text-end">
                        {T.colAnswers}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.timeHistogram
                      .filter((b) => b.count > 0)
                      .map((b) => (
                        <tr key={b.label}>
                          <td>{b.label}</td>
                          <td className="text-end">{b.count}</td>
                        </tr>
                      ))}
                  </tbody>
                </Table>
              </TableRegion>
            ) : (
              <p className="text-body-secondary small">{T.noTimes}</p>
            )}
          </div>
        </div>
      </>
    );
  }
  return (
    <Card className="mb-3" data-testid="question-stats">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h5 mb-0" tabIndex={-1} ref={heading}>
          {T.detailHeading(qid)}
        </h2>
        <Button size="sm" variant="outline-dark" onClick={onClose}>
          {T.closeDetail}
        </Button>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card>
  );
}
