import {
  type Course,
  type CoursesResponse,
  ownValue,
  type Topic,
  type TopicFlagsInput,
} from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';

export const COURSES_QUERY_KEY = ['admin', 'courses'] as const;

/** Fetch courses (admin): GET /api/courses -> success and a courses map keyed by course id. */
export function useAdminCourses(enabled: boolean) {
  const api = useApi();
  return useQuery<CoursesResponse, ApiError>({
    queryKey: COURSES_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/courses', { signal }),
    enabled,
  });
}

export type TopicFlag = 'free' | 'available';

export interface TopicFlagChange {
  courseId: string;
  objective: string;
  topicKey: string;
  flag: TopicFlag;
  value: boolean;
}

/** The cached courses with one topic's flags changed (nothing else is touched). */
export function withTopicFlags(
  data: CoursesResponse | undefined,
  where: Pick<TopicFlagChange, 'courseId' | 'objective' | 'topicKey'>,
  flags: Partial<Pick<Topic, TopicFlag>>,
): CoursesResponse | undefined {
  const course = ownValue(data?.courses, where.courseId);
  const objective = ownValue(course?.objectives, where.objective);
  if (!data || !course || !objective) return data;
  const next: Course = {
    ...course,
    objectives: {
      ...course.objectives,
      [where.objective]: {
        ...objective,
        topics: objective.topics.map((t) => (t.key === where.topicKey ? { ...t, ...flags } : t)),
      },
    },
  };
  return { ...data, courses: { ...data.courses, [where.courseId]: next } };
}

function topicOf(data: CoursesResponse | undefined, c: TopicFlagChange): Topic | undefined {
  const course = ownValue(data?.courses, c.courseId);
  return ownValue(course?.objectives, c.objective)?.topics.find((t) => t.key === c.topicKey);
}

const setFlags = (
  queryClient: QueryClient,
  change: TopicFlagChange,
  flags: Partial<Pick<Topic, TopicFlag>>,
) =>
  queryClient.setQueryData<CoursesResponse>(COURSES_QUERY_KEY, (data) =>
    withTopicFlags(data, change, flags),
  );

/**
 * PATCH /api/courses/{courseId}/topics/{topicKey} (admin spec §4): the screen changes at once
 * (optimistic); a failure puts the flag back and refetches the courses.
 */
export function useSetTopicFlag() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<Course, ApiError, TopicFlagChange, { previous: boolean | undefined }>({
    mutationFn: (c) => {
      const body: TopicFlagsInput = { objective: c.objective, [c.flag]: c.value };
      return api.PATCH('/api/courses/{courseId}/topics/{topicKey}', {
        params: { path: { courseId: c.courseId, topicKey: c.topicKey } },
        body,
      });
    },
    retry: false,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: COURSES_QUERY_KEY });
      const previous = topicOf(queryClient.getQueryData(COURSES_QUERY_KEY), change)?.[change.flag];
      setFlags(queryClient, change, { [change.flag]: change.value });
      return { previous };
    },
    onError: (_err, change, context) => {
      if (context?.previous !== undefined) {
        setFlags(queryClient, change, { [change.flag]: context.previous });
      }
      // Not awaited: the failure is reported at once, the fresh courses follow.
      void queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY });
    },
    onSuccess: (course, change) => {
      // The server's word on this topic only: other toggles may still be on their way.
      const saved = ownValue(course.objectives, change.objective)?.topics.find(
        (t) => t.key === change.topicKey,
      );
      if (saved) {
        setFlags(queryClient, change, { free: saved.free, available: saved.available });
      }
    },
  });
}
