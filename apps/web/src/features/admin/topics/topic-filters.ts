import {
  compareObjectiveCodes,
  type Course,
  type Objective,
  type Topic,
} from '@examprep/contracts/types';

export type AvailabilityFilter = 'all' | 'available' | 'unavailable';
export type PricingFilter = 'all' | 'free' | 'paid';

export interface TopicFilters {
  search: string;
  availability: AvailabilityFilter;
  pricing: PricingFilter;
}

export const DEFAULT_TOPIC_FILTERS: TopicFilters = {
  search: '',
  availability: 'all',
  pricing: 'all',
};

export function isDefaultTopicFilters(f: TopicFilters): boolean {
  return f.search.trim() === '' && f.availability === 'all' && f.pricing === 'all';
}

export interface ShownObjective {
  code: string;
  objective: Objective;
  topics: Topic[];
}

export interface ShownCourse {
  course: Course;
  objectives: ShownObjective[];
}

const contains = (text: string, needle: string) => text.toLowerCase().includes(needle);

function flagsMatch(t: Topic, f: TopicFilters): boolean {
  if (f.availability === 'available' && !t.available) return false;
  if (f.availability === 'unavailable' && t.available) return false;
  if (f.pricing === 'free' && !t.free) return false;
  if (f.pricing === 'paid' && t.free) return false;
  return true;
}

/**
 * Admin spec §2.6: courses with their objectives sorted numerically by code. The search
 * matches a course (name, id), an objective (code, section, name) or a topic (name, key); a
 * matching course or objective keeps all of its topics. The availability and pricing filters
 * apply to topics. Without filters every objective shows, even one without topics; with
 * filters only objectives and courses that keep a topic do.
 */
export function filterCourses(courses: readonly Course[], f: TopicFilters): ShownCourse[] {
  const needle = f.search.trim().toLowerCase();
  const filtering = !isDefaultTopicFilters(f);
  const out: ShownCourse[] = [];
  for (const course of courses) {
    const courseHit = !needle || contains(course.name, needle) || contains(course.id, needle);
    const objectives: ShownObjective[] = [];
    for (const code of Object.keys(course.objectives).sort(compareObjectiveCodes)) {
      const objective = course.objectives[code];
      const objectiveHit =
        courseHit ||
        contains(code, needle) ||
        contains(objective.section, needle) ||
        contains(objective.name, needle);
      const topics = objective.topics.filter(
        (t) =>
          (objectiveHit || contains(t.name, needle) || contains(t.key, needle)) && flagsMatch(t, f),
      );
      if (topics.length > 0 || !filtering) objectives.push({ code, objective, topics });
    }
    if (objectives.length > 0) out.push({ course, objectives });
  }
  return out;
}

export function courseCounts(course: Course): { topics: number; available: number; free: number } {
  const all = Object.values(course.objectives).flatMap((o) => o.topics);
  return {
    topics: all.length,
    available: all.filter((t) => t.available).length,
    free: all.filter((t) => t.free).length,
  };
}
