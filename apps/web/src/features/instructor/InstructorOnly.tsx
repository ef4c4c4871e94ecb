import Alert from 'react-bootstrap/Alert';
import { type ReactNode } from 'react';
import { useSession } from '../../shared/session/session-context';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';

/** Where the instructor's screens come from: an LMS launch from a course one teaches. */
export function InstructorsOnlyNote() {
  return (
    <Alert variant="info" role="status">
      {T.instructorsOnly}
    </Alert>
  );
}

/**
 * The instructor's screens for instructors only (the realm role `instructor`, given by an LMS
 * launch): anyone else is told where the role comes from, and the page asks the API nothing.
 */
export function InstructorOnly({ children }: { children: ReactNode }) {
  const { isInstructor } = useSession();
  return isInstructor ? <>{children}</> : <InstructorsOnlyNote />;
}
