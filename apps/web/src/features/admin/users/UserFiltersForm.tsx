import Form from 'react-bootstrap/Form';
import { FilterField, FilterForm } from '../../../shared/layout/FilterForm';
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

/** Admin spec §2.1 filters: email text, yes/no/all flags, tests (yes = at least one), QBank. */
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
    <FilterForm id="user-filters" heading={T.filtersHeading}>
      <FilterField controlId="user-filter-email" label={T.emailFilter} col={{ xs: 12, lg: 3 }}>
        <Form.Control
          type="search"
          size="sm"
          value={filters.email}
          placeholder={T.emailFilterPlaceholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => set('email', e.target.value)}
        />
      </FilterField>
      {FLAG_ORDER.map((key) => (
        <FilterField
          key={key}
          controlId={`user-filter-${key}`}
          label={FLAG_LABELS[key]}
          col={SELECT_COL}
        >
          <Form.Select
            size="sm"
            value={filters[key]}
            onChange={(e) => set(key, e.target.value as YesNoAll)}
          >
            <YesNoOptions />
          </Form.Select>
        </FilterField>
      ))}
      <FilterField controlId="user-filter-tests" label={T.testsFilter} col={SELECT_COL}>
        <Form.Select
          size="sm"
          value={filters.tests}
          onChange={(e) => set('tests', e.target.value as YesNoAll)}
        >
          <YesNoOptions />
        </Form.Select>
      </FilterField>
      <FilterField controlId="user-filter-qbank" label={T.qbankFilter} col={SELECT_COL}>
        <Form.Select
          size="sm"
          value={filters.qbank}
          onChange={(e) => set('qbank', e.target.value as QbankFilter)}
        >
          <option value="all">{T.all}</option>
          <option value="gt0">{T.qbankAboveZero}</option>
          <option value="eq0">{T.qbankZero}</option>
        </Form.Select>
      </FilterField>
    </FilterForm>
  );
}
