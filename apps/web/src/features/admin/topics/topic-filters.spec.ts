import { type Course } from '@examprep/contracts/types';
import { courseCounts, DEFAULT_TOPIC_FILTERS, filterCourses } from './topic-filters';

const topic = (
  key: string,
  over: Partial<{ hasGenerator: boolean; free: boolean; available: boolean }> = {},
) => ({
  key,
  name: key.replace(/_/g, ' '),
  hasGenerator: true,
  free: false,
  available: false,
  ...over,
});

const MED: Course = {
  id: 'med_dosage',
  name: 'Med Dosage',
  objectives: {
    '10': {
      name: 'Heparin',
      section: 'Infusions',
      topics: [topic('heparin_drip', { available: true })],
    },
    '2': {
      name: 'Oral',
      section: 'Tablets',
      topics: [topic('oral_tablets', { free: true, available: true })],
    },
    '1.10': { name: 'Later', section: 'Basics', topics: [] },
    '1.2': {
      name: 'Metric',
      section: 'Basics',
      topics: [topic('metric_conversions'), topic('no_gen', { hasGenerator: false })],
    },
  },
};
const TEAS: Course = {
  id: 'teas',
  name: 'TEAS Math',
  objectives: {
    '1': { name: 'Numbers', section: 'Algebra', topics: [topic('fractions', { free: true })] },
  },
};

describe('course topic filters (admin spec §2.6)', () => {
  it('lists objectives sorted numerically by code, empty ones too, without filters', () => {
    const shown = filterCourses([MED, TEAS], DEFAULT_TOPIC_FILTERS);
    expect(shown.map((c) => c.course.id)).toEqual(['med_dosage', 'teas']);
    expect(shown[0].objectives.map((o) => o.code)).toEqual(['1.2', '1.10', '2', '10']);
  });

  it('filters by availability and pricing', () => {
    const available = filterCourses([MED, TEAS], {
      ...DEFAULT_TOPIC_FILTERS,
      availability: 'available',
    });
    expect(
      available.flatMap((c) => c.objectives.flatMap((o) => o.topics.map((t) => t.key))),
    ).toEqual(['oral_tablets', 'heparin_drip']);
    const unavailablePaid = filterCourses([MED, TEAS], {
      search: '',
      availability: 'unavailable',
      pricing: 'paid',
    });
    expect(
      unavailablePaid.flatMap((c) => c.objectives.flatMap((o) => o.topics.map((t) => t.key))),
    ).toEqual(['metric_conversions', 'no_gen']);
    const free = filterCourses([MED, TEAS], { ...DEFAULT_TOPIC_FILTERS, pricing: 'free' });
    expect(free.flatMap((c) => c.objectives.flatMap((o) => o.topics.map((t) => t.key)))).toEqual([
      'oral_tablets',
      'fractions',
    ]);
  });

  it('searches courses, objectives and topics; a matching course keeps all its topics', () => {
    const byCourse = filterCourses([MED, TEAS], { ...DEFAULT_TOPIC_FILTERS, search: 'teas' });
    expect(byCourse.map((c) => c.course.id)).toEqual(['teas']);
    const bySection = filterCourses([MED, TEAS], { ...DEFAULT_TOPIC_FILTERS, search: 'basics' });
    expect(bySection[0].objectives.map((o) => o.code)).toEqual(['1.2']);
    const byTopic = filterCourses([MED, TEAS], {
      ...DEFAULT_TOPIC_FILTERS,
      search: 'HEPARIN drip',
    });
    expect(byTopic[0].objectives[0].topics.map((t) => t.key)).toEqual(['heparin_drip']);
    expect(filterCourses([MED, TEAS], { ...DEFAULT_TOPIC_FILTERS, search: 'nothing' })).toEqual([]);
  });

  it('counts topics, available and free per course', () => {
    expect(courseCounts(MED)).toEqual({ topics: 4, available: 2, free: 1 });
  });
});
