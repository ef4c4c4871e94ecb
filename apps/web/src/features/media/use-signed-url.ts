import { type SignedUrlKind } from '@examprep/contracts/types';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useApi } from '../../shared/api/api-context';
import { useSession } from '../../shared/session/session-context';
import { signedUrlCache, signedUrlKey, type SignedUrlKey } from './signed-url-cache';

export type SignedUrlState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed' };

/**
 * The signed URL of a stored object through the app's cache (learner spec §4): 'none' when
 * there is no path, 'loading', 'ready' with the URL, or 'failed' (the request failed; no
 * error detail: the screens show a short text instead of a broken image).
 */
export function useSignedUrl(path: string | null | undefined, kind: SignedUrlKind): SignedUrlState {
  const api = useApi();
  const { user } = useSession();
  const key: SignedUrlKey | null = path ? { user: user?.uid ?? '', path, kind } : null;
  const id = key ? signedUrlKey(key) : null;
  const cached = useSyncExternalStore(
    signedUrlCache.subscribe,
    () => (key ? signedUrlCache.peek(key) : undefined),
    () => undefined,
  );
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(
    // GET /api/getSignedUrl?path= (learner spec §7)
    (k: SignedUrlKey) => api.GET('/api/getSignedUrl', { params: { query: { path: k.path } } }),
    [api],
  );

  useEffect(() => {
    if (!id || cached) return;
    const k = JSON.parse(id) as [string, string, SignedUrlKind];
    const target: SignedUrlKey = { user: k[0], path: k[1], kind: k[2] };
    let live = true;
    void signedUrlCache
      .get(target, () => load(target))
      .then((url) => {
        if (live) setFailed(url === null ? id : null);
      });
    return () => {
      live = false;
    };
  }, [id, cached, load]);

  if (!key) return { status: 'none' };
  if (cached) return { status: 'ready', url: cached };
  if (failed === id) return { status: 'failed' };
  return { status: 'loading' };
}
