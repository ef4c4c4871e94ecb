import { PAGE_LIMIT, type Question, type QuestionFilters } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/api-client';
import { translateError } from '../../../shared/errors';
import { downloadBlob, ExportProgressStatus, useStreamedExport } from '../../../shared/export';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { LoadMore, useReadOnShortPage } from '../../../shared/layout/LoadMore';
import { Notices, useNotices, type NoticeFn } from '../../../shared/layout/Notices';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import { DeleteQuestionModal } from './DeleteQuestionModal';
import { filtersFromParams, filtersToParams, hasFilters, localDate } from './question-filters';
import { QuestionFiltersForm } from './QuestionFiltersForm';
import { QuestionPreviewModal } from './QuestionPreviewModal';
import { fetchExport, useQuestionFacets, useQuestionList } from './questions-api';
import { exportFileName, QUESTIONS_MESSAGES as T } from './questions.messages';
import { QuestionsTable } from './QuestionsTable';

/** The search reaches the URL (and the server) after this pause in typing. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Export Questions (admin spec §2.4): the server's export of the current filters, read as the
 * gateway writes it (questions so far of the total, KB), cancellable, downloaded as
 * questions_export_{YYYY-MM-DD}.json.
 */
function useExport(notify: NoticeFn) {
  const { getToken } = useSession();
  return useStreamedExport<QuestionFilters>(
    async (filters, onProgress, signal) => {
      const { blob, rows } = await fetchExport(getToken, filters, onProgress, signal);
      downloadBlob(exportFileName(localDate()), blob);
      notify({ variant: 'success', text: T.exported(rows) });
    },
    (err, cancelled) => {
      if (cancelled) notify({ variant: 'warning', text: T.exportCancelled });
      else if (err instanceof ApiError && err.status === 404)
        notify({ variant: 'warning', text: T.nothingToExport });
      else notify({ variant: 'danger', text: T.exportFailed(translateError(err)) });
    },
  );
}

function QuestionListScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const facets = useQuestionFacets(true);
  const list = useQuestionList(filters, true);
  const { notices, notify, dismiss } = useNotices();
  const exporter = useExport(notify);
  const [previewing, setPreviewing] = useState<Question | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);

  const setFilters = (next: QuestionFilters) => setParams(filtersToParams(next), { replace: true });

  // The search box has its own text; it reaches the URL after a pause in typing.
  const urlSearch = filters.search ?? '';
  const [search, setSearch] = useState(urlSearch);
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    // The URL changed from outside (back button, Clear Filters): the box follows it.
    setSeenUrlSearch(urlSearch);
    if (urlSearch !== search) setSearch(urlSearch);
  }
  useEffect(() => {
    const wanted = search.trim() ? search : '';
    if (wanted === urlSearch) return;
    const timer = setTimeout(
      () =>
        setParams(filtersToParams({ ...filters, search: wanted || undefined }), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, urlSearch, filters, setParams]);

  const clearFilters = () => {
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const pages = list.data?.pages ?? [];
  // a search (or a media filter) reads a bounded slice of the bank per page (ADR 0026)
  const lastPage = pages[pages.length - 1];
  useReadOnShortPage(
    list,
    lastPage !== undefined &&
      lastPage.data.total === null &&
      lastPage.data.questions.length < PAGE_LIMIT.default,
  );
  const questions = pages.flatMap((p) => p.data.questions);
  // a search or a media filter has no count (ADR 0026): the loaded rows, exact once all are in
  const counted = pages[0]?.data.total;
  const total = counted === null && !list.hasNextPage ? questions.length : (counted ?? undefined);
  const onExport = () => {
    if (total === 0 && !list.isPlaceholderData) {
      notify({ variant: 'warning', text: T.nothingToExport });
      return;
    }
    void exporter.run({ ...filters, search: search.trim() ? search : undefined });
  };

  // a failed next page keeps the rows shown (the query stays a success), with its own message
  const loadMoreError = list.isFetchNextPageError ? list.error : null;
  let body;
  if (list.isPending) {
    body = <Loading label={T.loadingQuestions} />;
  } else if (list.isError && !loadMoreError) {
    body = (
      <ErrorState
        message={T.listFailed}
        detail={translateError(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else if (questions.length === 0 && !list.hasNextPage) {
    body = <p className="text-body-secondary py-3">{T.noResults}</p>;
  } else {
    body = (
      <>
        <QuestionsTable questions={questions} onPreview={setPreviewing} onDelete={setDeleting} />
        <LoadMore list={list} texts={T} />
      </>
    );
  }

  return (
    <>
      <div className="mb-2 d-flex flex-wrap align-items-center gap-2" aria-live="polite">
        {total !== undefined ? <span className="fw-semibold">{T.total(total)}</span> : null}
        {total !== undefined && questions.length < total ? (
          <span className="text-body-secondary">{T.shown(questions.length, total)}</span>
        ) : null}
        {counted === null && list.hasNextPage ? (
          <span className="fw-semibold">{T.shownSoFar(questions.length)}</span>
        ) : null}
        {list.isFetching && !list.isPending ? (
          <span className="small text-body-secondary">
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />
            {T.updating}
          </span>
        ) : null}
      </div>
      {facets.isError ? (
        <Alert variant="warning" className="py-2">
          {T.facetsFailed}
        </Alert>
      ) : null}
      <QuestionFiltersForm
        filters={filters}
        search={search}
        facets={facets.data}
        onSearch={setSearch}
        onChange={setFilters}
      />
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={T.listToolbar}>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={clearFilters}
          disabled={!hasFilters(filters) && !search}
        >
          {T.clearFilters}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={onExport}
          disabled={exporter.exporting || list.isPending}
        >
          {exporter.exporting ? T.exporting : T.exportQuestions}
        </Button>
        <ExportProgressStatus progress={exporter.progress} onCancel={exporter.cancel} texts={T} />
      </div>
      <div aria-busy={list.isFetching || undefined}>{body}</div>
      {previewing ? (
        <QuestionPreviewModal
          key={previewing.qid}
          question={previewing}
          onClose={() => setPreviewing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteQuestionModal
          key={deleting.qid}
          question={deleting}
          onClose={() => setDeleting(null)}
          notify={notify}
        />
      ) : null}
      <Notices notices={notices} onDismiss={dismiss} dismissLabel={T.dismiss} />
    </>
  );
}

/** /question-list (admin spec §2.4): search, filters in the URL, export, row actions. */
export default function QuestionListPage() {
  useDocumentTitle(T.listTitle);
  const { isAdmin } = useSession();
  return (
    <section aria-labelledby="question-list-title">
      <h1 id="question-list-title" className="h3 mb-3">
        {T.listTitle}
      </h1>
      {isAdmin ? (
        <QuestionListScreen />
      ) : (
        <Alert variant="danger" role="alert">
          {T.accessDenied}
        </Alert>
      )}
    </section>
  );
}
