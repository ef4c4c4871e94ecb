import {
  type CreateTestInput,
  type FlagQuestionAnswer,
  type FlagQuestionInput,
  type SavePracticeAnswerInput,
  type SubmitQuizAnswerAnswer,
  type SubmitQuizAnswerInput,
  type SubmitTestAnswer,
  type TestView,
  type UnfinishedTestQuery,
} from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formQuery, type ApiClient, type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

export const testQueryKey = (testId: string) => ['test', testId] as const;

/** The calls of the start flow and the test screens (learner spec §7), one place. */
export const testsApi = {
  unfinished: (api: ApiClient, q: UnfinishedTestQuery) =>
    api.GET('/api/tests/unfinished', { params: { query: q }, querySerializer: formQuery }),
  get: (api: ApiClient, testId: string, signal?: AbortSignal) =>
    api.GET('/api/tests/{testId}', { params: { path: { testId } }, signal }),
  create: (api: ApiClient, input: CreateTestInput) => api.POST('/api/create-test', { body: input }),
  delete: (api: ApiClient, testId: string) => api.POST('/api/delete-test', { body: { testId } }),
  submitQuizAnswer: (api: ApiClient, input: SubmitQuizAnswerInput) =>
    api.POST('/api/submit-quiz-answer', { body: input }),
  savePracticeAnswer: (api: ApiClient, input: SavePracticeAnswerInput) =>
    api.POST('/api/save-practice-answer', { body: input }),
  submitTest: (api: ApiClient, testId: string) =>
    api.POST('/api/submit-test', { body: { testId } }),
  flag: (api: ApiClient, input: FlagQuestionInput) =>
    api.POST('/api/flag-question', { body: input }),
};

/**
 * GET /api/tests/:testId: the test without answers it may not show yet. Not sent when
 * `enabled` is false (an id that cannot name a test).
 */
export function useTest(testId: string, enabled = true) {
  const api = useApi();
  return useQuery<TestView, ApiError>({
    queryKey: testQueryKey(testId),
    queryFn: ({ signal }) => testsApi.get(api, testId, signal),
    enabled,
    retry: false,
    // The screen owns its answers while the learner works: never re-read behind their back.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
  });
}

/** POST /api/submit-quiz-answer; the revealed answer goes into the cached test. */
export function useCheckAnswer(testId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<SubmitQuizAnswerAnswer, ApiError, SubmitQuizAnswerInput>({
    mutationFn: (input) => testsApi.submitQuizAnswer(api, input),
    retry: false,
    onSuccess: (answer, input) => {
      queryClient.setQueryData<TestView>(testQueryKey(testId), (test) =>
        test
          ? {
              ...test,
              questions: test.questions.map((q) =>
                q.qid === input.questionId
                  ? {
                      ...q,
                      ...answer.updatedQuestion,
                      submittedAnswer: input.submittedAnswer,
                      isSubmitted: true,
                      status: answer.isCorrect ? 'correct' : 'incorrect',
                    }
                  : q,
              ),
            }
          : test,
      );
    },
  });
}

/** POST /api/flag-question: the flag shows at once and is put back if the call fails. */
export function useFlagQuestion(testId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const setFlag = (qid: string, flagged: boolean) =>
    queryClient.setQueryData<TestView>(testQueryKey(testId), (test) =>
      test
        ? { ...test, questions: test.questions.map((q) => (q.qid === qid ? { ...q, flagged } : q)) }
        : test,
    );
  return useMutation<FlagQuestionAnswer, ApiError, FlagQuestionInput>({
    mutationFn: (input) => testsApi.flag(api, input),
    retry: false,
    onMutate: (input) => setFlag(input.questionId, input.flagged),
    onError: (_err, input) => setFlag(input.questionId, !input.flagged),
  });
}

/** POST /api/submit-test. */
export function useSubmitTest(testId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<SubmitTestAnswer, ApiError, void>({
    mutationFn: () => testsApi.submitTest(api, testId),
    retry: false,
    // The screen leaves first and then forgets the test (forgetting it while the screen is
    // shown would re-read it and open its review instead of the gradebook).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['gradebook'] }),
  });
}
