import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { LAYOUT_MESSAGES } from './layout.messages';
import { useDocumentTitle } from './use-document-title';

/** A page whose capability is not built yet: says so, and which capability brings it. */
export function ComingSoon({ title, message }: { title: string; message: string }) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto app-narrow">
      <h1 id="coming-soon-title" className="h3 mb-3">
        {title}
      </h1>
      <Card>
        <Card.Body>
          <Card.Subtitle className="text-uppercase small text-body-secondary mb-2">
            {LAYOUT_MESSAGES.comingSoon}
          </Card.Subtitle>
          <Card.Text>{message}</Card.Text>
          <Link to="/" className="btn btn-outline-primary">
            {LAYOUT_MESSAGES.goHome}
          </Link>
        </Card.Body>
      </Card>
    </section>
  );
}
