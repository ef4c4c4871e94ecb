import { type PublicConfig } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { LAYOUT_MESSAGES } from './layout.messages';
import { useDocumentTitle } from './use-document-title';

/** An ISO time is shown in the reader's locale; any other text as it is. */
export function formatExpectedCompletion(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    }
  }
  return value;
}

/** Learner spec §1: replaces the whole app while the maintenance flag is on. */
export function MaintenancePage({
  maintenance,
  supportEmail,
  onRefresh = () => window.location.reload(),
}: {
  maintenance: PublicConfig['maintenance'];
  supportEmail: string;
  onRefresh?: () => void;
}) {
  useDocumentTitle(LAYOUT_MESSAGES.maintenanceTitle);
  return (
    <main className="container py-5 app-narrow mx-auto" id="main-content">
      <Card className="text-center">
        <Card.Body>
          <h1 className="h3">{LAYOUT_MESSAGES.maintenanceTitle}</h1>
          {maintenance.message ? (
            <p className="app-preserve-whitespace">{maintenance.message}</p>
          ) : null}
          {maintenance.expectedCompletion ? (
            <p>
              {LAYOUT_MESSAGES.maintenanceExpected}{' '}
              {formatExpectedCompletion(maintenance.expectedCompletion)}
            </p>
          ) : null}
          {supportEmail ? (
            <p>
              {LAYOUT_MESSAGES.maintenanceContact}{' '}
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </p>
          ) : null}
          <Button onClick={onRefresh}>{LAYOUT_MESSAGES.refresh}</Button>
        </Card.Body>
      </Card>
    </main>
  );
}
