import { type ObjectiveScore } from '@examprep/contracts/types';
import { lazy, Suspense } from 'react';
import { GRADEBOOK_MESSAGES as T } from './gradebook.messages';

// recharts is large: it loads only when a breakdown is shown (gradebook and review chunks).
const ObjectiveChart = lazy(() => import('./ObjectiveChart'));

/**
 * The per-objective result of a graded test (beyond the spec): a chart for the eye and the
 * same figures as a table for screen readers (the chart is hidden from them).
 */
export function ObjectiveBreakdown({
  objectives,
  headingId,
  headingLevel = 3,
}: {
  objectives: ObjectiveScore[] | null;
  headingId: string;
  headingLevel?: 2 | 3 | 4 | 5;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className="app-objective-breakdown">
      <Heading id={headingId} className="h6">
        {T.breakdownTitle}
      </Heading>
      {!objectives || objectives.length === 0 ? (
        <p className="small text-body-secondary mb-0">{T.breakdownNone}</p>
      ) : (
        <>
          <Suspense fallback={<div style={{ minHeight: 120 }} />}>
            <ObjectiveChart objectives={objectives} />
          </Suspense>
          {/* A hidden div, not a hidden table: a table is never narrower than its content, so
              a visually hidden table would still widen the page on a phone. */}
          <div className="visually-hidden">
            <table>
              <caption>{T.breakdownCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.objective}</th>
                  <th scope="col">{T.correct}</th>
                  <th scope="col">{T.incorrect}</th>
                  <th scope="col">{T.unansweredCount}</th>
                  <th scope="col">{T.total}</th>
                  <th scope="col">{T.score}</th>
                </tr>
              </thead>
              <tbody>
                {objectives.map((o) => (
                  <tr key={o.objective}>
                    <th scope="row">{o.objective}</th>
                    <td>{o.correct}</td>
                    <td>{o.incorrect}</td>
                    <td>{o.unanswered}</td>
                    <td>{o.total}</td>
                    <td>{T.percentCorrect(o.correct, o.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
