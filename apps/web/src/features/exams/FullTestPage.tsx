import {
  navigationBlockMessage,
  type SubmittedAnswer,
  type TestView,
} from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/api-client';
import { AllAnsweredBanner, SubmitFlow, TestFrame } from './TestFrame';
import { TestLoader } from './TestLoader';
import { TestNavigator } from './TestNavigator';
import { TestQuestionCard } from './TestQuestionCard';
import {
  answerError,
  answerForServer,
  emptyAnswer,
  isEmptyAnswer,
  navigationBlockReason,
  openingPosition,
  submitCounts,
} from './test-screen.logic';
import { testQueryKey, useCheckAnswer, useFlagQuestion, useSubmitTest } from './tests-api';
import { TESTS_MESSAGES as T } from './tests.messages';

/** After a submit the screen leaves for the gradebook; the guard lets that one through. */
export const SUBMITTED_STATE = { testSubmitted: true } as const;

function checkErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 400) return err.fields.submittedAnswer?.[0] ?? err.message ?? T.invalidInput;
    if (err.status === 401) return T.loginRequired;
    if (err.status === 404 || err.status === 409) return err.message || T.answerFailed;
  }
  return T.answerFailed;
}

export function submitErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.status < 500 && err.message)
    return err.message;
  return T.submitFailed;
}

function FullTest({ test }: { test: TestView }) {
  const navigate = useNavigate();
  const check = useCheckAnswer(test.id);
  const flag = useFlagQuestion(test.id);
  const submit = useSubmitTest(test.id);
  const queryClient = useQueryClient();
  // Opens on the first question not yet checked; with none left, on the submit confirmation.
  const [opening] = useState(() => openingPosition(test.questions.map((q) => q.isSubmitted)));
  const [index, setIndex] = useState(opening.index);
  const [answers, setAnswers] = useState<Record<string, SubmittedAnswer>>({});
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [hint, setHint] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(opening.confirm);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const allDoneShown = useRef(opening.confirm);

  const q = test.questions[index]!;
  const total = test.questions.length;
  const last = index === total - 1;
  const answer = q.isSubmitted
    ? (q.submittedAnswer ?? emptyAnswer(q.type))
    : (answers[q.qid] ?? emptyAnswer(q.type));
  const typedError = q.isSubmitted ? null : answerError(q.type, answer);
  const allChecked = test.questions.every((x) => x.isSubmitted);
  const counts = useMemo(() => submitCounts('full', test.questions), [test.questions]);

  const reason = navigationBlockReason({
    submittingTest: submitting,
    submittingAnswer: check.isPending,
    invalidInput: typedError !== null,
  });
  const blocked = reason !== null;

  // When the last check completes every question: the banner and the confirmation.
  useEffect(() => {
    if (allChecked && !allDoneShown.current) {
      allDoneShown.current = true;
      setConfirming(true);
    }
  }, [allChecked]);

  const go = (to: number) => {
    if (blocked) return;
    setHint(to < 0 ? T.firstQuestion : null);
    if (to < 0 || to >= total) return;
    setIndex(to);
  };

  const onCheck = () => {
    if (q.isSubmitted || blocked) return;
    if (isEmptyAnswer(answer)) {
      setErrors((e) => ({ ...e, [q.qid]: T.enterAnswer }));
      return;
    }
    setErrors((e) => ({ ...e, [q.qid]: null }));
    check.mutate(
      {
        testId: test.id,
        questionId: q.qid,
        submittedAnswer: answerForServer(q.type, answer),
        questionType: q.type,
        ...(q.type === 'blank' ? {} : { validChoices: q.answerOrder }),
      },
      { onError: (err) => setErrors((e) => ({ ...e, [q.qid]: checkErrorMessage(err) })) },
    );
  };

  const doSubmit = useCallback(() => {
    setConfirming(false);
    setSubmitting(true);
    submit.mutate(undefined, {
      onSuccess: () => {
        navigate('/gradebook', { state: SUBMITTED_STATE });
        queryClient.removeQueries({ queryKey: testQueryKey(test.id) });
      },
      onError: (err) => {
        setSubmitting(false);
        setSubmitError(submitErrorMessage(err));
      },
    });
  }, [navigate, queryClient, submit, test.id]);

  const error = errors[q.qid] ?? typedError;
  return (
    <TestFrame
      test={test}
      flagged={q.flagged}
      flagBusy={flag.isPending}
      onFlag={() => flag.mutate({ testId: test.id, questionId: q.qid, flagged: !q.flagged })}
      navigator={
        <TestNavigator
          mode="full"
          questions={test.questions}
          current={index}
          disabled={blocked}
          onGo={go}
        />
      }
      question={
        <TestQuestionCard
          question={q}
          index={index}
          total={total}
          answer={answer}
          locked={q.isSubmitted || check.isPending || submitting}
          error={error}
          onChange={(a) => {
            setAnswers((all) => ({ ...all, [q.qid]: a }));
            setErrors((e) => ({ ...e, [q.qid]: null }));
          }}
        />
      }
      messages={
        <>
          {allChecked ? (
            <AllAnsweredBanner
              submitHere={!last}
              disabled={blocked}
              onSubmit={() => setConfirming(true)}
            />
          ) : null}
          {reason && reason !== 'submittingTest' ? (
            <p className="small text-body-secondary mb-1">{navigationBlockMessage(reason)}</p>
          ) : null}
          {hint ? <p className="small text-body-secondary mb-1">{hint}</p> : null}
          {flag.isError ? <p className="small text-danger mb-1">{flag.error.message}</p> : null}
        </>
      }
      bottomBar={
        <>
          <Button variant="outline-secondary" onClick={() => go(index - 1)} disabled={blocked}>
            {T.previous}
          </Button>
          {q.isSubmitted ? null : (
            <Button onClick={onCheck} disabled={blocked}>
              {check.isPending ? T.checking : T.check}
            </Button>
          )}
          {last ? (
            <Button variant="success" onClick={() => setConfirming(true)} disabled={blocked}>
              {T.submitTest}
            </Button>
          ) : (
            <Button variant="outline-primary" onClick={() => go(index + 1)} disabled={blocked}>
              {T.next}
            </Button>
          )}
        </>
      }
    >
      <SubmitFlow
        confirming={confirming}
        counts={counts}
        onConfirm={doSubmit}
        onCancel={() => setConfirming(false)}
        submitting={submitting}
        error={submitError}
        onCloseError={() => setSubmitError(null)}
      />
    </TestFrame>
  );
}

/** /test/full/:testId — the Check As You Go test (learner spec §2, §4 Full test). */
export default function FullTestPage() {
  return <TestLoader mode="full">{(test) => <FullTest test={test} />}</TestLoader>;
}
