import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session/session-context';
import { downloadStampedPdf, PdfDownloadError, type PdfProgress } from './stamped-pdf';
import { formatBytes, WORKBOOK_MESSAGES as T } from './workbook.messages';

type DownloadState =
  | { status: 'idle' }
  | { status: 'busy'; progress: PdfProgress }
  | { status: 'done'; fileName: string }
  | { status: 'error'; message: string };

/**
 * 'Download PDF' (learner spec §2 /workbook, §7 generate-stamped-pdf, §8 Downloads): the
 * stamped copy is prepared on the server ('Preparing your PDF'), then received with a progress
 * bar of the bytes of Content-Length, then saved under the stamped file name. Errors in an
 * alert beside the button; leaving the page cancels the download.
 */
export function DownloadPdfButton({ workbookPath }: { workbookPath: string }) {
  const { getToken, user } = useSession();
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'busy', progress: { phase: 'preparing' } });
    try {
      const { fileName } = await downloadStampedPdf({
        workbookPath,
        email: user?.email ?? '',
        getToken,
        signal: controller.signal,
        onProgress: (progress) => setState({ status: 'busy', progress }),
      });
      setState({ status: 'done', fileName });
    } catch (err) {
      if (controller.signal.aborted) return;
      setState({
        status: 'error',
        message: err instanceof PdfDownloadError ? err.message : T.downloadFailed,
      });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const busy = state.status === 'busy';
  return (
    <div className="app-pdf-download">
      <Button variant="primary" onClick={() => void start()} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {T.downloadPdf}
      </Button>
      <div aria-live="polite" className="mt-2">
        {state.status === 'busy' ? <Progress progress={state.progress} /> : null}
        {state.status === 'done' ? (
          <p className="small text-success mb-0">{T.downloaded(state.fileName)}</p>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <Alert variant="danger" className="mt-2 mb-0 py-2" role="alert">
          {state.message}
        </Alert>
      ) : null}
    </div>
  );
}

/** A Bootstrap 5.3 progress bar named for assistive technology (role on the outer element). */
function Bar({ percent, text }: { percent: number | null; text: string }) {
  return (
    <div
      className="progress mb-1"
      role="progressbar"
      aria-label={T.downloadProgress}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(percent === null ? {} : { 'aria-valuenow': percent })}
      aria-valuetext={text}
    >
      <div
        className={
          percent === null
            ? 'progress-bar progress-bar-striped progress-bar-animated'
            : 'progress-bar'
        }
        style={{ width: `${percent ?? 100}%` }}
      />
    </div>
  );
}

function Progress({ progress }: { progress: PdfProgress }) {
  if (progress.phase === 'preparing' || progress.received === 0) {
    return (
      <div>
        <Bar percent={null} text={T.preparingPdf} />
        <p className="small mb-0">{T.preparingPdf}</p>
      </div>
    );
  }
  const { received, total } = progress;
  const percent = total ? Math.min(100, Math.round((received / total) * 100)) : null;
  const text = T.received(formatBytes(received), total ? formatBytes(total) : null);
  return (
    <div>
      <Bar percent={percent} text={text} />
      <p className="small mb-0">{text}</p>
    </div>
  );
}
