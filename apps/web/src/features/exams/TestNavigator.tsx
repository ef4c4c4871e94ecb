import { type TestMode, type TestQuestionView } from '@examprep/contracts/types';
import { type AnswerProgress } from './practice-saver';
import { markerOf } from './test-screen.logic';
import { TESTS_MESSAGES as T } from './tests.messages';

const MARKER_CLASS = {
  green: 'btn-success',
  red: 'btn-danger',
  black: 'btn-outline-dark',
  blue: 'btn-primary',
} as const;

/**
 * The question navigator (learner spec §2): one button per question, its colour the marker
 * (full: green correct, red incorrect, black unanswered; practice: blue answered, black not;
 * an answer kept on this device and not yet saved is answered, drawn with a dashed ring) and
 * its name saying the same in words, with a flag marker (beyond the spec).
 */
export function TestNavigator({
  mode,
  questions,
  current,
  disabled,
  onGo,
  progressOf,
}: {
  mode: TestMode;
  questions: readonly TestQuestionView[];
  current: number;
  disabled: boolean;
  onGo: (index: number) => void;
  /** Practice: where the answer stands (the screen's view, newer than the read). */
  progressOf?: (q: TestQuestionView) => AnswerProgress;
}) {
  return (
    <nav aria-label={T.navigatorLabel} className="app-test-nav">
      <ol className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {questions.map((q, i) => {
          const progress = progressOf?.(q);
          const { marker, label, pending } = markerOf(
            mode,
            { ...q, saved: progress ? progress === 'saved' : q.saved },
            i,
            i === current,
            progress === 'pending',
          );
          return (
            <li key={q.qid}>
              <button
                type="button"
                className={`btn btn-sm rounded-circle position-relative app-test-marker ${MARKER_CLASS[marker]}${pending ? ' app-test-marker-pending' : ''}${i === current ? ' app-test-marker-current' : ''}`}
                style={{ width: '2.5rem', height: '2.5rem' }}
                aria-label={label}
                aria-current={i === current ? 'step' : undefined}
                data-marker={marker}
                data-pending={pending || undefined}
                disabled={disabled}
                onClick={() => onGo(i)}
              >
                {i + 1}
                {q.flagged ? (
                  <span
                    className="position-absolute top-0 start-100 translate-middle badge rounded-pill text-bg-warning"
                    aria-hidden="true"
                  >
                    ⚑
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
