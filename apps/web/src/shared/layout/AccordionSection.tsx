import Accordion from 'react-bootstrap/Accordion';
import { useId, type ReactNode } from 'react';

/**
 * One item of a react-bootstrap Accordion with the links its button lacks: the header's
 * button controls the body, and the open body is a region named by the title.
 */
export function AccordionSection({
  eventKey,
  title,
  heading = 'h3',
  label,
  children,
}: {
  eventKey: string;
  title: ReactNode;
  /** The heading level of the header (the page's outline). */
  heading?: 'h2' | 'h3' | 'h4';
  /** The region's name; default the title when it is text. */
  label?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Accordion.Item eventKey={eventKey}>
      <Accordion.Header as={heading} aria-controls={`${id}-body`}>
        {title}
      </Accordion.Header>
      <Accordion.Body
        id={`${id}-body`}
        role="region"
        aria-label={label ?? (typeof title === 'string' ? title : undefined)}
      >
        {children}
      </Accordion.Body>
    </Accordion.Item>
  );
}
