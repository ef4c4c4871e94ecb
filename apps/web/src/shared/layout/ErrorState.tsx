import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { type ReactNode } from 'react';
import { LAYOUT_MESSAGES } from './layout.messages';

/** An error with an optional detail line and a retry button. */
export function ErrorState({
  message,
  detail,
  onRetry,
  retryLabel = LAYOUT_MESSAGES.tryAgain,
  retrying = false,
}: {
  message: ReactNode;
  detail?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  retrying?: boolean;
}) {
  return (
    <Alert variant="danger" className="my-3" role="alert">
      <p className="fw-semibold mb-1">{message}</p>
      {detail ? <p className="small mb-0">{detail}</p> : null}
      {onRetry ? (
        // filled: the outline button's red text on the alert's pink is 3.4:1 (axe color-contrast)
        <Button variant="danger" className="mt-3" onClick={onRetry} disabled={retrying}>
          {retryLabel}
        </Button>
      ) : null}
    </Alert>
  );
}
