import { type Announcement, isSafeLinkUrl } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { announcementExcerpt, formatAnnouncementDate } from './announcement-form';
import { UPDATES_MESSAGES as T } from './updates.messages';

/** The optional link button: site paths stay in the app, other links open a new tab. */
function AnnouncementLink({ url, text }: { url: string; text: string }) {
  // The server refuses unsafe links; checking again here keeps a bad record harmless.
  if (!url || !isSafeLinkUrl(url)) return null;
  const label = text.trim() || T.learnMore;
  if (url.startsWith('/')) {
    return (
      <Link to={url} className="btn btn-sm btn-outline-primary">
        {label}
      </Link>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn-sm btn-outline-primary"
    >
      {label}
      <span className="visually-hidden"> {T.opensInNewTab}</span>
    </a>
  );
}

/** Characters of the content in the Edit/Delete button names. */
const BUTTON_EXCERPT = 60;

export function AnnouncementItem({
  announcement: a,
  isAdmin,
  onEdit,
  onDelete,
}: {
  announcement: Announcement;
  isAdmin: boolean;
  onEdit: (a: Announcement) => void;
  onDelete: (a: Announcement) => void;
}) {
  const date = formatAnnouncementDate(a.date);
  // Two announcements may share a date: the buttons' names add the first words.
  const which = T.whichAnnouncement(date, announcementExcerpt(a.content, BUTTON_EXCERPT));
  return (
    <Card as="article" className={a.isVisible ? '' : 'border-secondary-subtle bg-body-tertiary'}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <time dateTime={a.date} className="fw-semibold">
            {date}
          </time>
          {isAdmin && !a.isVisible ? <Badge bg="secondary">{T.hidden}</Badge> : null}
        </div>
        {/* Plain text: React escapes it; white-space: pre-wrap keeps the author's line breaks. */}
        <p className="app-preserve-whitespace mb-3">{a.content}</p>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <AnnouncementLink url={a.linkUrl} text={a.linkText} />
          {isAdmin ? (
            <div className="ms-auto d-flex gap-2">
              <Button size="sm" variant="outline-secondary" onClick={() => onEdit(a)}>
                {T.edit}
                <span className="visually-hidden"> {which}</span>
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => onDelete(a)}>
                {T.delete}
                <span className="visually-hidden"> {which}</span>
              </Button>
            </div>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}
