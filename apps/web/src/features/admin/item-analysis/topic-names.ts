import { useMemo } from 'react';
import { useInfiniteCourses } from '../../qbank/infinite-qbank-api';

/**
 * The generator topics' names as the catalogue gives them ('Percents' for `teas_percents`), read
 * from the Infinite QBank's courses (an admin sees every topic with a generator). A key the
 * catalogue does not name, or any key while it loads or fails, is shown as it is.
 */
export function useTopicName(): (key: string) => string {
  const courses = useInfiniteCourses();
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const course of courses.data?.courses ?? [])
      for (const objective of Object.values(course.objectives))
        for (const topic of objective.topics) names.set(topic.key, topic.name);
    return (key: string) => names.get(key) ?? key;
  }, [courses.data]);
}
