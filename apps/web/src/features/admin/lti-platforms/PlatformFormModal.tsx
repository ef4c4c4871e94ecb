import {
  LTI_LIMITS,
  LTI_PLATFORM_STATUSES,
  type LtiPlatform,
  type LtiPlatformStatus,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { translateError } from '../../../shared/errors';
import { useSaveLtiPlatform } from './lti-platforms-api';
import { LTI_PLATFORMS_MESSAGES as T } from './lti-platforms.messages';
import {
  emptyPlatformValues,
  mapPlatformFieldErrors,
  PLATFORM_FIELDS,
  platformValuesFrom,
  toPlatformInput,
  validatePlatformForm,
  type PlatformField,
  type PlatformFieldErrors,
  type PlatformFormValues,
} from './platform-form';

const fieldId = (field: PlatformField) => `lti-platform-${field}`;

/** One labelled field: its help text and its error (client or server) are its description. */
function Field({
  field,
  label,
  help,
  error,
  children,
}: {
  field: PlatformField;
  label: string;
  help?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={fieldId(field)}>
      <Form.Label>{label}</Form.Label>
      {children}
      {help ? <Form.Text id={`${fieldId(field)}-help`}>{help}</Form.Text> : null}
      {error ? (
        <Form.Control.Feedback type="invalid" id={`${fieldId(field)}-error`} className="d-block">
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}

function describedBy(field: PlatformField, errors: PlatformFieldErrors, help: boolean) {
  const ids = [
    help ? `${fieldId(field)}-help` : '',
    errors[field] ? `${fieldId(field)}-error` : '',
  ];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The text inputs of the form, in its order. */
const TEXT_FIELDS: readonly {
  field: Exclude<PlatformField, 'deploymentIds' | 'status'>;
  label: string;
  help?: string;
  maxLength: number;
  url: boolean;
}[] = [
  { field: 'name', label: T.nameLabel, help: T.nameHelp, maxLength: LTI_LIMITS.name, url: false },
  {
    field: 'issuer',
    label: T.issuerLabel,
    help: T.issuerHelp,
    maxLength: LTI_LIMITS.url,
    url: true,
  },
  { field: 'clientId', label: T.clientIdLabel, maxLength: LTI_LIMITS.clientId, url: false },
];

const URL_FIELDS: readonly { field: 'authUrl' | 'tokenUrl' | 'jwksUrl'; label: string }[] = [
  { field: 'authUrl', label: T.authUrlLabel },
  { field: 'tokenUrl', label: T.tokenUrlLabel },
  { field: 'jwksUrl', label: T.jwksUrlLabel },
];

/** Register (platform = null) or edit an LMS platform registration. */
export function PlatformFormModal({
  platform,
  onClose,
}: {
  platform: LtiPlatform | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState<PlatformFormValues>(() =>
    platform ? platformValuesFrom(platform) : emptyPlatformValues(),
  );
  const [errors, setErrors] = useState<PlatformFieldErrors>({});
  const [formError, setFormError] = useState<string[]>([]);
  const save = useSaveLtiPlatform(platform?.id ?? null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends PlatformField>(field: K, value: PlatformFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const focusFirstError = (found: PlatformFieldErrors) => {
    const first = PLATFORM_FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${fieldId(first)}`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validatePlatformForm(values);
    setErrors(found);
    setFormError([]);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    save.mutate(toPlatformInput(values), {
      onSuccess: () => onClose(),
      onError: (err) => {
        // Every typed value stays; the server's findings go under the fields they name.
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          const mapped = mapPlatformFieldErrors(err.fields);
          setErrors(mapped.fieldErrors);
          setFormError(mapped.other);
          focusFirstError(mapped.fieldErrors);
        } else {
          // the 409 (issuer and client ID taken), a 404 (deleted meanwhile), the rest
          setFormError([translateError(err)]);
        }
      },
    });
  };

  const input = (field: PlatformField, help: boolean) => ({
    isInvalid: !!errors[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, errors, help),
  });

  return (
    <Modal
      show
      onHide={onClose}
      backdrop="static"
      aria-labelledby="lti-platform-form-title"
      fullscreen="sm-down"
    >
      <Form noValidate onSubmit={onSubmit} ref={formRef}>
        <Modal.Header closeButton>
          <Modal.Title id="lti-platform-form-title" as="h2" className="h5">
            {platform ? T.editTitle : T.addTitle}
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
          {TEXT_FIELDS.map((f) => (
            <Field
              key={f.field}
              field={f.field}
              label={f.label}
              help={f.help}
              error={errors[f.field]}
            >
              <Form.Control
                type="text"
                inputMode={f.url ? 'url' : undefined}
                autoComplete="off"
                spellCheck={false}
                maxLength={f.maxLength}
                value={values[f.field]}
                onChange={(e) => set(f.field, e.target.value)}
                {...input(f.field, !!f.help)}
              />
            </Field>
          ))}
          <Field
            field="deploymentIds"
            label={T.deploymentIdsLabel}
            help={T.deploymentIdsHelp}
            error={errors.deploymentIds}
          >
            <Form.Control
              as="textarea"
              rows={3}
              spellCheck={false}
              className="font-monospace"
              value={values.deploymentIds}
              onChange={(e) => set('deploymentIds', e.target.value)}
              {...input('deploymentIds', true)}
            />
          </Field>
          {URL_FIELDS.map((f) => (
            <Field key={f.field} field={f.field} label={f.label} error={errors[f.field]}>
              <Form.Control
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={LTI_LIMITS.url}
                value={values[f.field]}
                onChange={(e) => set(f.field, e.target.value)}
                {...input(f.field, false)}
              />
            </Field>
          ))}
          <Field field="status" label={T.statusLabel} error={errors.status}>
            <Form.Select
              value={values.status}
              onChange={(e) => set('status', e.target.value as LtiPlatformStatus)}
              {...input('status', false)}
            >
              {LTI_PLATFORM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {T.statuses[s]}
                </option>
              ))}
            </Form.Select>
          </Field>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <>
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
                {T.saving}
              </>
            ) : (
              T.save
            )}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
