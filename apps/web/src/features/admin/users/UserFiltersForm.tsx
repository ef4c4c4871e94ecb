import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FlagFilter, type QbankFilter, type UserFilters, type YesNoAll } from './user-filters';
import { USERS_MESSAGES as T } from './users.messages';

const FLAG_LABELS: Record<FlagFilter, string> = {
  emailVerified: T.emailVerifiedFilter,
  inDatabase: T.inDatabaseFilter,
  inAuth: T.inAuthFilter,
  isAdmin: T.isAdminFilter,
  premium: T.premiumFilter,
};

const FLAG_ORDER: FlagFilter[] = ['emailVerified', 'inDatabase', 'inAuth', 'isAdmin', 'premium'];

function YesNoOptions() {
  return (
    <>
      <option value="all">{T.all}</option>
      <option value="yes">{T.yes}</option>
      <option value="no">{T.no}</option>
    </>
  );
}

const SELECT_COL = { xs: 6, sm: 4, lg: 'auto' } as const;

/** Admin spec §2.1 filters: email text, yes/no/all flags, tests (later capability), QBank. */
export function UserFiltersForm({
  filters,
  onChange,
}: {
  filters: UserFilters;
  onChange: (next: UserFilters) => void;
}) {
  const set = <K extends keyof UserFilters>(key: K, value: UserFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <Form
      role="search"
      aria-labelledby="user-filters-title"
      onSubmit={(e) => e.preventDefault()}
      className="mb-3"
    >
      <h2 id="user-filters-title" className="visually-hidden">
        {T.filtersHeading}
      </h2>
      <Row className="g-2 align-items-end">
        <Col xs={12} lg={3}>
          <Form.Group controlId="user-filter-email">
            <Form.Label className="small mb-1">{T.emailFilter}</Form.Label>
            <Form.Control
              type="search"
              size="sm"
              value={filters.email}
              placeholder={T.emailFilterPlaceholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => set('email', e.target.value)}
            />
          </Form.Group>
        </Col>
        {FLAG_ORDER.map((key) => (
          <Col key={key} {...SELECT_COL}>
            <Form.Group controlId={`user-filter-${key}`}>
              <Form.Label className="small mb-1">{FLAG_LABELS[key]}</Form.Label>
              <Form.Select
                size="sm"
                value={filters[key]}
                onChange={(e) => set(key, e.target.value as YesNoAll)}
              >
                <YesNoOptions />
              </Form.Select>
            </Form.Group>
          </Col>
        ))}
        <Col {...SELECT_COL}>
          <Form.Group controlId="user-filter-tests" title={T.testsLater}>
            <Form.Label className="small mb-1">{T.testsFilter}</Form.Label>
            <Form.Select
              size="sm"
              value="all"
              disabled
              title={T.testsLater}
              aria-describedby="user-filter-tests-later"
            >
              <YesNoOptions />
            </Form.Select>
            <span id="user-filter-tests-later" className="visually-hidden">
              {T.testsLater}
            </span>
          </Form.Group>
        </Col>
        <Col {...SELECT_COL}>
          <Form.Group controlId="user-filter-qbank">
            <Form.Label className="small mb-1">{T.qbankFilter}</Form.Label>
            <Form.Select
              size="sm"
              value={filters.qbank}
              onChange={(e) => set('qbank', e.target.value as QbankFilter)}
            >
              <option value="all">{T.all}</option>
              <option value="gt0">{T.qbankAboveZero}</option>
              <option value="eq0">{T.qbankZero}</option>
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
    </Form>
  );
}
