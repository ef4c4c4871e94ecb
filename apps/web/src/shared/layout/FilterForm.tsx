import { type ReactNode } from 'react';
import Col, { type ColProps } from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

/**
 * The filter form of the admin lists (users, questions, topics): a search landmark named by a
 * visually hidden heading, its fields in one wrapping row aligned on their bottoms. Filters
 * apply as they change, so submitting (Enter in a field) does nothing.
 */
export function FilterForm({
  id,
  heading,
  children,
}: {
  /** prefix of the heading's id: `${id}-title` */
  id: string;
  heading: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Form
      role="search"
      aria-labelledby={titleId}
      onSubmit={(e) => e.preventDefault()}
      className="mb-3"
    >
      <h2 id={titleId} className="visually-hidden">
        {heading}
      </h2>
      <Row className="g-2 align-items-end">{children}</Row>
    </Form>
  );
}

/** The column widths of a field per breakpoint (react-bootstrap Col). */
export type FilterColumn = Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg' | 'xl'>;

/** One field of a FilterForm: a small label over its control (`controlId` ties them). */
export function FilterField({
  controlId,
  label,
  col,
  title,
  children,
}: {
  controlId: string;
  label: string;
  col: FilterColumn;
  /** tooltip of the whole field, e.g. why it is disabled */
  title?: string;
  children: ReactNode;
}) {
  return (
    <Col {...col}>
      <Form.Group controlId={controlId} title={title}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        {children}
      </Form.Group>
    </Col>
  );
}
