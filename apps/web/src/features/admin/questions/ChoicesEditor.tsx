import { QBANK_LIMITS } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  addChoice,
  markCorrect,
  removeChoice,
  setChoice,
  type QuestionFormValues,
} from './question-form';
import { QUESTIONS_MESSAGES as T } from './questions.messages';

function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z" />
      <path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z" />
    </svg>
  );
}

/**
 * Answer choices of single and SATA questions (admin spec §2.3): a radio (single) or checkbox
 * (SATA) marks the correct ones; Add Choice and a delete icon per choice.
 */
export function ChoicesEditor({
  values,
  onChange,
}: {
  values: QuestionFormValues;
  onChange: (next: QuestionFormValues) => void;
}) {
  const single = values.type === 'single';
  const full = values.choices.length >= QBANK_LIMITS.choicesMax;
  return (
    <fieldset className="mb-3" aria-describedby="question-choices-help">
      <legend className="form-label fs-6 mb-1">{T.choicesLegend}</legend>
      <Form.Text id="question-choices-help" className="d-block mb-2">
        {single ? T.choicesHelpSingle : T.choicesHelpSata}
      </Form.Text>
      {values.choices.length === 0 ? (
        <p className="text-body-secondary small">{T.noChoices}</p>
      ) : (
        <ol className="list-unstyled d-grid gap-2 mb-2">
          {values.choices.map((choice, i) => {
            const n = i + 1;
            const marked = values.correct.includes(i);
            return (
              <li key={i} className="d-flex align-items-center gap-2">
                <Form.Check
                  type={single ? 'radio' : 'checkbox'}
                  id={`question-correct-${i}`}
                  name={single ? 'question-correct' : undefined}
                  checked={marked}
                  aria-label={T.markCorrect(n)}
                  className="mb-0 flex-shrink-0"
                  onChange={(e) => onChange(markCorrect(values, i, e.target.checked))}
                />
                <Form.Control
                  id={`question-choice-${i}`}
                  type="text"
                  value={choice}
                  aria-label={T.choiceLabel(n)}
                  placeholder={T.choiceLabel(n)}
                  maxLength={QBANK_LIMITS.choiceMax}
                  autoComplete="off"
                  onChange={(e) => onChange(setChoice(values, i, e.target.value))}
                />
                <Button
                  variant="outline-danger"
                  size="sm"
                  className="flex-shrink-0"
                  aria-label={T.deleteChoice(n)}
                  title={T.deleteChoice(n)}
                  onClick={() => onChange(removeChoice(values, i))}
                >
                  <TrashIcon />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        id="question-add-choice"
        variant="outline-primary"
        size="sm"
        disabled={full}
        onClick={() => onChange(addChoice(values))}
      >
        {T.addChoice}
      </Button>
    </fieldset>
  );
}
