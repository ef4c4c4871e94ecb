import { Link } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { weakSpotsPath } from './learning-format';
import { useLearningSummary, useReadiness } from './learning-api';
import { LEARNING_TEXT as T } from './learning.messages';
import { MasteryTables, MedDosageSection, TeasSection } from './ReadinessSections';
import { TrendSection } from './TrendSection';

/**
 * /readiness (issue 29): TEAS Math's predicted score with its range and sections, Med Dosage per
 * topic family, the mastery per objective (level and range) and the score trend (chart and
 * table). Every estimate is shown with its range and its evidence.
 */
export default function ReadinessPage() {
  useDocumentTitle(T.title);
  const readiness = useReadiness();
  const summary = useLearningSummary();
  const now = new Date();

  let body;
  if (readiness.isPending || summary.isPending) {
    body = <Loading label={T.loading} />;
  } else if (readiness.isError || summary.isError) {
    const error = readiness.error ?? summary.error;
    body = (
      <ErrorState
        message={T.failed}
        detail={translateError(error)}
        onRetry={() => {
          if (readiness.isError) void readiness.refetch();
          if (summary.isError) void summary.refetch();
        }}
        retrying={readiness.isFetching || summary.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else {
    body = (
      <>
        {summary.data.answers === 0 ? (
          <p className="alert alert-info">
            {T.cardEmpty}{' '}
            <Link to="/infinite-qbank" className="alert-link">
              {T.openQbank}
            </Link>
          </p>
        ) : null}
        <TeasSection teas={readiness.data.teas} now={now} />
        <MedDosageSection families={readiness.data.medDosage} />
        <MasteryTables courses={summary.data.courses} />
        <TrendSection trend={readiness.data.trend} />
      </>
    );
  }

  return (
    <section aria-labelledby="readiness-title" className="mx-auto app-readable">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 id="readiness-title" className="h3 mb-0">
          {T.title}
        </h1>
        <Link to={weakSpotsPath()} className="btn btn-outline-primary btn-sm">
          {T.practiseWeakSpots}
        </Link>
      </div>
      <p className="text-body-secondary">{T.intro}</p>
      {body}
      {/*
        The study plan (issue 29 §4: exam date, minutes per day, the plan) is another part of
        this journey; its section goes here, below the readiness it is built from.
      */}
    </section>
  );
}
