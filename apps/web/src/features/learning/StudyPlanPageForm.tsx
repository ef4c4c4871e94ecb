import { type StudyPlanSettings } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/api-client';
import { useSaveStudyPlan } from './study-plan-api';
import {
  checkStudyPlanForm,
  examDateRange,
  fieldErrorsOf,
  formOf,
  utcToday,
  type StudyPlanField,
  type StudyPlanFieldErrors,
  type StudyPlanForm,
} from './study-plan-form';
import { STUDY_PLAN_MESSAGES as T } from './study-plan.messages';

const IDS = {
  examDate: 'study-plan-exam-date',
  minutesPerDay: 'study-plan-minutes',
  reminders: 'study-plan-reminders',
} as const;

/** The hint and, when there is one, the error that describe a field. */
const describedBy = (field: StudyPlanField, errors: StudyPlanFieldErrors) =>
  [`${IDS[field]}-help`, errors[field] ? `${IDS[field]}-error` : null].filter(Boolean).join(' ');

function FieldError({ field, errors }: { field: StudyPlanField; errors: StudyPlanFieldErrors }) {
  return (
    <Form.Control.Feedback id={`${IDS[field]}-error`} type="invalid">
      {errors[field]}
    </Form.Control.Feedback>
  );
}

/**
 * The study plan's settings (issue 29 §4): exam date, minutes per day and the opt-in reminder.
 * The browser checks the service's limits first; a refused save keeps what was typed and puts
 * the server's message next to its field; focus goes to the first field in error.
 */
export function StudyPlanPageForm({ settings }: { settings: StudyPlanSettings | null }) {
  const [values, setValues] = useState<StudyPlanForm>(() => formOf(settings));
  const [errors, setErrors] = useState<StudyPlanFieldErrors>({});
  const save = useSaveStudyPlan();
  const fields = {
    examDate: useRef<HTMLInputElement>(null),
    minutesPerDay: useRef<HTMLInputElement>(null),
  };
  const today = utcToday();
  const range = examDateRange(today);

  const set = <K extends keyof StudyPlanForm>(key: K, value: StudyPlanForm[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (save.isSuccess || save.isError) save.reset();
  };
  const showErrors = (found: StudyPlanFieldErrors) => {
    setErrors(found);
    const first = (['examDate', 'minutesPerDay'] as const).find((f) => found[f]);
    if (first) fields[first].current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkStudyPlanForm(values, today);
    if (checked.errors) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.settings, {
      onError: (err) => {
        if (err instanceof ApiError) showErrors(fieldErrorsOf(err.fields));
      },
    });
  };

  const serverFieldErrors = save.error instanceof ApiError && Object.keys(errors).length > 0;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="study-plan-form-title" className="mb-4">
      <h2 id="study-plan-form-title" className="h5">
        {T.formHeading}
      </h2>
      {save.isError ? (
        <Alert variant="danger" role="alert">
          <p className="fw-semibold mb-1">{T.saveFailed}</p>
          <p className="small mb-0">{serverFieldErrors ? T.fixFields : save.error.message}</p>
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <Alert variant="success" role="status">
          {T.saved}
        </Alert>
      ) : null}
      <div className="row g-3">
        <Form.Group className="col-12 col-sm-6" controlId={IDS.examDate}>
          <Form.Label>{T.examDate}</Form.Label>
          <Form.Control
            ref={fields.examDate}
            type="date"
            required
            min={range.min}
            max={range.max}
            value={values.examDate}
            onChange={(e) => set('examDate', e.target.value)}
            isInvalid={!!errors.examDate}
            aria-invalid={errors.examDate ? true : undefined}
            aria-describedby={describedBy('examDate', errors)}
          />
          <Form.Text id={`${IDS.examDate}-help`}>{T.examDateHint}</Form.Text>
          <FieldError field="examDate" errors={errors} />
        </Form.Group>
        <Form.Group className="col-12 col-sm-6" controlId={IDS.minutesPerDay}>
          <Form.Label>{T.minutesPerDay}</Form.Label>
          {/* text, not number: what was typed stays as typed, and the check names it */}
          <Form.Control
            ref={fields.minutesPerDay}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            value={values.minutesPerDay}
            onChange={(e) => set('minutesPerDay', e.target.value)}
            isInvalid={!!errors.minutesPerDay}
            aria-invalid={errors.minutesPerDay ? true : undefined}
            aria-describedby={describedBy('minutesPerDay', errors)}
          />
          <Form.Text id={`${IDS.minutesPerDay}-help`}>{T.minutesHint}</Form.Text>
          <FieldError field="minutesPerDay" errors={errors} />
        </Form.Group>
        <Form.Group className="col-12" controlId={IDS.reminders}>
          <Form.Check
            type="checkbox"
            label={T.reminders}
            checked={values.reminders}
            onChange={(e) => set('reminders', e.target.checked)}
            aria-describedby={`${IDS.reminders}-help`}
          />
          <Form.Text id={`${IDS.reminders}-help`}>{T.remindersHint}</Form.Text>
        </Form.Group>
      </div>
      <Button type="submit" className="mt-3" disabled={save.isPending}>
        {save.isPending ? T.saving : T.save}
      </Button>
    </Form>
  );
}
