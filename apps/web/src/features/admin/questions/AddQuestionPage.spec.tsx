import { type Question, type QuestionFacets } from '@examprep/contracts/types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../../test-utils/render-app';
import AddQuestionPage from './AddQuestionPage';

const FACETS: QuestionFacets = {
  courses: ['Med Dosage', 'TEAS Math'],
  objectives: { 'Med Dosage': ['2.1'], 'TEAS Math': ['1.1', '1.2'] },
};

const STORED: Question = {
  qid: 'AB12',
  question: 'Which are prime? \\(n \\le 5\\)',
  type: 'sata',
  choices: ['2', '3', '4', '5'],
  correctAnswer: ['2', '3', '5'],
  explanation: 'Primes have exactly two divisors.',
  course: 'TEAS Math',
  objective: '1.1',
  media: { questionImage: 'Images/AB12-que.png', explanationImage: null, video: null },
  rounding: null,
};

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

/** Facets and the stored questions; writes go to `write`. */
function serve(write?: Handler) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/questions/facets') {
      return fakeResponse(200, FACETS);
    }
    if (call.method === 'GET' && call.url === '/api/questions/AB12') {
      return fakeResponse(200, STORED);
    }
    if (call.method === 'GET' && call.url.startsWith('/api/questions/')) {
      const qid = call.url.split('/').pop() ?? '';
      return fakeResponse(404, {
        error: 'Not Found',
        code: 'NOT_FOUND',
        message: `Question with ID "${qid}" not found`,
      });
    }
    const answer = write?.(call);
    if (answer) return answer;
    if (call.method === 'POST' || call.method === 'PUT') {
      return fakeResponse(200, { ...STORED, ...(call.body as object), qid: 'CD34' });
    }
    return fakeResponse(500, { message: 'unexpected call' });
  });
}

function renderPage(route = '/add-question', isAdmin = true) {
  return renderApp({ route, session: fakeSession({ isAdmin }) }, <AddQuestionPage />);
}

const user = () => userEvent.setup();
const facetsLoaded = () => screen.findByRole('option', { name: 'TEAS Math' });
const saveButton = () => screen.getByRole('button', { name: 'Save Question' });
const choiceBoxes = () => screen.queryAllByRole('textbox', { name: /^Choice \d+$/ });
const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');
const jsonPreview = () => JSON.parse(screen.getByTestId('json-preview').textContent ?? '{}');

/** Types into a field in one go (a paste), so the long fills stay quick. */
async function enter(u: ReturnType<typeof user>, field: HTMLElement, text: string) {
  await u.click(field);
  await u.paste(text);
}

/** Fills a valid SATA question (course and objective picked). */
async function fillSata(u: ReturnType<typeof user>) {
  await u.selectOptions(screen.getByLabelText('Question Type'), 'sata');
  await u.selectOptions(screen.getByLabelText('Course'), 'TEAS Math');
  await u.selectOptions(screen.getByLabelText('Objective'), '1.2');
  await enter(u, screen.getByLabelText('Question'), 'Which equal \\(\\frac{1}{2}\\)?');
  const boxes = choiceBoxes();
  for (const [i, text] of ['0.5', '2/4', '1/3', '50%'].entries()) await enter(u, boxes[i], text);
  await u.click(screen.getByRole('checkbox', { name: 'Choice 1 is correct' }));
  await u.click(screen.getByRole('checkbox', { name: 'Choice 2 is correct' }));
  await u.click(screen.getByRole('checkbox', { name: 'Choice 4 is correct' }));
  await enter(u, screen.getByLabelText('Explanation'), 'One half is \\(0.5\\).');
}

describe('/add-question', () => {
  it("new mode: 'Add New Question', four empty choices, pickers with 'Create New', media panels with Upload and their limits", async () => {
    const { calls } = serve();
    renderPage('/add-question?mode=new');
    expect(screen.getByRole('heading', { level: 1, name: 'Add New Question' })).toBeInTheDocument();
    expect(document.title).toBe('Add New Question | TestPrep');
    await facetsLoaded();
    expect(calls.map((c) => c.url)).toEqual(['/api/questions/facets']);
    const type = screen.getByLabelText('Question Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Single Choice', 'Select All That Apply', 'Fill in the Blank']);
    expect(type).toHaveValue('single');
    expect(choiceBoxes()).toHaveLength(4);
    choiceBoxes().forEach((box) => expect(box).toHaveValue(''));
    expect(screen.getAllByRole('radio', { name: /is correct$/ })).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Delete choice 4' })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Course'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a course', 'Med Dosage', 'TEAS Math', 'Create New']);
    for (const panel of ['Question Image', 'Explanation Image', 'Video Explanation']) {
      expect(screen.getByRole('heading', { name: panel })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Upload ${panel}` })).toBeInTheDocument();
    }
    expect(screen.getAllByText('PNG, JPEG or WebP, up to 5 MB')).toHaveLength(2);
    expect(screen.getByText('MP4, up to 100 MB')).toBeInTheDocument();
    expect(screen.queryByText(/arrives with the media capability/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /remove|replace/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Form' })).toBeInTheDocument();
    expect(saveButton()).toBeInTheDocument();
  });

  it("'Create New' reveals a name box; objectives follow the chosen course", async () => {
    serve();
    const u = user();
    renderPage();
    await facetsLoaded();
    const objective = screen.getByLabelText('Objective');
    expect(
      within(objective)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an objective', 'Create New']);
    await u.selectOptions(screen.getByLabelText('Course'), 'TEAS Math');
    expect(
      within(objective)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an objective', '1.1', '1.2', 'Create New']);
    await u.selectOptions(objective, '1.2');
    await u.selectOptions(screen.getByLabelText('Course'), 'Med Dosage');
    expect(objective).toHaveValue('');
    expect(screen.queryByLabelText('New course name')).not.toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Course'), 'new');
    await u.type(screen.getByLabelText('New course name'), 'Pharmacology');
    expect(jsonPreview().course).toBe('Pharmacology');
  });

  it("empty save: the 'Please fix the following:' dialog lists the spec's messages and nothing is sent", async () => {
    const { calls } = serve();
    const u = user();
    renderPage();
    await facetsLoaded();
    await u.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Please fix the following:' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Please enter a question.',
      'Please enter a new objective name.',
      'Please enter a new course name.',
      'Please provide an explanation.',
      'Single choice questions must have exactly ONE valid correct answer.',
      'Answer choices cannot be empty.',
    ]);
    expect(writes(calls)).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The first field to fix takes the focus.
    await waitFor(() => expect(screen.getByLabelText('Question')).toHaveFocus());
  });

  it('lists the SATA and blank rules too', async () => {
    serve();
    const u = user();
    renderPage();
    await facetsLoaded();
    await u.selectOptions(screen.getByLabelText('Question Type'), 'sata');
    await u.click(screen.getByRole('button', { name: 'Delete choice 4' }));
    await u.click(saveButton());
    let dialog = await screen.findByRole('dialog', { name: 'Please fix the following:' });
    expect(
      within(dialog).getByText('SATA questions must have at least 4 answer choices.'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('SATA questions must have at least one valid correct answer.'),
    ).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.selectOptions(screen.getByLabelText('Question Type'), 'blank');
    await u.click(saveButton());
    dialog = await screen.findByRole('dialog', { name: 'Please fix the following:' });
    expect(
      within(dialog).getByText('Fill in the blank questions must have a correct answer.'),
    ).toBeVisible();
  });

  it('changing the type clears the correct answers and resets the choices (none for blank)', async () => {
    serve();
    const u = user();
    renderPage();
    await facetsLoaded();
    await u.type(choiceBoxes()[0], 'first');
    await u.click(screen.getByRole('button', { name: 'Add Choice' }));
    expect(choiceBoxes()).toHaveLength(5);
    await u.click(screen.getByRole('radio', { name: 'Choice 1 is correct' }));
    expect(jsonPreview().correctAnswer).toEqual(['first']);

    await u.selectOptions(screen.getByLabelText('Question Type'), 'sata');
    expect(choiceBoxes()).toHaveLength(4);
    choiceBoxes().forEach((box) => expect(box).toHaveValue(''));
    screen
      .getAllByRole('checkbox', { name: /is correct$/ })
      .forEach((box) => expect(box).not.toBeChecked());
    expect(jsonPreview()).toMatchObject({ type: 'sata', correctAnswer: [] });

    await u.selectOptions(screen.getByLabelText('Question Type'), 'blank');
    expect(choiceBoxes()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add Choice' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Correct Answer')).toHaveValue('');
    expect(jsonPreview()).toMatchObject({ type: 'blank', choices: [], correctAnswer: [] });
  });

  it('validates the blank answer under the field with the shared math-answer check, and rounds', async () => {
    serve();
    const u = user();
    renderPage();
    await facetsLoaded();
    await u.selectOptions(screen.getByLabelText('Question Type'), 'blank');
    const answer = screen.getByLabelText('Correct Answer');
    await u.type(answer, '12.5 mL#');
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription(
      expect.stringContaining(
        'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
      ),
    );
    await u.type(answer, '{Backspace}');
    expect(answer).not.toHaveAttribute('aria-invalid');
    const rounding = screen.getByLabelText('Rounding (optional)');
    expect(
      within(rounding)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (exact answer)', 'Whole number', 'Tenth (0.1)', 'Hundredth (0.01)']);
    await u.selectOptions(rounding, '1');
    expect(jsonPreview()).toMatchObject({ correctAnswer: ['12.5 mL'], rounding: { places: 1 } });
  });

  it('previews the LaTeX of the question and explanation live', async () => {
    serve();
    const u = user();
    renderPage();
    await facetsLoaded();
    const preview = screen.getByRole('group', { name: 'Question preview' });
    expect(within(preview).getByText('Nothing to preview yet.')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Question'), 'Half is \\(\\frac{{1}{{2}\\)');
    expect(preview.querySelector('.katex')).not.toBeNull();
    expect(jsonPreview().question).toBe('Half is \\(\\frac{1}{2}\\)');
    await u.type(screen.getByLabelText('Explanation'), '\\[[x=2\\]');
    expect(
      screen.getByRole('group', { name: 'Explanation preview' }).querySelector('.katex-display'),
    ).not.toBeNull();
  });

  it("saves a new question: progress dialog, POST, 'Question saved successfully!', reset, facets refreshed", async () => {
    let release: () => void = () => undefined;
    const { calls } = serve((call) => {
      if (call.method !== 'POST') return undefined;
      return new Promise<Response>((resolve) => {
        release = () => resolve(fakeResponse(200, { ...STORED, qid: 'CD34' }));
      });
    });
    const u = user();
    renderPage();
    await facetsLoaded();
    await fillSata(u);
    await u.click(saveButton());
    expect(await screen.findByRole('dialog', { name: 'Saving Question' })).toBeInTheDocument();
    expect(screen.getByText('Saving question…')).toBeInTheDocument();
    // A second save while one is in progress is ignored.
    fireEvent.click(saveButton());
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]).toMatchObject({
      url: '/api/questions',
      method: 'POST',
      body: {
        question: 'Which equal \\(\\frac{1}{2}\\)?',
        type: 'sata',
        choices: ['0.5', '2/4', '1/3', '50%'],
        correctAnswer: ['0.5', '2/4', '50%'],
        explanation: 'One half is \\(0.5\\).',
        course: 'TEAS Math',
        objective: '1.2',
        rounding: null,
      },
    });
    release();
    expect(await screen.findByText('Question saved successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Saving Question' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Question')).toHaveValue('');
    expect(screen.getByLabelText('Question Type')).toHaveValue('single');
    expect(choiceBoxes()).toHaveLength(4);
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/questions/facets')).toHaveLength(2),
    );
  });

  it("a failed save says 'Failed to save question. Please try again.' and keeps every typed value", async () => {
    serve((call) =>
      call.method === 'POST' ? fakeResponse(503, { message: 'Service unavailable' }) : undefined,
    );
    const u = user();
    renderPage();
    await facetsLoaded();
    await fillSata(u);
    const before = jsonPreview();
    await u.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to save question. Please try again.');
    expect(jsonPreview()).toEqual(before);
    expect(screen.getByLabelText('Question')).toHaveValue('Which equal \\(\\frac{1}{2}\\)?');
    expect(screen.getByRole('checkbox', { name: 'Choice 4 is correct' })).toBeChecked();
  });

  it("lists the server's field messages when it still refuses the save", async () => {
    serve((call) =>
      call.method === 'POST'
        ? fakeResponse(400, {
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: 'Please fix the following:',
            fields: { course: ['Course must be at most 200 characters.'] },
          })
        : undefined,
    );
    const u = user();
    renderPage();
    await facetsLoaded();
    await fillSata(u);
    await u.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Please fix the following:' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Course must be at most 200 characters.',
    );
    expect(screen.getByLabelText('Question')).toHaveValue('Which equal \\(\\frac{1}{2}\\)?');
  });

  it("edit mode: 'Edit Question (QID: AB12)', loads the question, 'Update Question' PUTs, then new mode", async () => {
    const { calls } = serve();
    const u = user();
    renderPage('/add-question?mode=edit&qid=AB12');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Edit Question (QID: AB12)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading question...');
    expect(await screen.findByLabelText('Question')).toHaveValue(STORED.question);
    expect(screen.getByLabelText('Question Type')).toHaveValue('sata');
    expect(screen.getByLabelText('Course')).toHaveValue('TEAS Math');
    expect(screen.getByLabelText('Objective')).toHaveValue('1.1');
    expect(choiceBoxes().map((b) => (b as HTMLInputElement).value)).toEqual(['2', '3', '4', '5']);
    expect(
      screen
        .getAllByRole('checkbox', { name: /is correct$/ })
        .map((b) => (b as HTMLInputElement).checked),
    ).toEqual([true, true, false, true]);
    expect(screen.getByText('Images/AB12-que.png')).toBeInTheDocument();
    expect(jsonPreview()).toMatchObject({ qid: 'AB12', media: STORED.media });

    await u.type(screen.getByLabelText('Explanation'), ' Four is not.');
    await u.click(screen.getByRole('button', { name: 'Update Question' }));
    expect(await screen.findByText('Question saved successfully!')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        url: '/api/questions/AB12',
        method: 'PUT',
        body: expect.objectContaining({
          explanation: 'Primes have exactly two divisors. Four is not.',
          correctAnswer: ['2', '3', '5'],
        }),
      }),
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/add-question?mode=new'));
    expect(screen.getByRole('heading', { level: 1, name: 'Add New Question' })).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveValue('');
  });

  it("copy mode: 'Duplicate Question' loads the question and saves it as a new one (POST)", async () => {
    const { calls } = serve();
    const u = user();
    renderPage('/add-question?mode=copy&qid=AB12');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Duplicate Question' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Question')).toHaveValue(STORED.question);
    expect(jsonPreview().qid).toBeNull();
    await u.click(saveButton());
    expect(await screen.findByText('Question saved successfully!')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ url: '/api/questions', method: 'POST' }),
    ]);
  });

  it.each(['edit', 'copy'])(
    "%s mode without a qid goes to new mode with '{mode} mode requires a question ID'",
    async (mode) => {
      serve();
      renderPage(`/add-question?mode=${mode}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `${mode} mode requires a question ID`,
      );
      await waitFor(() => expect(currentLocation()).toBe('/add-question?mode=new'));
      expect(
        screen.getByRole('heading', { level: 1, name: 'Add New Question' }),
      ).toBeInTheDocument();
    },
  );

  it("a missing question shows 'Question Not Found' and goes to new mode", async () => {
    serve();
    renderPage('/add-question?mode=edit&qid=ZZ99');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Question Not Found');
    expect(alert).toHaveTextContent('Question with ID "ZZ99" not found');
    await waitFor(() => expect(currentLocation()).toBe('/add-question?mode=new'));
    expect(await screen.findByLabelText('Question')).toHaveValue('');
  });

  it("a load failure says 'Failed to load question: {message}' with a retry", async () => {
    let fail = true;
    mockFetch((call) => {
      if (call.url === '/api/questions/AB12') {
        return fail
          ? fakeResponse(503, { message: 'Service unavailable' })
          : fakeResponse(200, STORED);
      }
      return fakeResponse(200, FACETS);
    });
    const u = user();
    renderPage('/add-question?mode=edit&qid=AB12');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load question: Service unavailable',
    );
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Question')).toHaveValue(STORED.question);
  });

  it('Reset Form empties the form and returns to new mode', async () => {
    serve();
    const u = user();
    renderPage('/add-question?mode=edit&qid=AB12');
    expect(await screen.findByLabelText('Question')).toHaveValue(STORED.question);
    await u.click(screen.getByRole('button', { name: 'Reset Form' }));
    await waitFor(() => expect(currentLocation()).toBe('/add-question?mode=new'));
    expect(screen.getByLabelText('Question')).toHaveValue('');
    expect(choiceBoxes()).toHaveLength(4);
  });

  it("shows 'Access Denied: Admins only.' to non-admins and loads nothing", async () => {
    const { calls } = serve();
    renderPage('/add-question', false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Access Denied: Admins only.');
    expect(screen.queryByLabelText('Question')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
