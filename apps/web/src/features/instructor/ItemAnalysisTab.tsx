import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { ScrollTable } from '../../shared/layout/ScrollTable';
import { useClassItems } from './instructor-api';
import { facilityLabel, hardestFirst } from './instructor-format';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';

/** The Item analysis tab: the class's questions, the hardest first (loaded when opened). */
export function ItemAnalysisTab({ contextKey }: { contextKey: string }) {
  const query = useClassItems(contextKey);
  if (query.isPending) return <Loading label={T.itemsLoading} />;
  if (query.isError) {
    return (
      <ErrorState
        message={T.itemsFailed}
        detail={translateError(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  }
  const { tests, items } = query.data;
  if (items.length === 0) return <p className="text-body-secondary">{T.itemsEmpty}</p>;
  return (
    <>
      <p className="text-body-secondary small">{T.itemsIntro(tests)}</p>
      <ScrollTable caption={T.itemsCaption} columns={T.itemsColumns}>
        {hardestFirst(items).map((item) => (
          <tr key={item.qid}>
            <td className="small" style={{ minWidth: '12rem' }}>
              {item.stem}
            </td>
            <td className="small">{item.course}</td>
            <td className="small">{item.objective}</td>
            <td className="text-end">{item.n}</td>
            <td className="text-end text-nowrap">{facilityLabel(item.facility)}</td>
          </tr>
        ))}
      </ScrollTable>
    </>
  );
}
