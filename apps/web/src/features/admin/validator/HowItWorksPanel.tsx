import {
  SANITIZE_TYPE_DESCRIPTIONS,
  SANITIZE_TYPE_LABELS,
  SANITIZE_TYPES,
} from '@examprep/validation';
import Card from 'react-bootstrap/Card';
import { VALIDATOR_MESSAGES as T } from './validator.messages';

/** The 'How It Works' panel: what each input type allows and blocks (admin spec §2.2, §5). */
export function HowItWorksPanel() {
  return (
    <Card as="section" aria-labelledby="how-it-works-title">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="how-it-works-title">
          {T.howTitle}
        </Card.Title>
        <dl className="mb-0">
          {SANITIZE_TYPES.map((type) => (
            <div key={type} className="mb-2">
              <dt>{SANITIZE_TYPE_LABELS[type]}</dt>
              <dd className="mb-0">{SANITIZE_TYPE_DESCRIPTIONS[type]}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}
