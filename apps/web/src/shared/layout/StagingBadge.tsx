import Badge from 'react-bootstrap/Badge';
import { LAYOUT_MESSAGES } from './layout.messages';

/** Learner spec §1: the staging host shows this badge on every page. */
export function StagingBadge() {
  return (
    <div className="app-staging text-center py-1">
      <Badge bg="warning" text="dark" className="fs-6">
        {LAYOUT_MESSAGES.staging}
      </Badge>
    </div>
  );
}
