import { type Course, QBANK_LIMITS } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useState } from 'react';
import {
  closedTopics,
  type QbankSelection,
  type ResolvedSelection,
  sortedObjectives,
} from './qbank-selection';
import { INFINITE_QBANK_MESSAGES as T } from './qbank.messages';

const COUNTS = Array.from({ length: QBANK_LIMITS.batchMax }, (_, i) => i + 1);

/**
 * Course, objective ('{section} - {name}', numeric order), topic (or all topics of the
 * objective) and batch size. Every change goes to the URL; Start fetches the first batch.
 */
export function QbankSelectionForm({
  courses,
  resolved,
  markClosed,
  starting,
  started,
  onChange,
  onStart,
}: {
  courses: readonly Course[];
  resolved: ResolvedSelection;
  /** Admin view: mark topics learners cannot use yet. */
  markClosed: boolean;
  starting: boolean;
  started: boolean;
  onChange: (next: QbankSelection) => void;
  onStart: () => void;
}) {
  const { selection, course, objective, topic } = resolved;
  const objectives = sortedObjectives(course);
  const closed = markClosed ? closedTopics(objective.topics) : [];
  const topicClosed = topic !== null && closed.some((t) => t.key === topic.key);
  // While practising, the choices fold into one line so the question is on the first screen
  // of a phone; Change opens them again.
  const [editing, setEditing] = useState(false);

  if (started && !editing) {
    return (
      <section
        aria-labelledby="qbank-choose-title"
        className="card card-body mb-3 py-2 d-flex flex-row flex-wrap align-items-center gap-2"
      >
        <h2 id="qbank-choose-title" className="visually-hidden">
          {T.choose}
        </h2>
        <p className="mb-0 flex-grow-1 small" data-testid="qbank-practising">
          <span className="fw-semibold">{T.practising}</span> {course.name} ›{' '}
          {T.objectiveLabel(objective.section, objective.name)} › {topic ? topic.name : T.allTopics}
        </p>
        <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
          {T.changeChoices}
        </Button>
      </section>
    );
  }

  return (
    <Form
      aria-labelledby="qbank-choose-title"
      className="card card-body mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        setEditing(false);
        onStart();
      }}
    >
      <h2 id="qbank-choose-title" className="h5 mb-3">
        {T.choose}
      </h2>
      <Row className="g-3">
        <Col xs={12} md={6}>
          <Form.Group controlId="qbank-course">
            <Form.Label className="mb-1">{T.course}</Form.Label>
            <Form.Select
              value={selection.course}
              onChange={(e) =>
                onChange({ ...selection, course: e.target.value, objective: '', topic: '' })
              }
            >
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={6}>
          <Form.Group controlId="qbank-objective">
            <Form.Label className="mb-1">{T.objective}</Form.Label>
            <Form.Select
              value={selection.objective}
              onChange={(e) => onChange({ ...selection, objective: e.target.value, topic: '' })}
            >
              {objectives.map(({ code, objective: o }) => (
                <option key={code} value={code}>
                  {T.objectiveLabel(o.section, o.name)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={8}>
          <Form.Group controlId="qbank-topic">
            <Form.Label className="mb-1 d-flex flex-wrap align-items-center gap-2">
              {T.topic}
              {topicClosed ? (
                <Badge bg="warning" text="dark">
                  {T.notOpen}
                </Badge>
              ) : null}
            </Form.Label>
            <Form.Select
              value={selection.topic}
              aria-describedby={closed.length > 0 ? 'qbank-closed-topics' : undefined}
              onChange={(e) => onChange({ ...selection, topic: e.target.value })}
            >
              <option value="">{T.allTopics}</option>
              {objective.topics.map((t) => (
                <option key={t.key} value={t.key}>
                  {closed.includes(t) ? `${t.name} (${T.notOpen.toLowerCase()})` : t.name}
                </option>
              ))}
            </Form.Select>
            {closed.length > 0 ? (
              <Form.Text id="qbank-closed-topics" className="d-block">
                <Badge bg="warning" text="dark" className="text-wrap text-start">
                  {T.notOpenCount(closed.length)}
                </Badge>
              </Form.Text>
            ) : null}
          </Form.Group>
        </Col>
        <Col xs={12} md={4}>
          <Form.Group controlId="qbank-count">
            <Form.Label className="mb-1">{T.count}</Form.Label>
            <Form.Select
              value={String(selection.count)}
              onChange={(e) => onChange({ ...selection, count: Number(e.target.value) })}
            >
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <div className="mt-3">
        <Button type="submit" disabled={starting}>
          {starting ? T.generating : started ? T.restart : T.start}
        </Button>
      </div>
    </Form>
  );
}
