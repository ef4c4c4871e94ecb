/** The texts of View Gradebook's paged list of a user's tests (ADR 0026). */
export const USER_TESTS_MESSAGES = {
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  loadMoreFailed: (message: string) => `Could not load more tests: ${message}`,
} as const;
