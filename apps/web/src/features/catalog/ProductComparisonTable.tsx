import Table from 'react-bootstrap/Table';
import { PRODUCT_TABLE } from './catalog.messages';

/** 'Which Product Should You Get?' (learner spec §9 Product table). */
export function ProductComparisonTable() {
  return (
    <>
      <Table responsive size="sm" className="mb-2">
        <caption className="caption-top">{PRODUCT_TABLE.caption}</caption>
        <thead>
          <tr>
            {PRODUCT_TABLE.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PRODUCT_TABLE.rows.map((row) => (
            <tr key={row.product}>
              <th scope="row" className="fw-normal">
                {row.product}
              </th>
              <td>{row.content}</td>
              <td>{row.price}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="small mb-0">{PRODUCT_TABLE.advice}</p>
    </>
  );
}
