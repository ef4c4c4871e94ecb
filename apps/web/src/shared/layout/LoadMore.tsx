import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { translateError } from '../errors';

/** The texts of a list's foot: its own noun in the failure ("Could not load more users: …"). */
export interface LoadMoreTexts {
  loadMore: string;
  loadingMore: string;
  loadMoreFailed: (message: string) => string;
}

/** What the foot needs of a TanStack infinite query (useInfiniteQuery's result fits). */
export interface LoadMoreList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a keyset list (ADR 0026): the message of a failed next page (the rows shown
 * stay), and "Load more" while there is a next page ("Loading more…" while it comes).
 */
export function LoadMore({
  list,
  texts,
  className,
}: {
  list: LoadMoreList;
  texts: LoadMoreTexts;
  className?: string;
}) {
  return (
    <>
      {list.isFetchNextPageError ? (
        <Alert variant="danger" className={`py-2 ${className ?? ''}`} role="alert">
          {texts.loadMoreFailed(translateError(list.error))}
        </Alert>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="outline-secondary"
          className={`w-100 ${className ?? ''}`}
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? texts.loadingMore : texts.loadMore}
        </Button>
      ) : null}
    </>
  );
}

/**
 * A keyset list whose pages may come back short while more remains (a filter checked on a
 * bounded slice per page, ADR 0030; a search with no count, ADR 0026): while the last page is
 * short, the next is read at once, until a page is full, the list ends or a read fails, so the
 * screen fills itself and each request stays small.
 */
export function useReadOnShortPage(
  list: Pick<LoadMoreList, 'hasNextPage' | 'isFetchNextPageError' | 'fetchNextPage'> & {
    isFetching: boolean;
  },
  lastPageShort: boolean,
): void {
  const readOn =
    lastPageShort && list.hasNextPage && !list.isFetching && !list.isFetchNextPageError;
  useEffect(() => {
    if (readOn) void list.fetchNextPage();
  }, [readOn, list]);
}
