import type { DeepLinkRequestView } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../shared/api/api-client';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { DeepLinkOptionItem } from './DeepLinkOptionItem';
import { courseName, REFUSED_STATUSES } from './lti-pages';
import {
  checkPicks,
  groupOptions,
  serverErrorsOf,
  setPicked,
  updatePick,
  type DeepLinkErrors,
  type Picks,
} from './lti-deep-link';
import { useDeepLinkRequest, useRespondDeepLink } from './lti-deep-link-api';
import { LTI_DEEP_LINK_MESSAGES as T } from './lti-deep-link.messages';

const NO_ERRORS: DeepLinkErrors = { form: [], titles: new Map() };
const NO_PICKS: Picks = new Map();

/**
 * The picker itself: options by section, the picks' settings, Add to course. What was picked
 * stays on a refused or failed answer; the browser's check runs the service's rules first.
 */
function DeepLinkForm({ id, view }: { id: string; view: DeepLinkRequestView }) {
  const respond = useRespondDeepLink(id);
  const ids = useId();
  const groups = useMemo(() => groupOptions(view.options), [view.options]);
  const [picks, setPicks] = useState<Picks>(NO_PICKS);
  const [errors, setErrors] = useState<DeepLinkErrors>(NO_ERRORS);
  const titleFields = useRef(new Map<string, HTMLInputElement>());
  // the answer is posted to the LMS once it is signed: nothing more to change here then
  const sending = respond.isPending || respond.isSuccess;

  // focus on the first title in error once it can take it (the fields are disabled while sending)
  useEffect(() => {
    const first = view.options.find((o) => errors.titles.has(o.key));
    if (first) titleFields.current.get(first.key)?.focus();
  }, [errors, view.options]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const checked = checkPicks(view, picks);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors(NO_ERRORS);
    respond.mutate(checked.picks, {
      onError: (err) => {
        if (!(err instanceof ApiError)) setErrors({ form: [err.message], titles: new Map() });
        else if (err.status === 404) setErrors({ form: [T.notFound], titles: new Map() });
        else setErrors(serverErrorsOf(err.fields, checked.picks, err.message));
      },
    });
  };

  if (view.options.length === 0) {
    return (
      <p className="text-body-secondary" role="status">
        {T.noOptions}
      </p>
    );
  }
  const hasErrors = errors.form.length > 0 || errors.titles.size > 0;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="lti-deep-link-title">
      <p className="text-body-secondary">{view.acceptMultiple ? T.intro : T.introOne}</p>
      {hasErrors ? (
        <Alert variant="danger" role="alert">
          {respond.isError ? <p className="fw-semibold mb-1">{T.sendFailed}</p> : null}
          {(errors.form.length > 0 ? errors.form : [T.fixTitles]).map((m) => (
            <p key={m} className="mb-0">
              {m}
            </p>
          ))}
        </Alert>
      ) : null}
      <fieldset disabled={sending}>
        {groups.map((group) => (
          <fieldset key={group.key} className="mb-3">
            <legend className="h5">{T.groups[group.key]}</legend>
            {group.options.map((option) => (
              <DeepLinkOptionItem
                key={option.key}
                id={`${ids}-${view.options.indexOf(option)}`}
                option={option}
                single={!view.acceptMultiple}
                groupName={`${ids}-pick`}
                settings={picks.get(option.key) ?? null}
                offerGraded={view.acceptLineItem && option.gradable}
                titleError={errors.titles.get(option.key)}
                titleRef={(el) => {
                  if (el) titleFields.current.set(option.key, el);
                  else titleFields.current.delete(option.key);
                }}
                onPick={(picked) =>
                  setPicks((p) => setPicked(p, option, picked, view.acceptMultiple))
                }
                onChange={(change) => setPicks((p) => updatePick(p, option.key, change))}
              />
            ))}
          </fieldset>
        ))}
        <Button type="submit" variant="primary">
          {T.add}
        </Button>
      </fieldset>
      {sending ? (
        <div role="status" className="d-flex align-items-center gap-2 mt-3">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {T.sending}
        </div>
      ) : null}
    </Form>
  );
}

/**
 * /lti/deep-link/:id (issue 30, Deep Linking 2.0): an instructor came from their LMS's "add
 * content" and picks what to place in the course; the signed answer goes back to the LMS in
 * a form post of the browser.
 */
export default function LtiDeepLinkPage() {
  useDocumentTitle(T.title);
  const { id = '' } = useParams();
  const query = useDeepLinkRequest(id);
  const error = query.error;

  return (
    <section aria-labelledby="lti-deep-link-title" style={{ maxWidth: '44rem' }}>
      <h1 id="lti-deep-link-title" className="h3 mb-3">
        {query.data ? T.heading(courseName(query.data.context)) : T.title}
      </h1>
      {query.isPending ? (
        <Loading label={T.loading} />
      ) : query.data ? (
        <DeepLinkForm id={id} view={query.data} />
      ) : error && REFUSED_STATUSES.has(error.status) ? (
        <Alert variant="warning" role="alert">
          {error.status === 404 ? T.notFound : error.message}
        </Alert>
      ) : (
        <ErrorState
          message={T.loadFailed}
          detail={error?.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={T.tryAgain}
        />
      )}
    </section>
  );
}
