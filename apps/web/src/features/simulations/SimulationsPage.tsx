import { PUMP_MESSAGES, type PumpCheckResult, type PumpQuestion } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { PumpFace } from './PumpFace';
import { useCheckPump, useGeneratePump, useSimulationsAccess } from './simulations-api';
import { SIMULATIONS_MESSAGES as T } from './simulations.messages';

/** Where the Med Dosage QBank (which brings full simulator use) is offered. */
const MED_DOSAGE_DASHBOARD = '/dashboard?tab=math';

/** A check's verdict with the question it belongs to (a late answer never lands on another). */
interface Checked {
  id: string;
  result: PumpCheckResult;
}

/** The generator and checker calls around one pump face. */
function Simulator({ preview }: { preview: boolean }) {
  const generate = useGeneratePump();
  const check = useCheckPump();
  const [question, setQuestion] = useState<PumpQuestion | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Spec §2: changing mode or pump count in Time mode drops the question.
  const onReset = useCallback(() => {
    setQuestion(null);
    setChecked(null);
    setError(null);
  }, []);

  return (
    <PumpFace
      question={question}
      result={question && checked?.id === question.id ? checked.result : null}
      error={error}
      busy={generate.isPending ? 'generating' : check.isPending ? 'checking' : null}
      previewReason={preview ? PUMP_MESSAGES.previewOnly : null}
      onReset={onReset}
      onGenerate={(input) => {
        setError(null);
        generate.mutate(input, {
          onSuccess: (next) => {
            setQuestion(next);
            setChecked(null);
          },
          onError: (e) => setError(`${T.generateFailed} ${translateError(e)}`),
        });
      }}
      onCheck={(answer) => {
        if (!question) return;
        const id = question.id;
        setError(null);
        // A failed check shows the server's message; the face keeps what was typed.
        check.mutate(
          { id, answer },
          {
            onSuccess: (result) => setChecked({ id, result }),
            onError: (e) => setError(translateError(e)),
          },
        );
      }}
    />
  );
}

/** /simulations: the IV pump simulator (learner spec §2 Simulations, §5, §7). */
export default function SimulationsPage() {
  useDocumentTitle(T.title);
  const access = useSimulationsAccess();

  let body;
  if (access.isPending) {
    body = <Loading label={T.loadingAccess} />;
  } else if (access.isError) {
    body = (
      <ErrorState
        message={T.accessFailed}
        detail={translateError(access.error)}
        onRetry={() => void access.refetch()}
        retrying={access.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else {
    const preview = !access.data.authorized;
    body = (
      <>
        {preview ? (
          <Alert variant="info" className="pump-preview-notice">
            <p className="mb-2">{PUMP_MESSAGES.previewNotice}</p>
            <Link to={MED_DOSAGE_DASHBOARD} className="alert-link">
              {T.previewLink}
            </Link>
          </Alert>
        ) : null}
        <Simulator preview={preview} />
      </>
    );
  }

  return (
    <section aria-labelledby="simulations-title" className="mx-auto pump-page">
      <h1 id="simulations-title" className="h3 mb-2">
        {T.title}
      </h1>
      <p className="text-body-secondary">{T.intro}</p>
      {body}
    </section>
  );
}
