import { type Topic } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { translateError } from '../../../shared/errors';
import { type NoticeFn } from '../../../shared/layout/Notices';
import { courseCounts, type ShownCourse } from './topic-filters';
import { useSetTopicFlag, type TopicFlag } from './topics-api';
import { TOPICS_MESSAGES as T } from './topics.messages';

function GeneratorMark({ present }: { present: boolean }) {
  return present ? (
    <Badge bg="success" pill>
      <span aria-hidden="true">✓ </span>
      {T.generator}
    </Badge>
  ) : (
    <Badge bg="secondary" pill title={T.noGenerator}>
      {T.noGeneratorMark}
    </Badge>
  );
}

function TopicRow({
  courseId,
  objective,
  topic,
  notify,
}: {
  courseId: string;
  objective: string;
  topic: Topic;
  notify: NoticeFn;
}) {
  const save = useSetTopicFlag();
  const disabled = !topic.hasGenerator || save.isPending;
  const toggle = (flag: TopicFlag, value: boolean) =>
    save.mutate(
      { courseId, objective, topicKey: topic.key, flag, value },
      {
        onError: (err) =>
          notify({ variant: 'danger', text: T.saveFailed(topic.name, translateError(err)) }),
      },
    );
  const id = `topic-${courseId}-${objective}-${topic.key}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const hint = topic.hasGenerator ? undefined : `${id}-hint`;
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
        <span className="fw-semibold text-break">{topic.name}</span>{' '}
        <code className="small text-break">{topic.key}</code>
        {hint ? (
          <span id={hint} className="visually-hidden">
            {T.noGenerator}
          </span>
        ) : null}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-3 ms-auto">
        <GeneratorMark present={topic.hasGenerator} />
        <Form.Check
          inline
          className="mb-0 me-0"
          id={`${id}-free`}
          type="checkbox"
          label={T.free}
          aria-label={T.flagLabel(T.free, topic.name)}
          aria-describedby={hint}
          checked={topic.free}
          disabled={disabled}
          onChange={(e) => toggle('free', e.target.checked)}
        />
        <Form.Check
          inline
          className="mb-0 me-0"
          id={`${id}-available`}
          type="checkbox"
          label={T.available}
          aria-label={T.flagLabel(T.available, topic.name)}
          aria-describedby={hint}
          checked={topic.available}
          disabled={disabled}
          onChange={(e) => toggle('available', e.target.checked)}
        />
        {save.isPending ? (
          <span className="small text-body-secondary" role="status">
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />
            {T.saving}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** One course: its objectives '{section} - {name}', in code order, each with its topics. */
export function CourseCard({ shown, notify }: { shown: ShownCourse; notify: NoticeFn }) {
  const { course, objectives } = shown;
  const counts = courseCounts(course);
  const titleId = `course-${course.id}-title`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <Card as="section" aria-labelledby={titleId}>
      <Card.Header className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h2 id={titleId} className="h5 mb-0">
          {course.name}
        </h2>
        <span className="small text-body-secondary">
          {T.courseSummary(counts.topics, counts.available, counts.free)}
        </span>
      </Card.Header>
      <Card.Body className="d-grid gap-3">
        {objectives.map(({ code, objective, topics }) => (
          <section key={code} aria-labelledby={`${titleId}-${code.replace(/\W/g, '_')}`}>
            <h3 id={`${titleId}-${code.replace(/\W/g, '_')}`} className="h6 mb-2">
              {T.objectiveTitle(objective.section, objective.name)}
            </h3>
            {topics.length === 0 ? (
              <p className="small text-body-secondary mb-0">{T.noTopics}</p>
            ) : (
              <ul className="list-group">
                {topics.map((topic) => (
                  <TopicRow
                    key={topic.key}
                    courseId={course.id}
                    objective={code}
                    topic={topic}
                    notify={notify}
                  />
                ))}
              </ul>
            )}
          </section>
        ))}
      </Card.Body>
    </Card>
  );
}
