import { type WorkbookVideo } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useEffect, useRef, useState } from 'react';
import { Loading } from '../../shared/layout/Loading';
import { useWorkbookVideoUrl } from './use-workbook-video-url';
import { WORKBOOK_MESSAGES as T } from './workbook.messages';

/**
 * The chosen video of a chapter (learner spec §2 /workbook): its signed URL from the cache,
 * played by the browser's own player (`preload="metadata"`: nothing but the header is fetched
 * before Play; seeking asks the S3 server for ranges). The player takes the focus when it
 * appears, so keyboard users land on it. A URL that fails, or a video that does not load,
 * shows 'Failed to load the video. Please try again.' with Try Again (a fresh URL).
 */
export function WorkbookVideoPlayer({
  video,
  onClose,
}: {
  video: WorkbookVideo;
  onClose: () => void;
}) {
  const signed = useWorkbookVideoUrl(video.path);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), [video.path]);

  const url = signed.status === 'ready' ? signed.url : null;
  const broken = url !== null && brokenUrl === url;
  const failed = signed.status === 'failed' || broken;
  const retry = () => {
    setBrokenUrl(null);
    signed.retry();
  };

  return (
    <figure
      ref={box}
      tabIndex={-1}
      className="app-workbook-player border rounded p-2 mt-3 mb-0"
      aria-label={T.nowPlaying(video.title)}
    >
      <figcaption className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <span className="fw-semibold">{T.nowPlaying(video.title)}</span>
        <Button variant="outline-secondary" size="sm" onClick={onClose}>
          {T.closeVideo}
        </Button>
      </figcaption>
      {failed ? (
        <Alert variant="danger" className="mb-0 py-2" role="alert">
          <p className="mb-2">{T.videoFailed}</p>
          <Button variant="outline-danger" size="sm" onClick={retry}>
            {T.tryAgain}
          </Button>
        </Alert>
      ) : url ? (
        <video
          key={url}
          src={url}
          controls
          preload="metadata"
          playsInline
          className="app-workbook-video d-block w-100 bg-black rounded"
          style={{ maxHeight: '60vh' }}
          title={video.title}
          onError={() => setBrokenUrl(url)}
        />
      ) : (
        <Loading label={T.loadingVideo} />
      )}
    </figure>
  );
}
