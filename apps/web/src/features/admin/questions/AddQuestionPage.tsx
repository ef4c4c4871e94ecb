import {
  MEDIA_SLOTS,
  QID_PATTERN,
  questionMediaPath,
  type CreateUploadInput,
  type QuestionMedia,
} from '@examprep/contracts/types';
import { validateQuestionInput } from '@examprep/validation';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { translateError } from '../../../shared/errors';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { Notices, useNotices } from '../../../shared/layout/Notices';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import {
  asQuestionField,
  emptyForm,
  fieldElementId,
  formFromQuestion,
  NO_MEDIA,
  storedDocument,
  toQuestionInput,
  type QuestionFormValues,
} from './question-form';
import { QuestionEditor } from './QuestionEditor';
import { signedUrlCache } from '../../media/signed-url-cache';
import {
  createMediaUpload,
  useQuestion,
  useQuestionFacets,
  useSaveQuestion,
} from './questions-api';
import { QUESTIONS_MESSAGES as T } from './questions.messages';
import { FixListModal, SavingModal } from './SaveDialogs';
import { useMediaDrafts, type MediaDrafts } from './use-media-drafts';

export type EditorMode = 'new' | 'edit' | 'copy';

const NEW_MODE = { pathname: '/add-question', search: '?mode=new' };

function readMode(params: URLSearchParams): { mode: EditorMode; rawQid: string } {
  const mode = params.get('mode');
  return {
    mode: mode === 'edit' || mode === 'copy' ? mode : 'new',
    rawQid: params.get('qid')?.trim() ?? '',
  };
}

function titleOf(mode: EditorMode, qid: string): string {
  if (mode === 'edit') return T.editTitle(qid);
  if (mode === 'copy') return T.copyTitle;
  return T.addTitle;
}

interface Problems {
  messages: string[];
  /** Element to focus once the dialog has closed. */
  focusId: string;
}

const unique = (list: string[]) => [...new Set(list)];

/**
 * The media of the JSON preview: the stored paths with the panels' changes applied (a new
 * upload shows the path it will get; a new question's qid is not known yet).
 */
function previewMedia(stored: QuestionMedia, drafts: MediaDrafts, qid: string | null) {
  const out: QuestionMedia = { ...stored };
  for (const slot of MEDIA_SLOTS) {
    const { change } = drafts[slot];
    if (change === null) out[slot] = null;
    else if (change) out[slot] = questionMediaPath(qid ?? '{qid}', slot);
  }
  return out;
}

/** The editor proper (admins only): modes, loading, the form, its previews and the save. */
function QuestionEditorScreen({ title }: { title: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mode, rawQid } = readMode(params);
  const qid = mode !== 'new' && QID_PATTERN.test(rawQid) ? rawQid : null;
  const { notices, notify, dismiss } = useNotices();
  const facets = useQuestionFacets(true);
  const source = useQuestion(qid);
  const save = useSaveQuestion();
  const api = useApi();
  const createUpload = useCallback(
    (input: CreateUploadInput) => createMediaUpload(api, input),
    [api],
  );
  const mediaDrafts = useMediaDrafts(createUpload);
  const { reset: resetMedia } = mediaDrafts;

  const [values, setValues] = useState<QuestionFormValues>(() => emptyForm());
  // Which URL the form reflects; another one (navbar link, back button) starts it afresh.
  const sourceKey = mode === 'new' ? 'new' : `${mode}:${rawQid}`;
  const [shownKey, setShownKey] = useState(sourceKey);
  const [loaded, setLoaded] = useState(false);
  if (shownKey !== sourceKey) {
    setShownKey(sourceKey);
    setValues(emptyForm());
    setLoaded(false);
  }
  // Another question (or none): the panels start from its stored files.
  useEffect(() => resetMedia(), [sourceKey, resetMedia]);
  // The stored question goes into the form once, from fresh data (not a refetching cache).
  if (qid && !loaded && source.isSuccess && !source.isFetching && source.data.qid === qid) {
    setValues(formFromQuestion(source.data));
    setLoaded(true);
  }

  // Edit or copy without a qid, or of a question that does not exist: back to new mode.
  const redirected = useRef<string | null>(null);
  const notFound = mode !== 'new' && (qid === null || source.error?.status === 404);
  useEffect(() => {
    if (mode === 'new') {
      redirected.current = null;
      return;
    }
    if (!notFound || redirected.current === sourceKey) return;
    redirected.current = sourceKey;
    notify(
      rawQid === ''
        ? { variant: 'danger', text: T.modeNeedsId(mode) }
        : { variant: 'danger', text: T.questionNotFound, detail: T.notFound(rawQid) },
    );
    navigate(NEW_MODE, { replace: true });
  }, [mode, rawQid, notFound, sourceKey, notify, navigate]);

  const [problems, setProblems] = useState<Problems | null>(null);
  const saving = useRef(false);
  const [savingOpen, setSavingOpen] = useState(false);
  // Admin spec §4: after a save the question's objects changed, so no screen may keep a
  // signed URL of the old ones. Cleared once the form has left the question (its previews
  // would only ask again).
  const [savedQid, setSavedQid] = useState<string | null>(null);
  useEffect(() => {
    if (!savedQid || mode !== 'new') return;
    for (const slot of MEDIA_SLOTS) signedUrlCache.clearPath(questionMediaPath(savedQid, slot));
    setSavedQid(null);
  }, [savedQid, mode]);
  const formRef = useRef<HTMLFormElement>(null);

  const reset = () => {
    setValues(emptyForm());
    resetMedia();
    if (mode !== 'new') navigate(NEW_MODE);
  };

  /** Admin spec §4: validate, save (a second save meanwhile is ignored), reset to new mode. */
  const onSave = async () => {
    if (saving.current) return;
    const input = toQuestionInput(values);
    const found = validateQuestionInput(input);
    if (found.length > 0) {
      setProblems({
        messages: unique(found.map((p) => p.message)),
        focusId: fieldElementId(found[0].field, values),
      });
      return;
    }
    saving.current = true;
    setSavingOpen(true);
    try {
      // Admin spec §4: the files go to the store first; the save names their upload ids.
      const failedUploads = await mediaDrafts.settle();
      if (failedUploads.length > 0) {
        notify({ variant: 'danger', text: T.saveFailed, detail: failedUploads.join(' ') });
        return;
      }
      const media = mediaDrafts.saveChanges();
      const saved = await save.mutateAsync({
        updateQid: mode === 'edit' ? qid : null,
        input: media ? { ...input, media } : input,
      });
      notify({ variant: 'success', text: T.saved });
      setValues(emptyForm());
      resetMedia();
      if (mode !== 'new') navigate(NEW_MODE);
      setSavedQid(saved.qid);
    } catch (err) {
      // Whatever went wrong, the typed values stay as they are.
      const fields = err instanceof ApiError ? err.fields : {};
      const named = Object.keys(fields);
      if (named.length > 0) {
        const field = named.map(asQuestionField).find((f) => f !== null);
        setProblems({
          messages: unique(Object.values(fields).flat()),
          focusId: field ? fieldElementId(field, values) : 'question-save',
        });
      } else {
        notify({ variant: 'danger', text: T.saveFailed, detail: translateError(err) });
      }
    } finally {
      saving.current = false;
      setSavingOpen(false);
    }
  };

  const media: QuestionMedia = mode === 'edit' && source.data ? source.data.media : NO_MEDIA;
  const editQid = mode === 'edit' ? qid : null;
  const preview = useMemo(
    () =>
      JSON.stringify(
        storedDocument(values, editQid, previewMedia(media, mediaDrafts.drafts, editQid)),
        null,
        2,
      ),
    [values, editQid, media, mediaDrafts.drafts],
  );
  const busy = savingOpen || save.isPending;

  let body;
  if (mode !== 'new' && (notFound || (qid && !loaded && !source.isError))) {
    body = <Loading label={T.loadingQuestion} />;
  } else if (mode !== 'new' && source.isError) {
    body = (
      <>
        <ErrorState
          message={T.loadFailed(translateError(source.error))}
          onRetry={() => void source.refetch()}
          retrying={source.isFetching}
          retryLabel={T.tryAgain}
        />
        <Link to={NEW_MODE}>{T.startNew}</Link>
      </>
    );
  } else {
    body = (
      <Row className="g-4">
        <Col xs={12} xl={7}>
          {mode === 'copy' && qid ? (
            <Alert variant="info" className="py-2">
              {T.copyNote(qid)}
            </Alert>
          ) : null}
          {facets.isError ? (
            <Alert variant="warning" className="py-2">
              {T.facetsFailed}
            </Alert>
          ) : null}
          <Form ref={formRef} noValidate onSubmit={(e) => e.preventDefault()}>
            <QuestionEditor
              values={values}
              onChange={setValues}
              facets={facets.data}
              media={{
                media,
                drafts: mediaDrafts.drafts,
                onChoose: (slot, file) => void mediaDrafts.choose(slot, file),
                onCancel: mediaDrafts.cancel,
                onRemove: mediaDrafts.remove,
                disabled: busy,
              }}
            />
            <Button
              id="question-save"
              size="lg"
              onClick={() => void onSave()}
              aria-disabled={busy || undefined}
            >
              {mode === 'edit' ? T.updateQuestion : T.saveQuestion}
            </Button>
          </Form>
        </Col>
        <Col xs={12} xl={5}>
          <Card
            className="position-sticky"
            style={{ top: 'calc(var(--app-navbar-height) + 1rem)' }}
          >
            <Card.Header as="h2" className="h6 mb-0">
              {T.jsonPreview}
            </Card.Header>
            <Card.Body className="p-2">
              {mode !== 'edit' ? (
                <p className="small text-body-secondary mb-2">{T.qidOnSave}</p>
              ) : null}
              <pre
                className="small mb-0 p-2 bg-body-tertiary rounded overflow-auto"
                style={{ maxHeight: '70vh', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                tabIndex={0}
                role="region"
                aria-label={T.jsonPreview}
                data-testid="json-preview"
              >
                {preview}
              </pre>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    );
  }

  return (
    <section aria-labelledby="add-question-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 id="add-question-title" className="h3 mb-0">
          {title}
        </h1>
        <Button variant="outline-secondary" size="sm" onClick={reset}>
          {T.resetForm}
        </Button>
      </div>
      {body}
      {problems ? (
        <FixListModal
          key={problems.messages.join('|')}
          messages={problems.messages}
          onClosed={() => {
            const target = problems.focusId;
            setProblems(null);
            formRef.current?.ownerDocument.getElementById(target)?.focus();
          }}
        />
      ) : null}
      <SavingModal
        show={busy}
        uploads={mediaDrafts.uploading.map((slot) => ({
          title: T[slot],
          progress: mediaDrafts.drafts[slot].progress ?? 0,
        }))}
      />
      <Notices notices={notices} onDismiss={dismiss} dismissLabel={T.dismiss} />
    </section>
  );
}

/** /add-question (admin spec §2.3): add, edit (mode=edit&qid=) or duplicate (mode=copy&qid=). */
export default function AddQuestionPage() {
  const [params] = useSearchParams();
  const { mode, rawQid } = readMode(params);
  const title = titleOf(mode, rawQid);
  useDocumentTitle(title);
  const { isAdmin } = useSession();
  if (!isAdmin) {
    return (
      <section aria-labelledby="add-question-title">
        <h1 id="add-question-title" className="h3 mb-3">
          {title}
        </h1>
        <Alert variant="danger" role="alert">
          {T.accessDenied}
        </Alert>
      </section>
    );
  }
  return <QuestionEditorScreen title={title} />;
}
