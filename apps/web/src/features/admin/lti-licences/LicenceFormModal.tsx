import {
  LICENCE_LIMITS,
  type Licence,
  type LtiPlatform,
  type Product,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { useProducts } from '../../../shared/catalog/use-products';
import { translateError } from '../../../shared/errors';
import {
  emptyLicenceValues,
  LICENCE_FIELDS,
  licenceValuesFrom,
  licensableProducts,
  mapLicenceFieldErrors,
  toLicenceInput,
  validateLicenceForm,
  type LicenceField,
  type LicenceFieldErrors,
  type LicenceFormValues,
} from './licence-form';
import { useSaveLicence } from './lti-licences-api';
import { LTI_LICENCES_MESSAGES as T } from './lti-licences.messages';

const fieldId = (field: LicenceField) => `lti-licence-${field}`;
const helpId = (field: LicenceField) => `${fieldId(field)}-help`;
const errorId = (field: LicenceField) => `${fieldId(field)}-error`;
/** One note under both dates describes them both. */
const TERM_HELP_ID = 'lti-licence-term-help';

function FieldError({ field, error }: { field: LicenceField; error?: string }) {
  return error ? (
    <Form.Control.Feedback type="invalid" id={errorId(field)} className="d-block">
      {error}
    </Form.Control.Feedback>
  ) : null;
}

/** One labelled field: its help text and its error (client or server) are its description. */
function Field({
  field,
  label,
  help,
  error,
  children,
}: {
  field: LicenceField;
  label: string;
  help?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={fieldId(field)}>
      <Form.Label>{label}</Form.Label>
      {children}
      {help ? <Form.Text id={helpId(field)}>{help}</Form.Text> : null}
      <FieldError field={field} error={error} />
    </Form.Group>
  );
}

function describedBy(field: LicenceField, errors: LicenceFieldErrors, help: boolean | string) {
  const helpRef = help === true ? helpId(field) : help || '';
  const ids = [helpRef, errors[field] ? errorId(field) : ''];
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * The checkboxes: the priced products, and any the licence holds that are no longer offered
 * (by id), so a save never drops one unseen.
 */
function productChoices(products: readonly Product[], chosen: readonly string[]) {
  const offered = licensableProducts(products).map((p) => ({ id: p.id, name: p.name }));
  const known = new Set(offered.map((p) => p.id));
  const names = new Map(products.map((p) => [p.id, p.name]));
  const others = chosen
    .filter((id) => !known.has(id))
    .map((id) => ({ id, name: names.get(id) ?? id }));
  return [...offered, ...others];
}

/** Make (licence = null) or change a seat licence. */
export function LicenceFormModal({
  licence,
  platforms,
  platformId,
  onClose,
  onSaved,
}: {
  licence: Licence | null;
  platforms: readonly LtiPlatform[];
  /** the filtered platform: a new licence starts with it */
  platformId: string | null;
  onClose: () => void;
  onSaved: (saved: Licence) => void;
}) {
  const [values, setValues] = useState<LicenceFormValues>(() =>
    licence ? licenceValuesFrom(licence) : emptyLicenceValues(platformId),
  );
  const [errors, setErrors] = useState<LicenceFieldErrors>({});
  const [formError, setFormError] = useState<string[]>([]);
  const save = useSaveLicence(licence?.id ?? null);
  const products = useProducts();
  const formRef = useRef<HTMLFormElement>(null);
  const choices = useMemo(
    () => productChoices(products.data ?? [], values.productIds),
    [products.data, values.productIds],
  );

  const set = <K extends LicenceField>(field: K, value: LicenceFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const toggleProduct = (id: string, on: boolean) =>
    set('productIds', on ? [...values.productIds, id] : values.productIds.filter((p) => p !== id));

  const focusFirstError = (found: LicenceFieldErrors) => {
    const first = LICENCE_FIELDS.find((f) => found[f]);
    if (!first) return;
    // the products are a group: its first checkbox takes the focus
    const target = first === 'productIds' ? `#${fieldId(first)} input` : `#${fieldId(first)}`;
    formRef.current?.querySelector<HTMLElement>(target)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateLicenceForm(values, licence?.seatsUsed ?? 0);
    setErrors(found);
    setFormError([]);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    save.mutate(toLicenceInput(values), {
      onSuccess: (saved) => onSaved(saved),
      onError: (err) => {
        // Every value stays; the server's findings go under the fields they name.
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          const mapped = mapLicenceFieldErrors(err.fields);
          setErrors(mapped.fieldErrors);
          setFormError(mapped.other);
          focusFirstError(mapped.fieldErrors);
        } else {
          // a 404 (the licence is gone), the service unavailable, the rest
          setFormError([translateError(err)]);
        }
      },
    });
  };

  const input = (field: LicenceField, help: boolean | string) => ({
    isInvalid: !!errors[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, errors, help),
  });

  const seatsHelp = licence ? T.seatsHelp(licence.seatsUsed) : undefined;

  let productList: ReactNode;
  if (products.isPending) {
    productList = <p className="small text-body-secondary mb-1">{T.productsLoading}</p>;
  } else if (products.isError) {
    productList = (
      <Alert variant="danger" className="py-2 mb-1">
        {T.productsFailed} {translateError(products.error)}
      </Alert>
    );
  } else {
    productList = choices.map((p) => (
      <Form.Check
        key={p.id}
        type="checkbox"
        id={`${fieldId('productIds')}-${p.id}`}
        label={p.name}
        checked={values.productIds.includes(p.id)}
        onChange={(e) => toggleProduct(p.id, e.target.checked)}
        isInvalid={!!errors.productIds}
      />
    ));
  }

  return (
    <Modal
      show
      onHide={onClose}
      backdrop="static"
      aria-labelledby="lti-licence-form-title"
      fullscreen="sm-down"
    >
      <Form noValidate onSubmit={onSubmit} ref={formRef}>
        <Modal.Header closeButton>
          <Modal.Title id="lti-licence-form-title" as="h2" className="h5">
            {licence ? T.editTitle : T.addTitle}
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
          {licence ? null : (
            <Field field="platformId" label={T.platformLabel} error={errors.platformId}>
              <Form.Select
                value={values.platformId}
                onChange={(e) => set('platformId', e.target.value)}
                {...input('platformId', false)}
              >
                <option value="">{T.choosePlatform}</option>
                {platforms.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Form.Select>
            </Field>
          )}
          <Field field="name" label={T.nameLabel} help={T.nameHelp} error={errors.name}>
            <Form.Control
              type="text"
              autoComplete="off"
              maxLength={LICENCE_LIMITS.name}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              {...input('name', true)}
            />
          </Field>
          <fieldset
            id={fieldId('productIds')}
            className="mb-3"
            aria-describedby={describedBy('productIds', errors, true)}
          >
            <legend className="form-label fs-6 mb-1">{T.productsLabel}</legend>
            {productList}
            <Form.Text id={helpId('productIds')}>{T.productsHelp}</Form.Text>
            <FieldError field="productIds" error={errors.productIds} />
          </fieldset>
          <Field field="seats" label={T.seatsLabel} help={seatsHelp} error={errors.seats}>
            <Form.Control
              type="number"
              inputMode="numeric"
              min={Math.max(1, licence?.seatsUsed ?? 0)}
              max={LICENCE_LIMITS.seats}
              step={1}
              value={values.seats}
              onChange={(e) => set('seats', e.target.value)}
              {...input('seats', !!seatsHelp)}
            />
          </Field>
          <div className="row g-2">
            <div className="col-sm-6">
              <Field field="startsOn" label={T.startsOnLabel} error={errors.startsOn}>
                <Form.Control
                  type="date"
                  value={values.startsOn}
                  onChange={(e) => set('startsOn', e.target.value)}
                  {...input('startsOn', TERM_HELP_ID)}
                />
              </Field>
            </div>
            <div className="col-sm-6">
              <Field field="endsOn" label={T.endsOnLabel} error={errors.endsOn}>
                <Form.Control
                  type="date"
                  min={values.startsOn || undefined}
                  value={values.endsOn}
                  onChange={(e) => set('endsOn', e.target.value)}
                  {...input('endsOn', TERM_HELP_ID)}
                />
              </Field>
            </div>
          </div>
          <Form.Text id={TERM_HELP_ID} className="d-block">
            {T.termHelp}
          </Form.Text>
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
