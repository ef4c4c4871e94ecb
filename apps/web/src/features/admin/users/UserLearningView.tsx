import type { AdminUserRow } from '@examprep/contracts/types';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { AdminViewBanner } from '../../gradebook/AdminViewBanner';
import { MasteryTables, MedDosageSection, TeasSection } from '../../learning/ReadinessSections';
import { TrendSection } from '../../learning/TrendSection';
import { useUserLearning } from './user-learning-api';
import { USER_LEARNING_MESSAGES as T } from './user-learning.messages';

/**
 * A user's learning, read-only (issue 29 §5): the same readiness (TEAS Math with its range,
 * Med Dosage per family), mastery tables and trend the learner sees on /readiness, from
 * GET /api/admin/user-learning. Shown beside the gradebook in View Gradebook.
 */
export function UserLearningView({ user }: { user: AdminUserRow }) {
  const learning = useUserLearning(user.uid);
  if (learning.isPending) return <Loading label={T.loading} />;
  if (!learning.data) {
    return (
      <ErrorState
        message={T.loadFailed}
        detail={learning.error?.message}
        onRetry={() => void learning.refetch()}
        retrying={learning.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  }
  const { summary, readiness } = learning.data;
  return (
    <div data-testid="user-learning">
      <AdminViewBanner text={T.adminView(user.email || user.uid)} />
      <p className="small text-body-secondary">
        {summary.answers === 0 ? T.noAnswers : T.totals(summary.answers, summary.dueReviews)}
      </p>
      <TeasSection teas={readiness.teas} now={new Date()} />
      <MedDosageSection families={readiness.medDosage} />
      <MasteryTables courses={summary.courses} />
      <TrendSection trend={readiness.trend} />
    </div>
  );
}
