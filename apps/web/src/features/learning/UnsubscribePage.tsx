import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router-dom';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { UNSUBSCRIBE_MESSAGES as T } from './unsubscribe.messages';

/** POST /api/learning/unsubscribe?token=… without a sign-in: the mail's token is the key. */
function useUnsubscribe() {
  const api = useApi();
  return useMutation<{ unsubscribed: true }, ApiError | Error, string>({
    mutationFn: (token) =>
      api.POST('/api/learning/unsubscribe', { params: { query: { token } }, anonymous: true }),
    retry: false,
  });
}

/**
 * /unsubscribe?token=… (issue 29 §4), public. The page asks first and POSTs only on the
 * button's click, never as it loads: mail scanners and link previewers open (and some run)
 * every link of a mail, and none of them may turn a learner's reminders off. Mail clients get
 * their true one click from the mail's List-Unsubscribe-Post header (RFC 8058), which POSTs
 * to the service directly.
 */
export default function UnsubscribePage() {
  useDocumentTitle(T.title);
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <section
      aria-labelledby="unsubscribe-title"
      className="app-unsubscribe"
      style={{ maxWidth: '36rem' }}
    >
      <h1 id="unsubscribe-title" className="h3 mb-3">
        {T.title}
      </h1>
      {!token ? (
        <Alert variant="danger" role="alert">
          {T.invalid}
        </Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert variant="success" role="status">
          {T.done}
        </Alert>
      ) : (
        <>
          {unsubscribe.isError ? (
            <Alert variant="danger" role="alert">
              <p className="fw-semibold mb-1">{T.failed}</p>
              <p className="small mb-0">{unsubscribe.error.message}</p>
            </Alert>
          ) : null}
          <p className="fw-semibold mb-1">{T.ask}</p>
          <p className="text-body-secondary">{T.askDetail}</p>
          <Button
            variant="primary"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? T.pending : unsubscribe.isError ? T.tryAgain : T.confirm}
          </Button>
        </>
      )}
    </section>
  );
}
