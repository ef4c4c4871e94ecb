import ToastContainer from 'react-bootstrap/ToastContainer';
import { useCallback, useRef, useState, type ReactNode } from 'react';

export interface Notice {
  id: number;
  variant: 'success' | 'warning' | 'danger';
  text: string;
  detail?: ReactNode;
}

export type NoticeFn = (notice: Omit<Notice, 'id'>) => void;

/** At most this many notices are on screen; older ones make room. */
const MAX_NOTICES = 3;

/** A page's notices (the spec's alerts): newest last, each closed by its own button. */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const notify = useCallback<NoticeFn>((notice) => {
    const id = nextId.current++;
    setNotices((list) => [...list, { ...notice, id }].slice(-MAX_NOTICES));
  }, []);
  const dismiss = useCallback((id: number) => {
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);
  return { notices, notify, dismiss };
}

/**
 * Fixed in the bottom corner (above the navbar, below modals), so a notice is seen wherever
 * the action was. Successes and warnings are polite status messages, failures are alerts;
 * none disappears on its own.
 */
export function Notices({
  notices,
  onDismiss,
  dismissLabel = 'Dismiss',
}: {
  notices: Notice[];
  onDismiss: (id: number) => void;
  dismissLabel?: string;
}) {
  return (
    <ToastContainer
      position="bottom-end"
      containerPosition="fixed"
      className="p-3"
      style={{ zIndex: 1045 }}
    >
      {notices.map((n) => (
        // Bootstrap's toast look without react-bootstrap's Toast, which forces role="alert".
        <div
          key={n.id}
          className={`toast show border-${n.variant} bg-${n.variant}-subtle`}
          role={n.variant === 'danger' ? 'alert' : 'status'}
          aria-live={n.variant === 'danger' ? 'assertive' : 'polite'}
          aria-atomic="true"
        >
          <div className="d-flex align-items-start gap-2 p-3">
            <div className="flex-grow-1 text-break">
              <p className="mb-0 fw-semibold">{n.text}</p>
              {n.detail ? <div className="small mt-2">{n.detail}</div> : null}
            </div>
            <button
              type="button"
              className="btn-close flex-shrink-0"
              aria-label={dismissLabel}
              onClick={() => onDismiss(n.id)}
            />
          </div>
        </div>
      ))}
    </ToastContainer>
  );
}
