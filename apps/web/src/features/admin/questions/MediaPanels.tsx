import {
  IMAGE_TYPES,
  MEDIA_LIMITS,
  MEDIA_SLOTS,
  VIDEO_TYPES,
  type MediaSlot,
  type QuestionMedia,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useRef } from 'react';
import { SignedImage, SignedVideo } from '../../media/SignedMedia';
import { UploadProgress } from '../../media/UploadProgress';
import { QUESTIONS_MESSAGES as T } from './questions.messages';
import { type MediaDrafts, type SlotDraft } from './use-media-drafts';

/** Admin spec §2.3: preview heights 300 px (question image) and 250 px (explanation image). */
const PREVIEW_MAX: Record<MediaSlot, number> = {
  questionImage: MEDIA_LIMITS.questionImagePreviewMaxPx,
  explanationImage: MEDIA_LIMITS.explanationImagePreviewMaxPx,
  video: MEDIA_LIMITS.questionImagePreviewMaxPx,
};

export interface MediaPanelsProps {
  /** What the stored question references (paths or null). */
  media: QuestionMedia;
  drafts: MediaDrafts;
  onChoose: (slot: MediaSlot, file: File) => void;
  onCancel: (slot: MediaSlot) => void;
  onRemove: (slot: MediaSlot) => void;
  /** While the question is saved nothing may change. */
  disabled: boolean;
}

function Preview({
  slot,
  stored,
  draft,
}: {
  slot: MediaSlot;
  stored: string | null;
  draft: SlotDraft;
}) {
  const title = T[slot];
  const alt = T.mediaPreviewAlt(title);
  const style = { maxHeight: PREVIEW_MAX[slot], width: 'auto', maxWidth: '100%' };
  if (draft.change && draft.local) {
    return (
      <>
        {slot === 'video' ? (
          <video
            src={draft.local.previewUrl}
            controls
            preload="metadata"
            aria-label={alt}
            className="d-block mb-2 rounded bg-black"
            style={{ width: '100%' }}
            data-testid={`media-preview-${slot}`}
          />
        ) : (
          <img
            src={draft.local.previewUrl}
            alt={alt}
            className="d-block mb-2"
            style={style}
            data-testid={`media-preview-${slot}`}
          />
        )}
        <p className="small mb-0 text-break">{T.mediaNew(draft.local.fileName)}</p>
      </>
    );
  }
  if (draft.change === null) {
    return (
      <p className="small text-body-secondary mb-0">{stored ? T.mediaRemoved : T.mediaNone}</p>
    );
  }
  if (!stored) return <p className="small text-body-secondary mb-0">{T.mediaNone}</p>;
  return (
    <div data-testid={`media-preview-${slot}`}>
      {slot === 'video' ? (
        <SignedVideo path={stored} label={alt} />
      ) : (
        <SignedImage path={stored} alt={alt} maxHeight={PREVIEW_MAX[slot]} />
      )}
      <p className="small text-body-secondary mb-0 text-break">
        <code>{stored}</code>
      </p>
    </div>
  );
}

function MediaPanel({
  slot,
  stored,
  draft,
  onChoose,
  onCancel,
  onRemove,
  disabled,
}: Omit<MediaPanelsProps, 'media' | 'drafts'> & {
  slot: MediaSlot;
  stored: string | null;
  draft: SlotDraft;
}) {
  const input = useRef<HTMLInputElement>(null);
  const title = T[slot];
  const ids = {
    title: `media-${slot}-title`,
    limits: `media-${slot}-limits`,
    input: `media-${slot}-file`,
  };
  const uploading = draft.progress !== null;
  const hasFile = draft.change ? true : draft.change === undefined && stored !== null;
  const accept = (slot === 'video' ? VIDEO_TYPES : IMAGE_TYPES).join(',');
  const chooseLabel = hasFile ? T.mediaReplace : T.mediaUpload;

  return (
    <Card className="h-100" data-testid={`media-panel-${slot}`}>
      <Card.Body className="p-2 d-flex flex-column gap-2">
        <div>
          <h3 id={ids.title} className="h6 small fw-semibold mb-0">
            {title}
          </h3>
          <p id={ids.limits} className="small text-body-secondary mb-0">
            {slot === 'video' ? T.mediaVideoLimits : T.mediaImageLimits}
          </p>
        </div>
        {uploading ? (
          <div>
            <p className="small mb-1 text-break">{T.mediaUploading(draft.local?.fileName ?? '')}</p>
            <UploadProgress
              percent={draft.progress ?? 0}
              label={T.mediaProgress(title)}
              testId={`media-progress-${slot}`}
            />
          </div>
        ) : (
          <Preview slot={slot} stored={stored} draft={draft} />
        )}
        {draft.error ? (
          <Alert variant="danger" className="small py-1 px-2 mb-0" role="alert">
            {draft.error}
          </Alert>
        ) : null}
        <input
          ref={input}
          id={ids.input}
          type="file"
          accept={accept}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={T.mediaFileLabel(title)}
          aria-describedby={ids.limits}
          disabled={disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // the same file may be chosen again after a refusal
            e.target.value = '';
            if (file) onChoose(slot, file);
          }}
        />
        <div className="d-flex flex-wrap gap-2 mt-auto">
          {uploading ? (
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => onCancel(slot)}
              aria-label={T.mediaAction(T.mediaCancel, title)}
            >
              {T.mediaCancel}
            </Button>
          ) : (
            <>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={disabled}
                aria-label={T.mediaAction(chooseLabel, title)}
                aria-describedby={ids.limits}
                onClick={() => input.current?.click()}
              >
                {chooseLabel}
              </Button>
              {hasFile ? (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={disabled}
                  aria-label={T.mediaAction(T.mediaRemove, title)}
                  onClick={() => onRemove(slot)}
                >
                  {T.mediaRemove}
                </Button>
              ) : null}
            </>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}

/**
 * Admin spec §2.3 media panels: Question Image, Explanation Image and Video Explanation, each
 * with Upload (Replace when there is a file) and Remove, the limits stated, a progress bar
 * while the file goes to the store, and a preview (the chosen file, or the stored one through
 * a signed URL).
 */
export function MediaPanels({ media, drafts, ...actions }: MediaPanelsProps) {
  return (
    <section aria-labelledby="question-media-title" className="mb-3">
      <h2 id="question-media-title" className="h6 mb-2">
        {T.mediaHeading}
      </h2>
      <Row xs={1} md={3} className="g-2">
        {MEDIA_SLOTS.map((slot) => (
          <Col key={slot}>
            <MediaPanel slot={slot} stored={media[slot]} draft={drafts[slot]} {...actions} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
