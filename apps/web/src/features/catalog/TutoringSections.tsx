import Card from 'react-bootstrap/Card';
import { type ReactNode } from 'react';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';

/** Learner spec §9 Tutoring promotion (the Infinite QBank excluded). */
export function TutoringPromotion() {
  return (
    <>
      <p>{T.tutoringPromotionText}</p>
      <p className="mb-0">{T.tutoringExclusion}</p>
    </>
  );
}

function InfoCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="mb-3">
      <Card.Body>
        <Card.Title as="h2" id={id} className="h5">
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}

/** Tutoring (learner spec §2, both tabs; the promotion of §9). */
export function TutoringCard() {
  return (
    <InfoCard id="tutoring-title" title={T.tutoring}>
      <p>{T.tutoringText}</p>
      <TutoringPromotion />
      <p className="mt-3 mb-0">{T.tutoringHowTo}</p>
    </InfoCard>
  );
}

/** Alternative Payments (learner spec §2, both tabs). */
export function AlternativePaymentsCard() {
  return (
    <InfoCard id="alternative-payments-title" title={T.alternativePayments}>
      <p className="mb-0">{T.alternativePaymentsText}</p>
    </InfoCard>
  );
}
