import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useState } from 'react';
import { useApi } from '../../shared/api/api-context';
import { useSession } from '../../shared/session/session-context';
import { signedUrlCache } from '../media/signed-url-cache';
import {
  browserTabs,
  DOWNLOAD_MESSAGES,
  downloadErrorMessage,
  downloadKey,
  openPendingTab,
  signedDownloadUrl,
  type DownloadTier,
} from './download-file';

type State =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'error'; message: string }
  /** The browser blocked the new tab: the link to open by hand. */
  | { status: 'link'; url: string };

/**
 * Download of a download include (learner spec §2 Product cards, §7 download-file-free /
 * download-file-paid): the file's signed URL opened in a new tab. The tab is opened on the
 * click itself, so popup blockers let it through, and sent to the URL once it is known; a
 * failure closes it and says why beside the button.
 */
export function DownloadButton({
  filePath,
  tier,
  word,
  label,
}: {
  filePath: string;
  tier: DownloadTier;
  word: string;
  label: string;
}) {
  const api = useApi();
  const uid = useSession().user?.uid ?? '';
  const [state, setState] = useState<State>({ status: 'idle' });

  const onClick = () => {
    if (state.status === 'busy') return;
    const cached = signedUrlCache.peek(downloadKey(uid, filePath));
    if (cached && browserTabs.open(cached, 'noopener')) {
      setState({ status: 'idle' });
      return;
    }
    const tab = openPendingTab();
    setState({ status: 'busy' });
    signedDownloadUrl(api, uid, tier, filePath).then(
      (url) => {
        if (tab) {
          tab.go(url);
          setState({ status: 'idle' });
        } else {
          setState({ status: 'link', url });
        }
      },
      (err: unknown) => {
        tab?.close();
        setState({ status: 'error', message: downloadErrorMessage(err, filePath) });
      },
    );
  };

  const busy = state.status === 'busy';
  return (
    <>
      <Button
        size="sm"
        variant="primary"
        onClick={onClick}
        disabled={busy}
        aria-busy={busy}
        aria-label={label}
      >
        {busy ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
        {word}
      </Button>
      {state.status === 'error' ? (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'link' ? (
        <p className="small mt-2 mb-0" role="status">
          {DOWNLOAD_MESSAGES.popupBlocked}{' '}
          <a href={state.url} target="_blank" rel="noopener noreferrer">
            {DOWNLOAD_MESSAGES.openDownload}
          </a>
        </p>
      ) : null}
    </>
  );
}
