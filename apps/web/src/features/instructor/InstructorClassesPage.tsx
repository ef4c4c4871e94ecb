import type { InstructorClass } from '@examprep/contracts/types';
import { Link } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { ScrollTable } from '../../shared/layout/ScrollTable';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { shortDate } from '../learning/learning-format';
import { useInstructorClasses } from './instructor-api';
import { classPath, className } from './instructor-format';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';
import { InstructorOnly } from './InstructorOnly';

/** The classes as a table: each name a link to the class. */
function ClassesTable({ classes }: { classes: readonly InstructorClass[] }) {
  return (
    <ScrollTable caption={T.classesCaption} columns={T.classesColumns}>
      {classes.map((c) => (
        <tr key={c.contextKey}>
          <th scope="row" className="fw-normal">
            <Link to={classPath(c.contextKey)}>{className(c)}</Link>
            {c.title && c.label ? (
              <span className="d-block small text-body-secondary">{c.label}</span>
            ) : null}
          </th>
          <td>{c.platformName || T.none}</td>
          <td className="text-end">{c.learners}</td>
          <td className="text-nowrap">{shortDate(c.lastLaunchAt)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function Classes() {
  const query = useInstructorClasses();
  if (query.isPending) return <Loading label={T.classesLoading} />;
  if (query.isError) {
    return (
      <ErrorState
        message={T.classesFailed}
        detail={translateError(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  }
  const { classes } = query.data;
  if (classes.length === 0) return <p className="text-body-secondary">{T.classesEmpty}</p>;
  return (
    <>
      <p className="text-body-secondary">{T.classesIntro}</p>
      <ClassesTable classes={classes} />
    </>
  );
}

/** /instructor (issue 30): the classes the instructor teaches, from their LMS launches. */
export default function InstructorClassesPage() {
  useDocumentTitle(T.classesTitle);
  return (
    <section aria-labelledby="instructor-classes-title" style={{ maxWidth: '60rem' }}>
      <h1 id="instructor-classes-title" className="h3 mb-3">
        {T.classesTitle}
      </h1>
      <InstructorOnly>
        <Classes />
      </InstructorOnly>
    </section>
  );
}
