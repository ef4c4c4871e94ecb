import {
  TEST_LIMITS,
  type SubmittedAnswer,
  type TestQuestionView,
  type TestView,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context';
import { SUBMITTED_STATE, submitErrorMessage } from './FullTestPage';
import { PracticeSaver, answerProgress, debounce } from './practice-saver';
import { AllAnsweredBanner, SubmitFlow, TestFrame } from './TestFrame';
import { TestLoader } from './TestLoader';
import { TestNavigator } from './TestNavigator';
import { TestQuestionCard } from './TestQuestionCard';
import { TestTimer } from './TestTimer';
import {
  answerError,
  answerForServer,
  emptyAnswer,
  openingPosition,
  submitCounts,
} from './test-screen.logic';
import { testQueryKey, testsApi, useFlagQuestion } from './tests-api';
import { TESTS_MESSAGES as T } from './tests.messages';

function PracticeTest({ test }: { test: TestView }) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flag = useFlagQuestion(test.id);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const leaving = useRef(false);

  const finish = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    navigate('/gradebook', { state: SUBMITTED_STATE });
    void queryClient.invalidateQueries({ queryKey: ['gradebook'] });
    queryClient.removeQueries({ queryKey: testQueryKey(test.id) });
  }, [navigate, queryClient, test.id]);

  const [saver] = useState(() => {
    const s = new PracticeSaver({
      testId: test.id,
      storage: window.localStorage,
      isOnline: () => navigator.onLine,
      events: window,
      save: (qid, answer) => {
        const q = test.questions.find((x) => x.qid === qid)!;
        return testsApi.savePracticeAnswer(api, {
          testId: test.id,
          questionId: qid,
          submittedAnswer: answerForServer(q.type, answer),
          questionType: q.type,
        });
      },
      // 409 TIME_UP: the server submitted the test with what was saved.
      onTestOver: () => setTimeUp(true),
    });
    // The test's first read only (later reads never overwrite what the learner has on screen),
    // before the first paint, so the screen opens where the answers say.
    s.load(test.questions, (qid, a) => {
      const q = test.questions.find((x) => x.qid === qid);
      return q ? answerError(q.type, a) === null : false;
    });
    return s;
  });
  useEffect(() => {
    saver.start();
    // a draft restored from this device is saved now, not at the first autosave
    void saver.flush();
    return () => saver.stop();
  }, [saver]);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  const snap = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  // Answered: saved on the server, or kept on this device and not yet saved (issue 24 #7).
  const progressOf = (x: Pick<TestQuestionView, 'qid'>) => answerProgress(snap.answers[x.qid]);
  const answeredOf = (x: Pick<TestQuestionView, 'qid'>) => progressOf(x) !== 'none';

  // Opens on the first question without an answer; with none left, on the submit confirmation.
  const [opening] = useState(() => openingPosition(test.questions.map(answeredOf)));
  const [index, setIndex] = useState(opening.index);
  const [confirming, setConfirming] = useState(opening.confirm);

  // Learner spec §4: switching question is debounced by 300 ms; the save on question change
  // runs then, for every answer that needs one.
  const saveOnSwitch = useMemo(
    () => debounce(() => void saver.flush(), TEST_LIMITS.switchDebounceMs),
    [saver],
  );
  useEffect(() => () => saveOnSwitch.cancel(), [saveOnSwitch]);

  const q = test.questions[index]!;
  const total = test.questions.length;
  const last = index === total - 1;
  const state = snap.answers[q.qid];
  const answer: SubmittedAnswer = state?.current ?? q.submittedAnswer ?? emptyAnswer(q.type);
  const typedError = answerError(q.type, answer);
  const blocked = submitting || typedError !== null;
  const counts = submitCounts('practice', test.questions, answeredOf);
  const pendingCount = test.questions.filter((x) => progressOf(x) === 'pending').length;
  const allAnswered = counts.answered === total;
  // Learner spec §4: when all questions have answers the submit confirmation opens.
  const allShown = useRef(opening.confirm);
  useEffect(() => {
    if (allAnswered && !allShown.current) {
      allShown.current = true;
      setConfirming(true);
    }
  }, [allAnswered]);
  useEffect(() => {
    if (timeUp) finish();
  }, [timeUp, finish]);

  const [hint, setHint] = useState<string | null>(null);
  const go = (to: number) => {
    if (blocked) return;
    setHint(to < 0 ? T.firstQuestion : null);
    if (to < 0 || to >= total) return;
    setIndex(to);
    saveOnSwitch();
  };

  const doSubmit = useCallback(async () => {
    setConfirming(false);
    setSubmitting(true);
    saveOnSwitch.cancel();
    try {
      await saver.flush();
      await testsApi.submitTest(api, test.id);
      saver.end();
      // Learner spec §4: submit re-reads the test, then the gradebook.
      await testsApi.get(api, test.id).catch(() => undefined);
      finish();
    } catch (err) {
      setSubmitting(false);
      setSubmitError(submitErrorMessage(err));
    }
  }, [api, finish, saveOnSwitch, saver, test.id]);

  const onExpire = useCallback(() => {
    // At zero the test is submitted with what was saved (the server does the same).
    void doSubmit();
  }, [doSubmit]);

  const status = state?.status;
  const askSubmit = () => {
    void saver.flush();
    setConfirming(true);
  };
  return (
    <TestFrame
      test={test}
      timer={test.timer ? <TestTimer timer={test.timer} onExpire={onExpire} /> : null}
      flagged={q.flagged}
      flagBusy={flag.isPending}
      onFlag={() => flag.mutate({ testId: test.id, questionId: q.qid, flagged: !q.flagged })}
      navigator={
        <TestNavigator
          mode="practice"
          questions={test.questions}
          current={index}
          disabled={blocked}
          onGo={go}
          progressOf={progressOf}
        />
      }
      question={
        <TestQuestionCard
          question={q}
          index={index}
          total={total}
          answer={answer}
          locked={submitting}
          error={typedError ?? (status === 'error' ? (state?.message ?? null) : null)}
          onChange={(a) => saver.change(q.qid, a, answerError(q.type, a) === null)}
        />
      }
      messages={
        <>
          {allAnswered ? (
            <AllAnsweredBanner submitHere={!last} disabled={blocked} onSubmit={askSubmit} />
          ) : null}
          {!online || snap.offline ? (
            <Alert variant="warning" className="py-2" data-testid="answer-kept">
              {online ? T.answerKept : T.offlineQueued}
            </Alert>
          ) : null}
          {status === 'saved' ? (
            <p className="small text-success mb-1" data-testid="answer-saved">
              {T.answerSaved}
            </p>
          ) : status === 'saving' ? (
            <p className="small text-body-secondary mb-1">{T.saving}</p>
          ) : null}
          {typedError ? (
            <p className="small text-body-secondary mb-1">{T.blockValidation}</p>
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
          <span className="small text-body-secondary" data-testid="answered-count">
            {T.answered}: {counts.answered} / {total}
            {pendingCount > 0 ? ` (${T.answeredPending(pendingCount)})` : null}
          </span>
          {last ? (
            <Button variant="success" onClick={askSubmit} disabled={blocked}>
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
        onConfirm={() => void doSubmit()}
        onCancel={() => setConfirming(false)}
        submitting={submitting}
        error={submitError}
        onCloseError={() => setSubmitError(null)}
      />
    </TestFrame>
  );
}

/** /test/practice/:testId — the practice test (learner spec §2, §4 Practice test). */
export default function PracticeTestPage() {
  return <TestLoader mode="practice">{(test) => <PracticeTest test={test} />}</TestLoader>;
}
