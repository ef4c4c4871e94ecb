import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { useMemo, useState } from 'react';
import { translateError } from '../../../shared/errors';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { FilterField, FilterForm } from '../../../shared/layout/FilterForm';
import { Loading } from '../../../shared/layout/Loading';
import { Notices, useNotices } from '../../../shared/layout/Notices';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import { CourseCard } from './CourseTopicList';
import {
  DEFAULT_TOPIC_FILTERS,
  filterCourses,
  isDefaultTopicFilters,
  type AvailabilityFilter,
  type PricingFilter,
  type TopicFilters,
} from './topic-filters';
import { useAdminCourses } from './topics-api';
import { TOPICS_MESSAGES as T } from './topics.messages';

const SELECT_COL = { xs: 6, md: 'auto' } as const;

function TopicFiltersForm({
  filters,
  onChange,
}: {
  filters: TopicFilters;
  onChange: (next: TopicFilters) => void;
}) {
  return (
    <FilterForm id="topic-filters" heading={T.filtersHeading}>
      <FilterField controlId="topic-filter-search" label={T.searchLabel} col={{ xs: 12, md: 5 }}>
        <Form.Control
          type="search"
          size="sm"
          value={filters.search}
          placeholder={T.searchPlaceholder}
          autoComplete="off"
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
      </FilterField>
      <FilterField
        controlId="topic-filter-availability"
        label={T.availabilityLabel}
        col={SELECT_COL}
      >
        <Form.Select
          size="sm"
          value={filters.availability}
          onChange={(e) =>
            onChange({ ...filters, availability: e.target.value as AvailabilityFilter })
          }
        >
          <option value="all">{T.availabilityAll}</option>
          <option value="available">{T.availableOnly}</option>
          <option value="unavailable">{T.unavailableOnly}</option>
        </Form.Select>
      </FilterField>
      <FilterField controlId="topic-filter-pricing" label={T.pricingLabel} col={SELECT_COL}>
        <Form.Select
          size="sm"
          value={filters.pricing}
          onChange={(e) => onChange({ ...filters, pricing: e.target.value as PricingFilter })}
        >
          <option value="all">{T.pricingAll}</option>
          <option value="free">{T.freeOnly}</option>
          <option value="paid">{T.paidOnly}</option>
        </Form.Select>
      </FilterField>
      <Col xs={12} md="auto">
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={isDefaultTopicFilters(filters)}
          onClick={() => onChange(DEFAULT_TOPIC_FILTERS)}
        >
          {T.clearAll}
        </Button>
      </Col>
    </FilterForm>
  );
}

function TopicManagerScreen() {
  const courses = useAdminCourses(true);
  const { notices, notify, dismiss } = useNotices();
  const [filters, setFilters] = useState<TopicFilters>(DEFAULT_TOPIC_FILTERS);
  const all = useMemo(() => Object.values(courses.data?.courses ?? {}), [courses.data]);
  const shown = useMemo(() => filterCourses(all, filters), [all, filters]);

  let body;
  if (courses.isPending) {
    body = <Loading label={T.loading} />;
  } else if (courses.isError) {
    body = (
      <ErrorState
        message={T.loadFailed}
        detail={translateError(courses.error)}
        onRetry={() => void courses.refetch()}
        retrying={courses.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else if (all.length === 0) {
    body = <p className="text-body-secondary py-3">{T.noCourses}</p>;
  } else if (shown.length === 0) {
    body = <p className="text-body-secondary py-3">{T.noMatches}</p>;
  } else {
    body = (
      <div className="d-grid gap-3">
        {shown.map((c) => (
          <CourseCard key={c.course.id} shown={c} notify={notify} />
        ))}
      </div>
    );
  }

  return (
    <>
      <TopicFiltersForm filters={filters} onChange={setFilters} />
      {body}
      <Notices notices={notices} onDismiss={dismiss} dismissLabel={T.dismiss} />
    </>
  );
}

/** /course-topic-manager (admin spec §2.6): topic Free and Available flags per course. */
export default function CourseTopicManagerPage() {
  useDocumentTitle(T.title);
  const { isAdmin } = useSession();
  return (
    <section
      aria-labelledby="topic-manager-title"
      className="mx-auto"
      style={{ maxWidth: '60rem' }}
    >
      <h1 id="topic-manager-title" className="h3 mb-2">
        {T.title}
      </h1>
      {isAdmin ? (
        <>
          <p className="text-body-secondary">{T.intro}</p>
          <TopicManagerScreen />
        </>
      ) : (
        <Alert variant="danger" role="alert">
          {T.accessDenied}
        </Alert>
      )}
    </section>
  );
}
