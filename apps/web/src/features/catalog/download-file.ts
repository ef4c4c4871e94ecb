import { MEDIA_MESSAGES } from '@examprep/contracts/types';
import { ApiError, type ApiClient } from '../../shared/api/api-client';
import { signedUrlCache, type SignedUrlKey } from '../media/signed-url-cache';

/** A download include's file is free (price 0) or paid (owners only). */
export type DownloadTier = 'free' | 'paid';

/**
 * GET /api/download-file-free?filePath= or GET /api/download-file-paid?filePath= (learner
 * spec §7): answers the file's signed URL, opened in a new tab.
 */
function downloadUrl(api: ApiClient, tier: DownloadTier, filePath: string) {
  const params = { query: { filePath } };
  return tier === 'free'
    ? api.GET('/api/download-file-free', { params })
    : api.GET('/api/download-file-paid', { params });
}

/** Texts of failed downloads that are not in the spec (a file other than a PDF). */
export const DOWNLOAD_MESSAGES = {
  fileFailed: 'Failed to download the file. Please try again.',
  openDownload: 'Open your download',
  popupBlocked: 'Your browser kept the download from opening a new tab. Use this link instead:',
} as const;

/**
 * The sentence for a failed download (learner spec §8 Downloads, §6): 401 'Authentication
 * required to download the file.', 403 'You do not have access to this product.', 429 the
 * too-many-downloads text; otherwise 'Failed to download the PDF. Please try again.' for a PDF
 * and 'Failed to download the file. Please try again.' for any other file.
 */
export function downloadErrorMessage(error: unknown, filePath: string): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) return MEDIA_MESSAGES.authRequired;
  if (status === 403) return MEDIA_MESSAGES.noAccess;
  if (status === 429) return MEDIA_MESSAGES.tooManyDownloads;
  return filePath.toLowerCase().endsWith('.pdf')
    ? MEDIA_MESSAGES.downloadFailed
    : DOWNLOAD_MESSAGES.fileFailed;
}

/** The cache key of a download's URL (learner spec §4: per user, path and kind). */
export const downloadKey = (uid: string, filePath: string): SignedUrlKey => ({
  user: uid,
  path: filePath,
  kind: 'download',
});

/**
 * The signed URL of a download through the app's signed-URL cache (45 minutes, one shared
 * pending request). Throws the request's error (its status picks the sentence) when the URL
 * cannot be had.
 */
export async function signedDownloadUrl(
  api: ApiClient,
  uid: string,
  tier: DownloadTier,
  filePath: string,
): Promise<string> {
  let failure: unknown = null;
  const url = await signedUrlCache.get(downloadKey(uid, filePath), async () => {
    try {
      return await downloadUrl(api, tier, filePath);
    } catch (err) {
      failure = err;
      throw err;
    }
  });
  if (url === null) throw failure ?? new Error(DOWNLOAD_MESSAGES.fileFailed);
  return url;
}

/** What the button needs of the browser's windows (a seam for the unit tests). */
export const browserTabs = {
  open: (url: string, features?: string): Window | null => window.open(url, '_blank', features),
};

/**
 * Opens a new tab for the download at once, while the click's user activation lasts (a tab
 * opened after an await may be blocked as a popup), then sends it to the signed URL. The new
 * tab loses its opener before it leaves for the other origin. null when the browser blocked
 * even that (the caller then shows a link).
 */
export function openPendingTab(): { go(url: string): void; close(): void } | null {
  const tab = browserTabs.open('about:blank');
  if (!tab) return null;
  return {
    go(url) {
      try {
        tab.opener = null;
      } catch {
        // some browsers refuse the assignment; the URL is ours and signed either way
      }
      tab.location.replace(url);
    },
    close() {
      tab.close();
    },
  };
}
