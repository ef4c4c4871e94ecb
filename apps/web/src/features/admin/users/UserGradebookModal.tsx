import {
  reviewPath,
  TEST_MODE_LABELS,
  type AdminUserRow,
  type TestSummary,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useState } from 'react';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { LoadMore } from '../../../shared/layout/LoadMore';
import { ScrollTable } from '../../../shared/layout/ScrollTable';
import { AdminViewBanner } from '../../gradebook/AdminViewBanner';
import { Gradebook } from '../../gradebook/Gradebook';
import { useExportTest, useUserTests } from './user-tests-api';
import { USER_LEARNING_MESSAGES as L } from './user-learning.messages';
import { UserLearningView } from './UserLearningView';
import { USER_TESTS_MESSAGES as M } from './user-tests.messages';
import { USERS_MESSAGES as T } from './users.messages';

const nameOf = (test: TestSummary) => test.productName || test.testProductId;

function UserTestRow({
  test,
  uid,
  exporting,
  onExport,
}: {
  test: TestSummary;
  uid: string;
  exporting: boolean;
  onExport: (test: TestSummary) => void;
}) {
  return (
    <tr>
      <th scope="row" className="fw-normal text-break" style={{ minWidth: '10rem' }}>
        {nameOf(test)}
        <code className="d-block small text-body-secondary">{test.id}</code>
      </th>
      <td>{test.totalQuestions}</td>
      <td>{TEST_MODE_LABELS[test.mode] ?? test.mode}</td>
      <td>
        <Badge bg={test.completed ? 'success' : 'secondary'}>
          {test.completed ? T.testCompleted : T.testInProgress}
        </Badge>
      </td>
      <td>
        <div className="d-flex flex-wrap gap-1" style={{ minWidth: '9rem' }}>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={exporting}
            aria-label={T.exportTestOf(nameOf(test), test.id)}
            onClick={() => onExport(test)}
          >
            {exporting ? T.exporting : T.exportTest}
          </Button>
          {test.completed ? (
            <a
              className="btn btn-sm btn-outline-secondary"
              href={reviewPath(test.id, uid)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={T.reviewTestOf(nameOf(test), test.id)}
            >
              {T.reviewTest}
            </a>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function UserTests({ user }: { user: AdminUserRow }) {
  const tests = useUserTests(user.uid);
  const exporter = useExportTest();
  const [exportingId, setExportingId] = useState<string | null>(null);
  const exportTest = (test: TestSummary) => {
    setExportingId(test.id);
    exporter.mutate({ uid: user.uid, testId: test.id }, { onSettled: () => setExportingId(null) });
  };

  if (tests.isPending) return <Loading label={T.userTestsLoading} />;
  if (!tests.data) {
    return (
      <ErrorState
        message={T.userTestsLoadFailed}
        detail={tests.error?.message}
        onRetry={() => void tests.refetch()}
        retrying={tests.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  }
  return (
    <>
      {exporter.isError ? (
        <Alert variant="danger" role="alert" onClose={() => exporter.reset()} dismissible>
          {exporter.error.message}
        </Alert>
      ) : exporter.isSuccess ? (
        <Alert variant="success" role="status" onClose={() => exporter.reset()} dismissible>
          {T.exported(exporter.data)}
        </Alert>
      ) : null}
      {tests.data.length === 0 && !tests.hasNextPage ? (
        <p className="text-body-secondary mb-0">{T.userTestsEmpty}</p>
      ) : (
        <>
          <ScrollTable caption={T.userTestsCaption} columns={T.userTestsColumns}>
            {tests.data.map((test) => (
              <UserTestRow
                key={test.id}
                test={test}
                uid={user.uid}
                exporting={exportingId === test.id}
                onExport={exportTest}
              />
            ))}
          </ScrollTable>
          <LoadMore list={tests} texts={M} />
        </>
      )}
    </>
  );
}

/**
 * View Gradebook (admin spec §2.1): the user's tests (product name or test product id,
 * question count, mode) with Export per test and Review in a new window, then the embedded
 * gradebook of that user with its banner; a second tab shows the user's learning (mastery and
 * readiness, read-only). Loaded lazily from the user list.
 */
export default function UserGradebookModal({
  user,
  onClose,
}: {
  user: AdminUserRow;
  onClose: () => void;
}) {
  const titleId = `user-gradebook-title-${user.uid}`;
  return (
    <Modal
      show
      onHide={onClose}
      size="xl"
      fullscreen="md-down"
      aria-labelledby={titleId}
      scrollable
    >
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title id={titleId} as="h2" className="h5 text-break">
          {T.gradebookTitle(user.email || user.uid)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* Learning (issue 29 §5) beside the gradebook; its data is read when the tab opens */}
        <Tabs id={`${titleId}-tabs`} defaultActiveKey="gradebook" mountOnEnter className="mb-3">
          <Tab eventKey="gradebook" title={L.tabGradebook}>
            <AdminViewBanner text={T.adminViewGradebook(user.email || user.uid)} />
            <section aria-labelledby={`${titleId}-tests`} className="mb-4">
              <h3 id={`${titleId}-tests`} className="h6">
                {T.userTestsHeading}
              </h3>
              <UserTests user={user} />
            </section>
            <section aria-labelledby={`${titleId}-gradebook`}>
              <h3 id={`${titleId}-gradebook`} className="h6">
                {T.embeddedGradebookHeading}
              </h3>
              <Gradebook userId={user.uid} embedded />
            </section>
          </Tab>
          <Tab eventKey="learning" title={L.tabLearning}>
            <UserLearningView user={user} />
          </Tab>
        </Tabs>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {T.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
