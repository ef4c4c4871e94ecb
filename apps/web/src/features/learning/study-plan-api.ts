import type { StudyPlan, StudyPlanSettings } from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

/** The study plan as this page reads it: the settings, and the plan built from them (or null). */
export interface StudyPlanAnswer {
  settings: StudyPlanSettings | null;
  plan: StudyPlan | null;
}

export const STUDY_PLAN_QUERY_KEY = ['learning', 'plan'] as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The plan as this page walks it, after a check of the parts it reads: a reply of another shape
 * (an older gateway during a rollout) shows the empty state instead of breaking the page.
 */
export function studyPlanOf(plan: unknown): StudyPlan | null {
  if (!isRecord(plan)) return null;
  const { daysLeft, focus, days, summary } = plan;
  if (typeof daysLeft !== 'number' || typeof summary !== 'string') return null;
  if (!Array.isArray(focus) || !Array.isArray(days)) return null;
  return plan as unknown as StudyPlan;
}

/** GET /api/learning/plan: the settings and the plan from the mastery now. */
export function useStudyPlan() {
  const api = useApi();
  return useQuery<StudyPlanAnswer, ApiError>({
    queryKey: STUDY_PLAN_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const answer = await api.GET('/api/learning/plan', { signal });
      return { settings: answer.settings, plan: studyPlanOf(answer.plan) };
    },
    // the plan follows the mastery, which every answer elsewhere changes
    staleTime: 0,
  });
}

/** PUT /api/learning/plan: saves the settings; the answer (the new plan) replaces the cached one. */
export function useSaveStudyPlan() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<StudyPlanAnswer, ApiError | Error, StudyPlanSettings>({
    mutationFn: async (settings) => {
      const answer = await api.PUT('/api/learning/plan', { body: settings });
      return { settings: answer.settings, plan: studyPlanOf(answer.plan) };
    },
    retry: false,
    onSuccess: (answer) => queryClient.setQueryData(STUDY_PLAN_QUERY_KEY, answer),
  });
}
