import { type WorkbookManifest } from '@examprep/contracts/types';
import { useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { useSession } from '../../shared/session/session-context';

export const workbookQueryKey = (uid: string | null, productId: string) =>
  ['workbook', uid ?? 'anonymous', productId] as const;

/**
 * GET /api/workbooks/:productId: the workbook's manifest for owners, free products and
 * admins; 403 (not owned) and 404 (no such workbook) are answers, not hiccups, so they are not
 * retried. Keyed by user: another account signed in on the same tab asks again.
 */
export function useWorkbook(productId: string) {
  const api = useApi();
  const uid = useSession().user?.uid ?? null;
  return useQuery<WorkbookManifest, ApiError>({
    queryKey: workbookQueryKey(uid, productId),
    queryFn: ({ signal }) =>
      api.GET('/api/workbooks/{productId}', { params: { path: { productId } }, signal }),
  });
}
