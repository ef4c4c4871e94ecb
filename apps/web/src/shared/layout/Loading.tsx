import Spinner from 'react-bootstrap/Spinner';
import { LAYOUT_MESSAGES } from './layout.messages';

/** The loading state: a spinner and a text ('Loading...' unless told otherwise). */
export function Loading({ label = LAYOUT_MESSAGES.loading }: { label?: string }) {
  return (
    <div
      className="app-loading d-flex align-items-center justify-content-center gap-2 py-5"
      role="status"
    >
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
