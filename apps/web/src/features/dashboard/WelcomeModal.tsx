import { type Dashboard } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useConfig } from '../../shared/config/config-context';
import { translateError } from '../../shared/errors';
import { useSession } from '../../shared/session/session-context';
import { formatAnnouncementDate } from '../updates/announcement-form';
import { useLatestAnnouncement } from '../updates/announcements-api';
import { useUpdateDefaultDashboard } from './dashboard-api';
import { DASHBOARD_CHOICES, WELCOME_MESSAGES as T } from './dashboard.messages';

const CHOICES: readonly Dashboard[] = ['math', 'design'];

function LatestUpdate({ onNavigate }: { onNavigate: () => void }) {
  const latestQuery = useLatestAnnouncement();
  let body;
  if (latestQuery.isPending) {
    body = (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {T.loadingUpdate}
      </div>
    );
  } else if (latestQuery.isError) {
    body = <p className="text-danger mb-0">{T.updateFailed}</p>;
  } else {
    const latest = latestQuery.data.announcement;
    body = latest ? (
      <article>
        <time dateTime={latest.date} className="d-block small fw-semibold text-body-secondary">
          {formatAnnouncementDate(latest.date)}
        </time>
        {/* Plain text (React escapes it), line breaks kept; long texts scroll inside. */}
        <p className="app-preserve-whitespace app-welcome-update mb-0">{latest.content}</p>
      </article>
    ) : (
      <p className="text-body-secondary mb-0">{T.noUpdates}</p>
    );
  }
  return (
    <section aria-labelledby="welcome-update-title" className="mb-4">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h3 id="welcome-update-title" className="h6 mb-0">
          {T.latestUpdate}
        </h3>
        <Link to="/updates" onClick={onNavigate} className="small">
          {T.allUpdates}
        </Link>
      </div>
      <div className="border rounded p-3 bg-body-tertiary">{body}</div>
    </section>
  );
}

/**
 * The dashboard's welcome modal (learner spec §2): the latest visible announcement, the
 * default-dashboard choice (saved with POST /api/update-user-default-dashboard), descriptions
 * of both dashboards and navigation tips. Lazy: loaded only when it opens.
 */
export default function WelcomeModal({ onClose }: { onClose: () => void }) {
  const { productName } = useConfig();
  const session = useSession();
  const update = useUpdateDefaultDashboard();
  const groupId = useId();
  // The choice shows at once (a controlled radio must change in the same event), then follows
  // the session: the saved value on success, the previous one after a failure.
  const [choosing, setChoosing] = useState<Dashboard | null>(null);
  const selected: Dashboard = choosing ?? session.defaultDashboard;
  const choose = (value: Dashboard) => {
    setChoosing(value);
    update.mutate(value, { onSettled: () => setChoosing(null) });
  };

  return (
    <Modal show onHide={onClose} size="lg" scrollable aria-labelledby="welcome-title">
      <Modal.Header closeButton>
        <Modal.Title id="welcome-title" as="h2" className="h4">
          {T.title(productName)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <LatestUpdate onNavigate={onClose} />

        <section aria-labelledby={`${groupId}-legend`} className="mb-4">
          <fieldset aria-describedby={`${groupId}-help`}>
            <legend id={`${groupId}-legend`} className="h6">
              {T.chooseDashboard}
            </legend>
            <p id={`${groupId}-help`} className="small text-body-secondary mb-2">
              {T.chooseDashboardHelp}
            </p>
            <div className="d-grid gap-2">
              {CHOICES.map((value) => (
                <label
                  key={value}
                  className={`app-choice border rounded p-3 d-flex gap-3 ${
                    selected === value ? 'border-primary bg-primary-subtle' : ''
                  }`}
                >
                  <Form.Check.Input
                    type="radio"
                    name={`${groupId}-dashboard`}
                    value={value}
                    checked={selected === value}
                    disabled={update.isPending}
                    onChange={() => choose(value)}
                    className="flex-shrink-0 mt-1"
                  />
                  <span>
                    <span className="d-block fw-semibold">{DASHBOARD_CHOICES[value].label}</span>
                    <span className="d-block small">{DASHBOARD_CHOICES[value].description}</span>
                  </span>
                </label>
              ))}
            </div>
            <div aria-live="polite" className="mt-2 small">
              {update.isPending ? (
                <div className="d-inline-flex align-items-center gap-2">
                  <Spinner animation="border" size="sm" aria-hidden="true" />
                  {T.saving}
                </div>
              ) : update.isError ? (
                <Alert variant="danger" className="py-2 mb-0">
                  {translateError(update.error)}
                </Alert>
              ) : update.isSuccess ? (
                <span className="text-success">{T.saved}</span>
              ) : null}
            </div>
          </fieldset>
        </section>

        <section aria-labelledby="welcome-tips-title">
          <h3 id="welcome-tips-title" className="h6">
            {T.tipsTitle}
          </h3>
          <ul className="small mb-0 ps-3">
            {T.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{T.close}</Button>
      </Modal.Footer>
    </Modal>
  );
}
