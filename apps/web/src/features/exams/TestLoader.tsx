import {
  reviewPath,
  testScreenPath,
  type TestMode,
  type TestView,
} from '@examprep/contracts/types';
import { type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../shared/layout/ErrorState';
import { isNoSuchTest, isTestId } from '../../shared/api/test-read';
import { Loading } from '../../shared/layout/Loading';
import { useTest } from './tests-api';
import { TESTS_MESSAGES as T } from './tests.messages';

/** Where a test without a document goes (learner spec §4 Full test). */
export const NO_TEST_PATH = '/dashboard?tab=math';

/**
 * Reads the test of the route and hands it to the screen: loading state; no document (an id
 * that cannot name a test, which is not even sent; 400 or 404; no questions) →
 * /dashboard?tab=math; a test of the other mode → its own screen; a submitted test → its
 * review; a failure that may pass (network, time-out, 5xx; 401): the error with Try Again.
 */
export function TestLoader({
  mode,
  children,
}: {
  mode: TestMode;
  children: (test: TestView) => ReactNode;
}) {
  const { testId = '' } = useParams();
  const named = isTestId(testId);
  const query = useTest(testId, named);
  if (!named) return <Navigate to={NO_TEST_PATH} replace />;
  if (query.isPending) return <Loading label={T.loadingTest} />;
  if (query.isError) {
    if (isNoSuchTest(query.error)) return <Navigate to={NO_TEST_PATH} replace />;
    return (
      <div className="container py-3">
        <ErrorState
          message={query.error.status === 401 ? T.loginRequired : query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  const test = query.data;
  if (!test || test.questions.length === 0) return <Navigate to={NO_TEST_PATH} replace />;
  if (test.completed) return <Navigate to={reviewPath(test.id)} replace />;
  if (test.mode !== mode) return <Navigate to={testScreenPath(test.mode, test.id)} replace />;
  return <>{children(test)}</>;
}
