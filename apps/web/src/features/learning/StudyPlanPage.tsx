import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useStudyPlan } from './study-plan-api';
import { StudyPlanPageForm } from './StudyPlanPageForm';
import { StudyPlanPageView } from './StudyPlanPageView';
import { STUDY_PLAN_MESSAGES as T } from './study-plan.messages';

/**
 * /study-plan (issue 29 §4): the learner sets the exam date, minutes per day and the opt-in
 * reminder, and sees the plan the service builds from their mastery now.
 */
export default function StudyPlanPage() {
  useDocumentTitle(T.title);
  const query = useStudyPlan();
  return (
    <section aria-labelledby="study-plan-title" className="app-study-plan">
      <h1 id="study-plan-title" className="h3 mb-2">
        {T.title}
      </h1>
      <p className="text-body-secondary">{T.intro}</p>
      {query.isPending ? (
        <Loading label={T.loading} />
      ) : !query.data ? (
        <ErrorState
          message={T.loadFailed}
          detail={query.error?.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={T.tryAgain}
        />
      ) : (
        <>
          <StudyPlanPageForm settings={query.data.settings} />
          {query.data.plan ? (
            <StudyPlanPageView plan={query.data.plan} />
          ) : (
            <p className="text-body-secondary" role="status">
              {T.empty}
            </p>
          )}
        </>
      )}
    </section>
  );
}
