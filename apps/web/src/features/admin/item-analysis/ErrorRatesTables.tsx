import type { ErrorRateRow } from '@examprep/contracts/types';
import Table from 'react-bootstrap/Table';
import { translateError } from '../../../shared/errors';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { useErrorRates } from './item-analysis-api';
import type { ItemAnalysisView } from './item-analysis-params';
import { TableRegion } from './TableRegion';
import { useTopicName } from './topic-names';
import { ITEM_ANALYSIS_MESSAGES as T, percent } from './item-analysis.messages';

function RatesTable({
  rows,
  caption,
  nameColumn,
  empty,
  testId,
  nameOf = (name) => name,
}: {
  rows: ErrorRateRow[];
  caption: string;
  nameColumn: string;
  empty: string;
  testId: string;
  /** How a row's name is shown (a topic's key by its catalogue name). */
  nameOf?: (name: string) => string;
}) {
  if (rows.length === 0) return <p className="text-body-secondary small">{empty}</p>;
  return (
    <TableRegion label={caption}>
      <Table size="sm" striped className="mb-0" data-testid={testId}>
        <caption className="caption-top small">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameColumn}</th>
            <th scope="col" className="d-none d-md-table-cell">
              {T.colCourse}
            </th>
            <th scope="col" className="text-end">
              {T.colAttempts}
            </th>
            <th scope="col" className="text-end">
              {T.colErrors}
            </th>
            <th scope="col" className="text-end">
              {T.colRate}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.course}|${r.objective}|${r.name}`}>
              <td>{nameOf(r.name)}</td>
              <td className="small d-none d-md-table-cell">
                {r.course} · {r.objective}
              </td>
              <td className="text-end">{r.n}</td>
              <td className="text-end">{r.errors}</td>
              <td className="text-end">{percent(r.rate)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableRegion>
  );
}

/** The error rates per generator topic and per named misconception under the filters. */
export function ErrorRatesTables({
  view,
}: {
  view: Pick<ItemAnalysisView, 'course' | 'objective'>;
}) {
  const rates = useErrorRates(view);
  const topicName = useTopicName();
  let body;
  if (rates.isPending) body = <Loading label={T.errorRatesLoading} />;
  else if (rates.isError)
    body = (
      <ErrorState
        message={T.errorRatesFailed}
        detail={translateError(rates.error)}
        onRetry={() => void rates.refetch()}
        retrying={rates.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  else
    body = (
      <div className="row g-3">
        <div className="col-12 col-lg-6">
          <RatesTable
            rows={rates.data.topics}
            caption={T.topicsCaption}
            nameColumn={T.colTopic}
            empty={T.noTopics}
            testId="topic-rates"
            nameOf={topicName}
          />
        </div>
        <div className="col-12 col-lg-6">
          <RatesTable
            rows={rates.data.misconceptions}
            caption={T.misconceptionsCaption}
            nameColumn={T.colMisconceptionName}
            empty={T.noMisconceptions}
            testId="misconception-rates"
          />
        </div>
      </div>
    );
  return (
    <section aria-labelledby="error-rates-title" className="mt-4">
      <h2 id="error-rates-title" className="h5">
        {T.errorRatesHeading}
      </h2>
      {body}
    </section>
  );
}
