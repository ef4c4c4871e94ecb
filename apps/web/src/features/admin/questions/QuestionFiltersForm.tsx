import {
  QBANK_LIMITS,
  QUESTION_TYPES,
  type MediaFilter,
  type QuestionFacets,
  type QuestionFilters,
  type QuestionType,
} from '@examprep/contracts/types';
import Form from 'react-bootstrap/Form';
import { FilterField, FilterForm } from '../../../shared/layout/FilterForm';
import { MEDIA_FILTER_KEYS, objectiveOptions, type MediaFilterKey } from './question-filters';
import { QUESTION_TYPE_LABELS, QUESTIONS_MESSAGES as T } from './questions.messages';

const MEDIA_LABELS: Record<MediaFilterKey, string> = {
  questionImage: T.questionImageFilter,
  explanationImage: T.explanationImageFilter,
  video: T.videoFilter,
};

/** A name that is filtered on but no longer in the facets stays selectable. */
function withCurrent(options: string[], current: string | undefined): string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}

const NAME_COL = { xs: 12, md: 6, lg: 4 } as const;
const SELECT_COL = { xs: 6, md: 3 } as const;

/** Admin spec §2.4 filters: search, course, objective (narrowed by course), type, media. */
export function QuestionFiltersForm({
  filters,
  search,
  facets,
  onSearch,
  onChange,
}: {
  filters: QuestionFilters;
  /** The search box's own text (it reaches the filters after a short pause). */
  search: string;
  facets: QuestionFacets | undefined;
  onSearch: (text: string) => void;
  onChange: (next: QuestionFilters) => void;
}) {
  const set = <K extends keyof QuestionFilters>(key: K, value: QuestionFilters[K] | '') =>
    onChange({ ...filters, [key]: value || undefined });
  const courses = withCurrent(facets?.courses ?? [], filters.course);
  const objectives = withCurrent(objectiveOptions(facets, filters.course), filters.objective);
  return (
    <FilterForm id="question-filters" heading={T.filtersHeading}>
      <FilterField controlId="question-filter-search" label={T.searchLabel} col={{ xs: 12, lg: 4 }}>
        <Form.Control
          type="search"
          size="sm"
          value={search}
          placeholder={T.searchPlaceholder}
          maxLength={QBANK_LIMITS.searchMax}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onSearch(e.target.value)}
        />
      </FilterField>
      <FilterField controlId="question-filter-course" label={T.courseFilter} col={NAME_COL}>
        <Form.Select
          size="sm"
          value={filters.course ?? ''}
          onChange={(e) => {
            const course = e.target.value || undefined;
            // The objective stays only if the new course has it.
            const keep =
              filters.objective && objectiveOptions(facets, course).includes(filters.objective);
            onChange({ ...filters, course, objective: keep ? filters.objective : undefined });
          }}
        >
          <option value="">{T.allCourses}</option>
          {courses.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Form.Select>
      </FilterField>
      <FilterField controlId="question-filter-objective" label={T.objectiveFilter} col={NAME_COL}>
        <Form.Select
          size="sm"
          value={filters.objective ?? ''}
          onChange={(e) => set('objective', e.target.value)}
        >
          <option value="">{T.allObjectives}</option>
          {objectives.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Form.Select>
      </FilterField>
      <FilterField controlId="question-filter-type" label={T.typeFilter} col={SELECT_COL}>
        <Form.Select
          size="sm"
          value={filters.type ?? ''}
          onChange={(e) => set('type', e.target.value as QuestionType | '')}
        >
          <option value="">{T.allTypes}</option>
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {QUESTION_TYPE_LABELS[type]}
            </option>
          ))}
        </Form.Select>
      </FilterField>
      {MEDIA_FILTER_KEYS.map((key) => (
        <FilterField
          key={key}
          controlId={`question-filter-${key}`}
          label={MEDIA_LABELS[key]}
          col={SELECT_COL}
        >
          <Form.Select
            size="sm"
            value={filters[key] ?? ''}
            onChange={(e) => set(key, e.target.value as MediaFilter | '')}
          >
            <option value="">{T.any}</option>
            <option value="has">{T.has}</option>
            <option value="missing">{T.missing}</option>
          </Form.Select>
        </FilterField>
      ))}
    </FilterForm>
  );
}
