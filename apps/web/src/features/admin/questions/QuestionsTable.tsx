import { type Question } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ScrollTable } from '../../../shared/layout/ScrollTable';
import { Link } from 'react-router-dom';
import { MathText } from '../../../shared/math/MathText';
import { truncateMathText } from './question-filters';
import { QUESTION_TYPE_LABELS, QUESTIONS_MESSAGES as T } from './questions.messages';

function YesNo({ value }: { value: boolean }) {
  return (
    <Badge bg={value ? 'success' : 'secondary'} pill>
      {value ? T.yes : T.no}
    </Badge>
  );
}

/** At most three lines of the (already shortened) question text. */
const EXCERPT_STYLE = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

const editorLink = (mode: 'edit' | 'copy', qid: string) =>
  `/add-question?mode=${mode}&qid=${encodeURIComponent(qid)}`;

function QuestionRow({
  question: q,
  onPreview,
  onDelete,
}: {
  question: Question;
  onPreview: (q: Question) => void;
  onDelete: (q: Question) => void;
}) {
  return (
    <tr>
      <th scope="row">
        <code>{q.qid}</code>
      </th>
      <td className="text-break" style={{ minWidth: '7rem' }}>
        {q.course}
      </td>
      <td className="text-break" style={{ minWidth: '7rem' }}>
        {q.objective}
      </td>
      <td style={{ minWidth: '6rem' }}>{QUESTION_TYPE_LABELS[q.type]}</td>
      <td>
        <YesNo value={!!q.media.questionImage} />
      </td>
      <td>
        <YesNo value={!!q.media.explanationImage} />
      </td>
      <td>
        <YesNo value={!!q.media.video} />
      </td>
      <td style={{ minWidth: '16rem', maxWidth: '28rem' }}>
        <div style={EXCERPT_STYLE}>
          <MathText text={truncateMathText(q.question)} className="small" />
        </div>
      </td>
      <td>
        <div className="d-flex flex-wrap gap-1" style={{ minWidth: '9rem' }}>
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={T.actionLabel(T.previewAction, q.qid)}
            onClick={() => onPreview(q)}
          >
            {T.previewAction}
          </Button>
          <Link
            to={editorLink('edit', q.qid)}
            className="btn btn-sm btn-outline-secondary"
            aria-label={T.actionLabel(T.editAction, q.qid)}
          >
            {T.editAction}
          </Link>
          <Link
            to={editorLink('copy', q.qid)}
            className="btn btn-sm btn-outline-secondary"
            aria-label={T.actionLabel(T.duplicateAction, q.qid)}
          >
            {T.duplicateAction}
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={T.actionLabel(T.deleteAction, q.qid)}
            onClick={() => onDelete(q)}
          >
            {T.deleteAction}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** Admin spec §2.4 columns; the table scrolls sideways in its own region on narrow screens. */
export function QuestionsTable({
  questions,
  onPreview,
  onDelete,
}: {
  questions: Question[];
  onPreview: (q: Question) => void;
  onDelete: (q: Question) => void;
}) {
  return (
    <ScrollTable
      caption={T.tableCaption}
      columns={[
        T.colQid,
        T.colCourse,
        T.colObjective,
        T.colType,
        T.colQuestionImage,
        T.colExplanationImage,
        T.colVideo,
        T.colText,
        T.colActions,
      ]}
    >
      {questions.map((q) => (
        <QuestionRow key={q.qid} question={q} onPreview={onPreview} onDelete={onDelete} />
      ))}
    </ScrollTable>
  );
}
