import { type QuestionMedia } from '@examprep/contracts/types';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { QUESTIONS_MESSAGES as T } from './questions.messages';

const PANELS: { key: keyof QuestionMedia; title: string }[] = [
  { key: 'questionImage', title: T.questionImage },
  { key: 'explanationImage', title: T.explanationImage },
  { key: 'video', title: T.video },
];

/**
 * Admin spec §2.3 media panels. Upload and Remove come with the media capability, so the
 * panels say so and show what the question already references, with no buttons that do
 * nothing.
 */
export function MediaPanels({ media }: { media: QuestionMedia }) {
  return (
    <section aria-labelledby="question-media-title" className="mb-3">
      <h2 id="question-media-title" className="h6 mb-1">
        {T.mediaHeading}
      </h2>
      <p className="small text-body-secondary mb-2">{T.mediaLater}</p>
      <Row xs={1} md={3} className="g-2">
        {PANELS.map(({ key, title }) => (
          <Col key={key}>
            <Card className="h-100">
              <Card.Body className="p-2">
                <h3 className="h6 small fw-semibold mb-1">{title}</h3>
                {media[key] ? (
                  <p className="small mb-0 text-break">
                    {T.mediaStored} <code>{media[key]}</code>
                  </p>
                ) : (
                  <p className="small text-body-secondary mb-0">{T.mediaNone}</p>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
