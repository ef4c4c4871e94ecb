import { type Announcement, ANNOUNCEMENT_LIMITS } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/api-client';
import { translateError } from '../../shared/errors';
import {
  ANNOUNCEMENT_FIELDS,
  emptyFormValues,
  formValuesFrom,
  mapServerFieldErrors,
  toAnnouncementInput,
  validateAnnouncementForm,
  type AnnouncementField,
  type AnnouncementFormValues,
  type FieldErrors,
} from './announcement-form';
import { useSaveAnnouncement } from './announcements-api';
import { UPDATES_MESSAGES as T } from './updates.messages';

const FIELD_IDS: Record<AnnouncementField, string> = {
  date: 'announcement-date',
  content: 'announcement-content',
  linkText: 'announcement-link-text',
  linkUrl: 'announcement-link-url',
  order: 'announcement-order',
  isVisible: 'announcement-visible',
};

function describedBy(
  field: AnnouncementField,
  errors: FieldErrors,
  help = false,
): string | undefined {
  const ids = [
    help ? `${FIELD_IDS[field]}-help` : '',
    errors[field] ? `${FIELD_IDS[field]}-error` : '',
  ];
  return ids.filter(Boolean).join(' ') || undefined;
}

function FieldError({ field, errors }: { field: AnnouncementField; errors: FieldErrors }) {
  if (!errors[field]) return null;
  return (
    <Form.Control.Feedback type="invalid" id={`${FIELD_IDS[field]}-error`} className="d-block">
      {errors[field]}
    </Form.Control.Feedback>
  );
}

/** Add (announcement = null) or edit an announcement (admin spec §2.7, §5). */
export function AnnouncementFormModal({
  announcement,
  onClose,
}: {
  announcement: Announcement | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState<AnnouncementFormValues>(() =>
    announcement ? formValuesFrom(announcement) : emptyFormValues(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string[]>([]);
  const save = useSaveAnnouncement(announcement?.id ?? null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends AnnouncementField>(field: K, value: AnnouncementFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const focusFirstError = (found: FieldErrors) => {
    const first = ANNOUNCEMENT_FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${FIELD_IDS[first]}`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateAnnouncementForm(values);
    setErrors(found);
    setFormError([]);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    save.mutate(toAnnouncementInput(values), {
      onSuccess: () => onClose(),
      onError: (err) => {
        // Keep every typed value; show the server's findings under the fields it names.
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          const mapped = mapServerFieldErrors(err.fields);
          setErrors(mapped.fieldErrors);
          setFormError(mapped.other.length > 0 ? mapped.other : []);
          focusFirstError(mapped.fieldErrors);
        } else {
          setFormError([translateError(err)]);
        }
      },
    });
  };

  const title = announcement ? T.editTitle : T.addTitle;
  return (
    <Modal
      show
      onHide={onClose}
      backdrop="static"
      aria-labelledby="announcement-form-title"
      fullscreen="sm-down"
    >
      <Form noValidate onSubmit={onSubmit} ref={formRef}>
        <Modal.Header closeButton>
          <Modal.Title id="announcement-form-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError.length > 0 ? (
            <Alert variant="danger" role="alert">
              {formError.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </Alert>
          ) : null}
          <Form.Group className="mb-3" controlId={FIELD_IDS.date}>
            <Form.Label>{T.dateLabel}</Form.Label>
            <Form.Control
              type="date"
              required
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
              isInvalid={!!errors.date}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={describedBy('date', errors)}
            />
            <FieldError field="date" errors={errors} />
          </Form.Group>
          <Form.Group className="mb-3" controlId={FIELD_IDS.content}>
            <Form.Label>{T.contentLabel}</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              required
              maxLength={ANNOUNCEMENT_LIMITS.content}
              value={values.content}
              onChange={(e) => set('content', e.target.value)}
              isInvalid={!!errors.content}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={describedBy('content', errors)}
            />
            <FieldError field="content" errors={errors} />
          </Form.Group>
          <Form.Group className="mb-3" controlId={FIELD_IDS.linkText}>
            <Form.Label>{T.linkTextLabel}</Form.Label>
            <Form.Control
              type="text"
              maxLength={ANNOUNCEMENT_LIMITS.linkText}
              value={values.linkText}
              onChange={(e) => set('linkText', e.target.value)}
              isInvalid={!!errors.linkText}
              aria-invalid={errors.linkText ? true : undefined}
              aria-describedby={describedBy('linkText', errors, true)}
            />
            <Form.Text id={`${FIELD_IDS.linkText}-help`}>{T.linkTextHelp}</Form.Text>
            <FieldError field="linkText" errors={errors} />
          </Form.Group>
          <Form.Group className="mb-3" controlId={FIELD_IDS.linkUrl}>
            <Form.Label>{T.linkUrlLabel}</Form.Label>
            <Form.Control
              type="text"
              inputMode="url"
              autoComplete="url"
              maxLength={ANNOUNCEMENT_LIMITS.linkUrl}
              value={values.linkUrl}
              onChange={(e) => set('linkUrl', e.target.value)}
              isInvalid={!!errors.linkUrl}
              aria-invalid={errors.linkUrl ? true : undefined}
              aria-describedby={describedBy('linkUrl', errors, true)}
            />
            <Form.Text id={`${FIELD_IDS.linkUrl}-help`}>{T.linkUrlHelp}</Form.Text>
            <FieldError field="linkUrl" errors={errors} />
          </Form.Group>
          <Form.Group className="mb-3" controlId={FIELD_IDS.order}>
            <Form.Label>{T.orderLabel}</Form.Label>
            <Form.Control
              type="number"
              step={1}
              inputMode="numeric"
              value={values.order}
              onChange={(e) => set('order', e.target.value)}
              isInvalid={!!errors.order}
              aria-invalid={errors.order ? true : undefined}
              aria-describedby={describedBy('order', errors, true)}
            />
            <Form.Text id={`${FIELD_IDS.order}-help`}>{T.orderHelp}</Form.Text>
            <FieldError field="order" errors={errors} />
          </Form.Group>
          <Form.Group controlId={FIELD_IDS.isVisible}>
            <Form.Check
              type="checkbox"
              label={T.visibleLabel}
              checked={values.isVisible}
              onChange={(e) => set('isVisible', e.target.checked)}
              isInvalid={!!errors.isVisible}
              aria-invalid={errors.isVisible ? true : undefined}
              aria-describedby={describedBy('isVisible', errors, true)}
            />
            <Form.Text id={`${FIELD_IDS.isVisible}-help`}>{T.visibleHelp}</Form.Text>
            <FieldError field="isVisible" errors={errors} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? T.saving : T.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
