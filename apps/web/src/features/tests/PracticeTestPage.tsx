import {
  TEST_LIMITS,
  answerList,
  type SubmittedAnswer,
  type TestView,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context';
import { SUBMITTED_STATE, submitErrorMessage } from './FullTestPage';
import { PracticeSaver, debounce, type AnswerState } from './practice-saver';
import { SubmitFlow, TestFrame } from './TestFrame';
import { TestLoader } from './TestLoader';
import { TestNavigator } from './TestNavigator';
import { TestQuestionCard } from './TestQuestionCard';
import { TestTimer } from './TestTimer';
import { answerError, answerForServer, emptyAnswer } from './test-screen.logic';
import { testQueryKey, testsApi, useFlagQuestion } from './tests-api';
import { TESTS_MESSAGES as T } from './tests.messages';

const isStored = (a: AnswerState | undefined) => a !== undefined && answerList(a.stored).length > 0;

function PracticeTest({ test }: { test: TestView }) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flag = useFlagQuestion(test.id);
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
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

  const [saver] = useState(
    () =>
      new PracticeSaver({
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
      }),
  );
  useEffect(() => {
    saver.load(test.questions, (qid, a) => {
      const q = test.questions.find((x) => x.qid === qid);
      return q ? answerError(q.type, a) === null : false;
    });
    saver.start();
    return () => saver.stop();
    // the test's first read only: later reads never overwrite what the learner has on screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  const savedCount = test.questions.filter((x) => isStored(snap.answers[x.qid])).length;
  const allSaved = savedCount === total;
  const counts = { answered: savedCount, unanswered: total - savedCount, total };
  const allShown = useRef(allSaved);
  useEffect(() => {
    if (allSaved && !allShown.current) {
      allShown.current = true;
      setConfirming(true);
    }
  }, [allSaved]);
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
          savedOf={(x) => isStored(snap.answers[x.qid])}
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
          <span className="small text-body-secondary">
            {T.answered}: {savedCount} / {total}
          </span>
          {last ? (
            <Button
              variant="success"
              onClick={() => {
                void saver.flush();
                setConfirming(true);
              }}
              disabled={blocked}
            >
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
