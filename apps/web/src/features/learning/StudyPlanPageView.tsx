import type { PlanBlock, StudyPlan } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import { ScrollTable } from '../../shared/layout/ScrollTable';
import { dayLabel, percentOf } from './study-plan-form';
import { STUDY_PLAN_MESSAGES as T } from './study-plan.messages';

/** One block of a day as the learner reads it ("Practise Fractions · 15 min · ~10 questions"). */
export function blockText(block: PlanBlock): string {
  return block.kind === 'review'
    ? T.reviewBlock(block.questions, block.minutes)
    : T.practiceBlock(block.name, block.minutes, block.questions);
}

/**
 * The plan (issue 29 §4): days left and minutes a day, the summary sentence, where the
 * practice time goes (objective, share, level in words) and the next days' blocks.
 */
export function StudyPlanPageView({ plan }: { plan: StudyPlan }) {
  return (
    <section aria-labelledby="study-plan-plan-title">
      <h2 id="study-plan-plan-title" className="h5">
        {T.planHeading}
      </h2>
      <p className="mb-1">
        <strong>{T.daysLeft(plan.daysLeft)}</strong>{' '}
        <span className="text-body-secondary">{T.perDay(plan.minutesPerDay)}</span>
      </p>
      <p>{plan.summary}</p>

      <h3 className="h6 mt-4">{T.focusHeading}</h3>
      {plan.focus.length === 0 ? (
        <p className="text-body-secondary">{T.focusEmpty}</p>
      ) : (
        <ScrollTable caption={T.focusCaption} columns={T.focusColumns}>
          {plan.focus.map((f) => (
            <tr key={`${f.course}/${f.objective}`}>
              {/* the objective's name carries its course ('TEAS Math: Fractions') */}
              <th scope="row" className="fw-normal">
                {f.name}
              </th>
              <td>{percentOf(f.share)}</td>
              <td>{T.levels[f.level]}</td>
            </tr>
          ))}
        </ScrollTable>
      )}

      {plan.days.length > 0 ? (
        <>
          <h3 className="h6 mt-4">{T.daysHeading}</h3>
          <ol className="list-unstyled mb-0 app-plan-days">
            {plan.days.map((day, i) => (
              <li key={day.date} className="border rounded p-2 mb-2">
                <p className="fw-semibold mb-1">
                  <time dateTime={day.date}>{dayLabel(day.date)}</time>
                  {i === 0 ? (
                    <Badge bg="primary" className="ms-2">
                      {T.today}
                    </Badge>
                  ) : null}
                </p>
                {day.blocks.length === 0 ? (
                  <p className="small text-body-secondary mb-0">{T.restDay}</p>
                ) : (
                  <ul className="mb-0 ps-3">
                    {day.blocks.map((block, j) => (
                      <li key={`${block.kind}-${block.objective ?? ''}-${j}`}>
                        {blockText(block)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
