import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { LAYOUT_MESSAGES } from './layout.messages';
import { useDocumentTitle } from './use-document-title';

/** Learner spec §2: any other path. */
export function NotFound() {
  const navigate = useNavigate();
  useDocumentTitle('Page Not Found');
  return (
    <section className="text-center py-5" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="h3">
        {LAYOUT_MESSAGES.notFoundTitle}
      </h1>
      <p className="text-body-secondary">{LAYOUT_MESSAGES.notFoundText}</p>
      <Button onClick={() => navigate('/')}>{LAYOUT_MESSAGES.goHome}</Button>
    </section>
  );
}
