import Alert from 'react-bootstrap/Alert';
import { GRADEBOOK_MESSAGES as T } from './gradebook.messages';

/** 'Admin View' (learner spec §2): an admin looks at another user's gradebook or test. */
export function AdminViewBanner({ text }: { text: string }) {
  return (
    <Alert
      role="note"
      variant="info"
      className="d-flex flex-wrap gap-2 align-items-baseline"
      data-testid="admin-view"
    >
      <strong>{T.adminView}</strong>
      <span className="text-break">{text}</span>
    </Alert>
  );
}
