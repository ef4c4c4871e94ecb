import type { ClassGradebook } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { GradebookTab } from './GradebookTab';
import { useClassGradebook } from './instructor-api';
import { className } from './instructor-format';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';
import { InstructorsOnlyNote } from './InstructorOnly';
import { ItemAnalysisTab } from './ItemAnalysisTab';
import { ReadinessTab } from './ReadinessTab';

const TAB_KEYS = ['gradebook', 'readiness', 'items'] as const;
type TabKey = (typeof TAB_KEYS)[number];
/** The URL's `tab` (a reload or a shared link keeps the view); the gradebook without one. */
const TAB_PARAM = 'tab';

const isTabKey = (value: string | null): value is TabKey =>
  (TAB_KEYS as readonly (string | null)[]).includes(value);

/** The class's views as tabs (arrow keys move between them); each loads as it is first opened. */
function ClassTabs({ gradebook }: { gradebook: ClassGradebook }) {
  const [params, setParams] = useSearchParams();
  // the page's own state, the URL following: the router's update comes later (a transition),
  // and the tab list moves focus to the selected tab in the render of the arrow key
  const [active, setActive] = useState<TabKey>(() => {
    const requested = params.get(TAB_PARAM);
    return isTabKey(requested) ? requested : 'gradebook';
  });
  const select = (key: string | null) => {
    if (!isTabKey(key)) return;
    setActive(key);
    const next = new URLSearchParams(params);
    if (key === 'gradebook') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, key);
    setParams(next, { replace: true });
  };
  return (
    <Tabs
      id="class-tabs"
      activeKey={active}
      onSelect={select}
      mountOnEnter
      className="mb-3"
      aria-label={T.tabsLabel}
    >
      <Tab eventKey="gradebook" title={T.tabs.gradebook}>
        <GradebookTab gradebook={gradebook} />
      </Tab>
      <Tab eventKey="readiness" title={T.tabs.readiness}>
        <ReadinessTab learners={gradebook.learners} />
      </Tab>
      <Tab eventKey="items" title={T.tabs.items}>
        <ItemAnalysisTab contextKey={gradebook.class.contextKey} />
      </Tab>
    </Tabs>
  );
}

function ClassView({ contextKey }: { contextKey: string }) {
  const query = useClassGradebook(contextKey);
  const gradebook = query.data;
  const title = gradebook ? className(gradebook.class) : T.classTitle;
  useDocumentTitle(title);

  let body;
  if (query.isPending) body = <Loading label={T.classLoading} />;
  else if (gradebook)
    body = (
      <>
        <p className="text-body-secondary">
          {gradebook.class.platformName ? `${T.lmsOf(gradebook.class.platformName)} · ` : null}
          {T.learnerCount(gradebook.learners.length)}
        </p>
        {gradebook.roster === 'launches' && gradebook.rosterNote ? (
          <Alert variant="info" className="py-2">
            {gradebook.rosterNote}
          </Alert>
        ) : null}
        <ClassTabs gradebook={gradebook} />
      </>
    );
  else if (query.error?.status === 404)
    body = (
      <Alert variant="warning" role="alert">
        {T.notYourClass}
      </Alert>
    );
  else
    body = (
      <ErrorState
        message={T.classFailed}
        detail={translateError(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={T.tryAgain}
      />
    );

  return (
    <>
      <h1 id="class-title" className="h3 mb-1">
        {title}
      </h1>
      {body}
    </>
  );
}

/** The page for anyone without the instructor role: no API call. */
function NotAnInstructor() {
  useDocumentTitle(T.classTitle);
  return (
    <>
      <h1 id="class-title" className="h3 mb-3">
        {T.classTitle}
      </h1>
      <InstructorsOnlyNote />
    </>
  );
}

/**
 * /instructor/classes/:contextKey (issue 30): one class the instructor teaches, its gradebook,
 * TEAS readiness and item analysis. A class they do not teach is not found.
 */
export default function ClassPage() {
  const { contextKey = '' } = useParams();
  const { isInstructor } = useSession();
  return (
    <section aria-labelledby="class-title" style={{ maxWidth: '72rem' }}>
      <Link to="/instructor" className="d-inline-block small mb-2">
        {T.backToClasses}
      </Link>
      {isInstructor ? <ClassView contextKey={contextKey} /> : <NotAnInstructor />}
    </section>
  );
}
