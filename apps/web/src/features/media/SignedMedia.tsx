import { type SignedUrlKind } from '@examprep/contracts/types';
import Spinner from 'react-bootstrap/Spinner';
import { useState, type CSSProperties } from 'react';
import { MEDIA_VIEW_MESSAGES as T } from './media.messages';
import { useSignedUrl } from './use-signed-url';

function Pending({ label }: { label: string }) {
  return (
    <div
      className="d-flex align-items-center gap-2 small text-body-secondary border rounded p-2 mb-2"
      role="status"
      data-testid="media-loading"
    >
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

function Failed({ text }: { text: string }) {
  return (
    <p className="small text-body-secondary border rounded p-2 mb-2" data-testid="media-failed">
      {text}
    </p>
  );
}

/**
 * A stored image through a signed URL: a loading placeholder first, then the image, or a
 * short text when no URL came or the image did not load (never a broken image).
 */
export function SignedImage({
  path,
  alt,
  maxHeight,
  kind = 'image',
  className = 'img-fluid d-block mb-2',
}: {
  path: string;
  alt: string;
  /** CSS max-height (e.g. 300 for 300 px). */
  maxHeight: number | string;
  kind?: SignedUrlKind;
  className?: string;
}) {
  const state = useSignedUrl(path, kind);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (state.status === 'none') return null;
  if (state.status === 'loading') return <Pending label={T.loadingImage} />;
  if (state.status === 'failed' || brokenUrl === state.url) return <Failed text={T.imageFailed} />;
  const style: CSSProperties = { maxHeight, width: 'auto', maxWidth: '100%' };
  return (
    <img
      src={state.url}
      alt={alt}
      className={className}
      style={style}
      data-media-path={path}
      onError={() => setBrokenUrl(state.url)}
    />
  );
}

/** A stored video through a signed URL: HTML5 player with controls, metadata preloaded. */
export function SignedVideo({ path, label }: { path: string; label: string }) {
  const state = useSignedUrl(path, 'video');
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (state.status === 'none') return null;
  if (state.status === 'loading') return <Pending label={T.loadingVideo} />;
  if (state.status === 'failed' || brokenUrl === state.url) return <Failed text={T.videoFailed} />;
  return (
    <video
      src={state.url}
      controls
      preload="metadata"
      aria-label={label}
      className="d-block mb-2 rounded bg-black"
      style={{ width: '100%', maxWidth: '40rem', maxHeight: '22.5rem' }}
      data-media-path={path}
      onError={() => setBrokenUrl(state.url)}
    />
  );
}
