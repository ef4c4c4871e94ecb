import { ANSWER_RULE_MESSAGES, type Question } from '@examprep/contracts/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import { QuestionPreviewModal } from './QuestionPreviewModal';

const base: Question = {
  qid: 'AB12',
  question: 'Which equal \\(\\frac{1}{2}\\)?',
  type: 'sata',
  choices: ['0.5', '2/4', '1/3', '50%'],
  correctAnswer: ['0.5', '2/4', '50%'],
  explanation: 'Half is \\(0.5\\).',
  course: 'TEAS Math',
  objective: '1.2',
  media: { questionImage: null, explanationImage: null, video: null },
  rounding: null,
};

function renderModal(question: Question, isAdmin = true) {
  const onClose = jest.fn();
  const { calls } = mockFetch(() => {
    throw new Error('the preview saves nothing');
  });
  renderApp(
    { session: fakeSession({ isAdmin }) },
    <QuestionPreviewModal question={question} onClose={onClose} />,
  );
  return {
    onClose,
    calls,
    dialog: screen.getByRole('dialog', { name: 'Question Preview (QID: AB12)' }),
  };
}

describe('Question Preview modal (admin spec §2.5)', () => {
  it('shows course, objective, type and the answerable question; nothing is sent', async () => {
    const { dialog, calls, onClose } = renderModal(base);
    expect(within(dialog).getByText('TEAS Math')).toBeInTheDocument();
    expect(within(dialog).getByText('1.2')).toBeInTheDocument();
    expect(within(dialog).getByText('Select All That Apply')).toBeInTheDocument();
    expect(dialog.querySelector('.katex')).not.toBeNull();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(dialog).queryByText('Explanation')).not.toBeInTheDocument();
    // The footer's Close (the header has its own close button too).
    const [headerClose, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(headerClose).toHaveClass('btn-close');
    await userEvent.click(footerClose);
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it("needs an answer: 'Please select an answer before submitting!'", async () => {
    const { dialog } = renderModal(base);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Answer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please select an answer before submitting!',
    );
    expect(within(dialog).getByRole('checkbox', { name: '0.5' })).toHaveFocus();
  });

  it('SATA: the exact set is correct, in any order; a partial set is incorrect; Try Again resets', async () => {
    const u = userEvent.setup();
    const { dialog } = renderModal(base);
    await u.click(within(dialog).getByRole('checkbox', { name: '0.5' }));
    await u.click(within(dialog).getByRole('checkbox', { name: '2/4' }));
    await u.click(within(dialog).getByRole('button', { name: 'Submit Answer' }));
    const wrong = within(dialog).getByRole('status');
    expect(wrong).toHaveTextContent('Incorrect.');
    expect(wrong).toHaveTextContent('Correct answers:');
    expect(
      within(wrong)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0.5', '2/4', '50%']);
    expect(within(dialog).getByRole('heading', { name: 'Explanation' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: '0.5' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toHaveFocus();

    await u.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: '0.5' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: '0.5' })).toHaveFocus();
    for (const name of ['50%', '2/4', '0.5']) {
      await u.click(within(dialog).getByRole('checkbox', { name }));
    }
    await u.click(within(dialog).getByRole('button', { name: 'Submit Answer' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Correct!');
  });

  it('single choice: a radio group, one answer', async () => {
    const u = userEvent.setup();
    const { dialog } = renderModal({
      ...base,
      type: 'single',
      choices: ['Paris', 'Rome'],
      correctAnswer: ['paris'],
    });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    await u.click(within(dialog).getByRole('radio', { name: 'Rome' }));
    await u.click(within(dialog).getByRole('radio', { name: 'Paris' }));
    await u.click(within(dialog).getByRole('button', { name: 'Submit Answer' }));
    // Case-insensitive and trimmed (admin spec §5).
    expect(within(dialog).getByRole('status')).toHaveTextContent('Correct!');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Correct answer:');
  });

  it('blank: typed answers are checked under the answer rules (ADR 0036): only the rounded value, with the feedback', async () => {
    const u = userEvent.setup();
    const { dialog } = renderModal({
      ...base,
      type: 'blank',
      choices: [],
      correctAnswer: ['2.5'],
      rounding: { places: 1 },
    });
    const input = within(dialog).getByLabelText('Answer');
    const submit = () => u.click(within(dialog).getByRole('button', { name: 'Submit Answer' }));
    const again = () => u.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    // 2.46 only rounds to the key: not the answer to 'Round to the nearest tenth'
    await u.type(input, '2.46');
    await submit();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Incorrect.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('2.5');
    await again();
    expect(input).toHaveValue('');
    await u.type(input, '2.50');
    await submit();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Correct!');
    expect(within(dialog).getByTestId('preview-feedback')).toHaveTextContent(
      ANSWER_RULE_MESSAGES.trailingZero,
    );
    await again();
    await u.type(input, '2.5');
    await submit();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Correct!');
    expect(within(dialog).queryByTestId('preview-feedback')).not.toBeInTheDocument();
  });

  it("blank: a right value without its leading zero ('.5') is incorrect, and the preview says why", async () => {
    const u = userEvent.setup();
    const { dialog } = renderModal({ ...base, type: 'blank', choices: [], correctAnswer: ['0.5'] });
    await u.type(within(dialog).getByLabelText('Answer'), '.5');
    await u.click(within(dialog).getByRole('button', { name: 'Submit Answer' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Incorrect.');
    expect(within(dialog).getByTestId('preview-feedback')).toHaveTextContent(
      ANSWER_RULE_MESSAGES.leadingZero,
    );
  });

  it('blank: an answer the math-answer check refuses is explained and not submitted', async () => {
    const u = userEvent.setup();
    const { dialog } = renderModal({ ...base, type: 'blank', choices: [], correctAnswer: ['2'] });
    const input = within(dialog).getByLabelText('Answer');
    await u.type(input, '2#');
    expect(input).toHaveAccessibleDescription(
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Submit Answer' }));
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it("shows 'Access Denied: Admins only.' to non-admins", () => {
    const { dialog } = renderModal(base, false);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Access Denied: Admins only.');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
