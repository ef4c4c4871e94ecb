import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useApi } from '../../shared/api/api-context';
import { useSession } from '../../shared/session/session-context';
import { signedUrlCache, type SignedUrlKey } from '../media/signed-url-cache';
import { type SignedUrlState } from '../media/use-signed-url';

/**
 * A workbook video's signed URL through the app's one signed-URL cache (learner spec §4: per
 * user, path and kind 'video', 45 minutes, one shared pending request, a failure yields null),
 * asked of GET /api/getWorkbookVideoUrl. `retry` forgets the key and asks again (a failed
 * request, or an URL the player could not load).
 */
export function useWorkbookVideoUrl(
  videoPath: string | null,
): SignedUrlState & { retry: () => void } {
  const api = useApi();
  const uid = useSession().user?.uid ?? '';
  const key: SignedUrlKey | null = videoPath ? { user: uid, path: videoPath, kind: 'video' } : null;
  const cached = useSyncExternalStore(
    signedUrlCache.subscribe,
    () => (key ? signedUrlCache.peek(key) : undefined),
    () => undefined,
  );
  // the attempt counter makes Try Again ask again; `failed` names the attempt that failed
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const attemptId = key ? `${uid}\n${videoPath}\n${attempt}` : null;

  useEffect(() => {
    if (!videoPath || !attemptId || cached) return;
    let live = true;
    const target: SignedUrlKey = { user: uid, path: videoPath, kind: 'video' };
    void signedUrlCache
      // GET /api/getWorkbookVideoUrl?videoPath= (learner spec §7)
      .get(target, () => api.GET('/api/getWorkbookVideoUrl', { params: { query: { videoPath } } }))
      .then((url) => {
        if (live) setFailed(url === null ? attemptId : null);
      });
    return () => {
      live = false;
    };
  }, [api, uid, videoPath, attemptId, cached]);

  const retry = useCallback(() => {
    if (videoPath) signedUrlCache.clearKey({ user: uid, path: videoPath, kind: 'video' });
    setFailed(null);
    setAttempt((n) => n + 1);
  }, [uid, videoPath]);

  if (!key) return { status: 'none', retry };
  if (cached) return { status: 'ready', url: cached, retry };
  if (failed === attemptId) return { status: 'failed', retry };
  return { status: 'loading', retry };
}
