import { type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

/**
 * A data table in its own scroll container (focusable, named), so the page never scrolls
 * sideways on a phone; position-relative keeps visually hidden texts inside it (else they
 * widen the page).
 */
export function ScrollTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div
      className="table-responsive position-relative border rounded"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <Table striped hover size="sm" className="align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </div>
  );
}
