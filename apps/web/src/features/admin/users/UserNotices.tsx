import ToastContainer from 'react-bootstrap/ToastContainer';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { USERS_MESSAGES as T } from './users.messages';

export interface UserNotice {
  id: number;
  variant: 'success' | 'danger';
  text: string;
  detail?: ReactNode;
}

export type NotifyFn = (notice: Omit<UserNotice, 'id'>) => void;

/** At most this many notices are on screen; older ones make room. */
const MAX_NOTICES = 3;

/** The page's notices (the spec's alerts): newest last, each closed by its own button. */
export function useUserNotices() {
  const [notices, setNotices] = useState<UserNotice[]>([]);
  const nextId = useRef(1);
  const notify = useCallback<NotifyFn>((notice) => {
    const id = nextId.current++;
    setNotices((list) => [...list, { ...notice, id }].slice(-MAX_NOTICES));
  }, []);
  const dismiss = useCallback((id: number) => {
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);
  return { notices, notify, dismiss };
}

/**
 * Fixed in the corner, so a notice is seen even when the row that caused it is far down the
 * page (above the navbar, below modals). Successes are polite status messages, failures are
 * alerts; none disappears on its own.
 */
export function UserNotices({
  notices,
  onDismiss,
}: {
  notices: UserNotice[];
  onDismiss: (id: number) => void;
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
          role={n.variant === 'success' ? 'status' : 'alert'}
          aria-live={n.variant === 'success' ? 'polite' : 'assertive'}
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
              aria-label={T.dismiss}
              onClick={() => onDismiss(n.id)}
            />
          </div>
        </div>
      ))}
    </ToastContainer>
  );
}
