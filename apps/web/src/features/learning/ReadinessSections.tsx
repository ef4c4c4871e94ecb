import type {
  CourseMastery,
  FamilyReadinessView,
  ObjectiveView,
  TeasReadiness,
} from '@examprep/contracts/types';
import Card from 'react-bootstrap/Card';
import { Fragment } from 'react';
import { ScrollTable } from '../../shared/layout/ScrollTable';
import { IntervalBar } from './IntervalBar';
import { evidence, levelAndRange, pct, shortDate, teasHeadline } from './learning-format';
import { LEARNING_TEXT as T } from './learning.messages';
import { LevelBadge } from './ProgressCard';

/**
 * TEAS Math: the predicted score on the 34 scored items with its 80 % interval (words and a
 * bar), the two sections, the summary sentence and the evidence. Without enough answers the
 * headline says so and the sections say how many answers they have.
 */
export function TeasSection({ teas, now }: { teas: TeasReadiness; now: Date }) {
  const headline = teas.enough ? teasHeadline(teas) : T.notEnough;
  return (
    <Card as="section" aria-labelledby="teas-title" className="mb-4" data-testid="teas-readiness">
      <Card.Body>
        <h2 id="teas-title" className="h5">
          {T.teasTitle}
        </h2>
        <p className="fs-5 fw-semibold mb-1" data-testid="teas-headline">
          {headline}
        </p>
        {teas.enough ? (
          <div className="mb-2">
            <p className="small text-body-secondary mb-1">
              {T.teasScale(teas.scoredItems)} · {T.rangeLegend}
            </p>
            <IntervalBar
              value={teas.predicted}
              low={teas.low}
              high={teas.high}
              max={teas.scoredItems}
              label={headline}
            />
          </div>
        ) : null}
        <p className="mb-1">{teas.summary}</p>
        {/* the service's sentence already ends with the evidence once there is a prediction */}
        {teas.enough ? null : (
          <p className="small text-body-secondary">{evidence(teas.answers, teas.lastAt, now)}</p>
        )}
        <h3 className="h6 mt-3">{T.sectionsTitle}</h3>
        <ul className="list-unstyled mb-0">
          {teas.sections.map((s) => (
            <li key={s.section} className="py-2 border-top" data-testid="teas-section">
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <span className="fw-semibold">{s.section}</span>
                <span>
                  {s.enough
                    ? T.sectionLine(Math.round(s.predicted), s.scoredItems, s.low, s.high)
                    : T.sectionNotEnough(s.answers)}
                </span>
              </div>
              {s.enough ? (
                <IntervalBar
                  value={s.predicted}
                  low={s.low}
                  high={s.high}
                  max={s.scoredItems}
                  label={s.section}
                />
              ) : null}
              <span className="small text-body-secondary">
                {evidence(s.answers, s.lastAt, now)}
              </span>
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}

/** Med Dosage readiness per topic family: level with its range, and the service's words. */
export function MedDosageSection({ families }: { families: readonly FamilyReadinessView[] }) {
  return (
    <section aria-labelledby="med-title" className="mb-4">
      <h2 id="med-title" className="h5">
        {T.medTitle}
      </h2>
      {families.length === 0 ? (
        <p className="text-body-secondary">{T.medEmpty}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {families.map((f) => (
            <li key={f.section} className="py-2 border-top" data-testid="med-family">
              <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
                <span className="fw-semibold">{f.section}</span>
                <span className="d-flex align-items-center gap-2">
                  <LevelBadge level={f.level} />
                  <span className="small">{T.range(pct(f.low), pct(f.high))}</span>
                </span>
              </div>
              <p className="small text-body-secondary mb-0">{f.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Objectives grouped by section in their order (a section row heads each group: one column
 * less, so the level and its range fit a phone's width).
 */
function bySection(objectives: readonly ObjectiveView[]): [string, ObjectiveView[]][] {
  const groups: [string, ObjectiveView[]][] = [];
  for (const o of objectives) {
    const last = groups[groups.length - 1];
    if (last && last[0] === o.section) last[1].push(o);
    else groups.push([o.section, [o]]);
  }
  return groups;
}

/** Per course, every objective's level with its 80 % interval, answers and the latest one. */
export function MasteryTables({ courses }: { courses: readonly CourseMastery[] }) {
  return (
    <section aria-labelledby="mastery-title" className="mb-4">
      <h2 id="mastery-title" className="h5">
        {T.masteryTitle}
      </h2>
      <p className="small text-body-secondary">{T.masteryNote}</p>
      {courses.map((course) => (
        <div key={course.course} className="mb-3">
          <h3 className="h6">{course.name}</h3>
          {course.objectives.length === 0 ? (
            <p className="text-body-secondary">{T.masteryEmpty}</p>
          ) : (
            <ScrollTable
              caption={T.masteryCaption(course.name)}
              columns={[T.colObjective, T.colLevel, T.colAnswers]}
            >
              {bySection(course.objectives).map(([section, objectives]) => (
                <Fragment key={section}>
                  <tr>
                    <th scope="colgroup" colSpan={3} className="table-light">
                      {section}
                    </th>
                  </tr>
                  {objectives.map((o) => (
                    <tr key={o.key}>
                      <th scope="row" className="fw-normal">
                        {o.name}
                      </th>
                      <td>
                        {levelAndRange(o).level} {/* the range kept on one line */}
                        <span className="text-nowrap">{levelAndRange(o).range}</span>
                      </td>
                      <td>
                        {o.answers}
                        {o.lastAt ? (
                          <>
                            {' '}
                            <span className="text-nowrap">{T.lastAnswer(shortDate(o.lastAt))}</span>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </ScrollTable>
          )}
        </div>
      ))}
    </section>
  );
}
