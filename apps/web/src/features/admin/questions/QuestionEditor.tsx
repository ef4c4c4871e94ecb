import {
  CREATE_NEW,
  QBANK_LIMITS,
  QUESTION_TYPES,
  type QuestionFacets,
  type QuestionType,
} from '@examprep/contracts/types';
import { validateMathAnswer } from '@examprep/validation';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type ReactNode } from 'react';
import { MathText } from '../../../shared/math/MathText';
import { ChoicesEditor } from './ChoicesEditor';
import { MediaPanels, type MediaPanelsProps } from './MediaPanels';
import { NamePicker } from './NamePicker';
import { objectivesOf } from './question-filters';
import {
  changeType,
  ROUNDING_CHOICES,
  type QuestionFormValues,
  type RoundingChoice,
} from './question-form';
import { QUESTION_TYPE_LABELS, QUESTIONS_MESSAGES as T } from './questions.messages';

const ROUNDING_LABELS: Record<RoundingChoice, string> = {
  none: T.roundingNone,
  '0': T.roundingWhole,
  '1': T.roundingTenth,
  '2': T.roundingHundredth,
};

/** A rendered LaTeX preview under a text field (admin spec §2.3). */
function Preview({
  id,
  label,
  text,
  children,
}: {
  id: string;
  label: string;
  text: string;
  children?: ReactNode;
}) {
  const empty = !text.trim();
  return (
    <div className="border rounded bg-body-tertiary p-2 mt-2" role="group" aria-labelledby={id}>
      <p id={id} className="small text-body-secondary mb-1">
        {label}
      </p>
      {empty ? (
        <p className="small text-body-secondary fst-italic mb-0">{T.previewEmpty}</p>
      ) : (
        <MathText text={text} />
      )}
      {children}
    </div>
  );
}

/** The fields of the question editor; every change goes through `onChange`. */
export function QuestionEditor({
  values,
  onChange,
  facets,
  media,
}: {
  values: QuestionFormValues;
  onChange: (next: QuestionFormValues) => void;
  facets: QuestionFacets | undefined;
  /** The media panels' stored files, drafts and actions. */
  media: MediaPanelsProps;
}) {
  const set = <K extends keyof QuestionFormValues>(key: K, value: QuestionFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const objectives =
    values.course && values.course !== CREATE_NEW ? objectivesOf(facets, values.course) : [];
  const blankProblem = validateMathAnswer(values.blankAnswer);
  const filledChoices = values.choices.filter((c) => c.trim());

  return (
    <>
      <Row className="g-3 mb-3">
        <Col xs={12} md={6}>
          <Form.Group controlId="question-type">
            <Form.Label>{T.typeLabel}</Form.Label>
            <Form.Select
              value={values.type}
              onChange={(e) => onChange(changeType(values, e.target.value as QuestionType))}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {QUESTION_TYPE_LABELS[type]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <Row className="g-3 mb-3">
        <Col xs={12} md={6}>
          <NamePicker
            id="question-course"
            newId="question-new-course"
            label={T.courseLabel}
            newLabel={T.newCourseLabel}
            placeholder={T.selectCourse}
            options={facets?.courses ?? []}
            value={values.course}
            newValue={values.newCourse}
            // Another course has other objectives: the objective is chosen again.
            onChange={(course) =>
              onChange({
                ...values,
                course,
                objective:
                  values.objective === CREATE_NEW ||
                  objectivesOf(facets, course).includes(values.objective)
                    ? values.objective
                    : '',
              })
            }
            onNewChange={(name) => set('newCourse', name)}
          />
        </Col>
        <Col xs={12} md={6}>
          <NamePicker
            id="question-objective"
            newId="question-new-objective"
            label={T.objectiveLabel}
            newLabel={T.newObjectiveLabel}
            placeholder={T.selectObjective}
            options={objectives}
            value={values.objective}
            newValue={values.newObjective}
            onChange={(objective) => set('objective', objective)}
            onNewChange={(name) => set('newObjective', name)}
          />
        </Col>
      </Row>

      <Form.Group controlId="question-text" className="mb-3">
        <Form.Label>{T.questionLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={values.question}
          maxLength={QBANK_LIMITS.questionMax}
          aria-describedby="question-text-help"
          onChange={(e) => set('question', e.target.value)}
        />
        <Form.Text id="question-text-help">{T.latexHelp}</Form.Text>
        <Preview id="question-preview-label" label={T.questionPreview} text={values.question}>
          {values.type !== 'blank' && filledChoices.length > 0 ? (
            <ol type="A" className="mb-0 mt-2 ps-4">
              {filledChoices.map((c, i) => (
                <li key={i}>
                  <MathText text={c} as="span" />
                </li>
              ))}
            </ol>
          ) : null}
        </Preview>
      </Form.Group>

      {values.type === 'blank' ? (
        <Row className="g-3 mb-3">
          <Col xs={12} md={7}>
            <Form.Group controlId="question-blank-answer">
              <Form.Label>{T.correctAnswerLabel}</Form.Label>
              <Form.Control
                type="text"
                value={values.blankAnswer}
                maxLength={QBANK_LIMITS.choiceMax}
                autoComplete="off"
                spellCheck={false}
                isInvalid={!blankProblem.isValid}
                aria-invalid={blankProblem.isValid ? undefined : true}
                aria-describedby={
                  blankProblem.isValid
                    ? 'question-blank-answer-help'
                    : 'question-blank-answer-help question-blank-answer-error'
                }
                onChange={(e) => set('blankAnswer', e.target.value)}
              />
              <Form.Text id="question-blank-answer-help">{T.correctAnswerHelp}</Form.Text>
              {blankProblem.error ? (
                <Form.Control.Feedback
                  type="invalid"
                  id="question-blank-answer-error"
                  className="d-block"
                >
                  {blankProblem.error}
                </Form.Control.Feedback>
              ) : null}
            </Form.Group>
          </Col>
          <Col xs={12} md={5}>
            <Form.Group controlId="question-rounding">
              <Form.Label>{T.roundingLabel}</Form.Label>
              <Form.Select
                value={values.rounding}
                aria-describedby="question-rounding-help"
                onChange={(e) => set('rounding', e.target.value as RoundingChoice)}
              >
                {ROUNDING_CHOICES.map((r) => (
                  <option key={r} value={r}>
                    {ROUNDING_LABELS[r]}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id="question-rounding-help">{T.roundingHelp}</Form.Text>
            </Form.Group>
          </Col>
        </Row>
      ) : (
        <ChoicesEditor values={values} onChange={onChange} />
      )}

      <Form.Group controlId="question-explanation" className="mb-3">
        <Form.Label>{T.explanationLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={values.explanation}
          maxLength={QBANK_LIMITS.explanationMax}
          aria-describedby="question-explanation-help"
          onChange={(e) => set('explanation', e.target.value)}
        />
        <Form.Text id="question-explanation-help">{T.latexHelp}</Form.Text>
        <Preview
          id="explanation-preview-label"
          label={T.explanationPreview}
          text={values.explanation}
        />
      </Form.Group>

      <MediaPanels {...media} />
    </>
  );
}
