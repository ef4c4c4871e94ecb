/** Texts of the purchases editor's history pages (issue 26, ADR 0026). */
export const PURCHASE_HISTORY_MESSAGES = {
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  loadMoreFailed: (message: string) => `Could not load more grants and revocations: ${message}`,
} as const;
