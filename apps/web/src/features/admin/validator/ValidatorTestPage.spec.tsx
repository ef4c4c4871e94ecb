import { SANITIZE_REQUEST_MESSAGES } from '@examprep/contracts/types';
import {
  QUICK_TEST_CASES,
  SANITIZE_TYPE_DESCRIPTIONS,
  type SanitizeResponse,
  type SanitizeType,
} from '@examprep/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../../test-utils/render-app';
import ValidatorTestPage from './ValidatorTestPage';

/** What the server answers for the script-tag attack (sanitize() of the validation library). */
const SCRIPT_ATTACK: SanitizeResponse = {
  type: 'general',
  original: '<script>alert("XSS")</script>Hello',
  wasModified: true,
  inputLength: 34,
  outputLength: 5,
  result: {
    isValid: false,
    error: 'Script content detected. Scripts are not allowed and were removed.',
    sanitizedValue: 'Hello',
  },
};

function echo(call: FetchCall): SanitizeResponse {
  const { input, type } = call.body as { input: string; type: SanitizeType };
  return {
    type,
    original: input,
    wasModified: false,
    inputLength: input.length,
    outputLength: input.length,
    result: { isValid: true, error: null, sanitizedValue: input },
  };
}

function serve(answer: (call: FetchCall) => Response = (c) => fakeResponse(200, echo(c))) {
  return mockFetch((call) =>
    call.url === '/api/sanitize' ? answer(call) : fakeResponse(500, { error: 'unexpected' }),
  );
}

function renderPage() {
  return renderApp(
    { route: '/validator-test', session: fakeSession({ isAdmin: true }) },
    <ValidatorTestPage />,
  );
}

describe('/validator-test', () => {
  it('offers the four input types, a labelled textarea with a character counter, Test Sanitization and Clear', async () => {
    serve();
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Input Sanitization Validator Test' }),
    ).toBeInTheDocument();
    const select = screen.getByLabelText('Input Type');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Math Answer', 'Contact Message', 'Email Address', 'General Text']);
    const textarea = screen.getByRole('textbox', { name: 'Input' });
    expect(textarea).toHaveAccessibleDescription('0 characters (limit for this type: 500)');
    await userEvent.type(textarea, 'x + 1');
    expect(textarea).toHaveAccessibleDescription('5 characters (limit for this type: 500)');
    await userEvent.selectOptions(select, 'General Text');
    expect(textarea).toHaveAccessibleDescription('5 characters (limit for this type: 10,000)');
    expect(screen.getByRole('button', { name: 'Test Sanitization' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    // no admin-denial text on this page (admin spec §2.2)
    expect(screen.queryByText(/Access Denied/)).not.toBeInTheDocument();
  });

  it("says 'Please enter some input to test' for empty input, without calling the server", async () => {
    const { calls } = serve();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Test Sanitization' }));
    const textarea = screen.getByRole('textbox', { name: 'Input' });
    expect(textarea).toHaveAccessibleDescription(
      expect.stringContaining('Please enter some input to test'),
    );
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('sends input and type with the bearer token and shows the result, the texts as text, never as HTML', async () => {
    const { calls } = serve(() => fakeResponse(200, SCRIPT_ATTACK));
    renderPage();
    await userEvent.selectOptions(screen.getByLabelText('Input Type'), 'General Text');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Input' }),
      '<script>alert("XSS")</script>Hello',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Test Sanitization' }));

    const result = await screen.findByRole('region', { name: 'Result' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/sanitize',
      body: { input: '<script>alert("XSS")</script>Hello', type: 'general' },
      headers: { Authorization: 'Bearer test-token' },
    });
    expect(result).toHaveTextContent(
      'Invalid: Script content detected. Scripts are not allowed and were removed.',
    );
    const terms = within(result)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(result)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Type: 'General Text',
      Modified: 'Yes',
      'Length change': '34 → 5 (-29)',
    });
    expect(within(result).getByText('<script>alert("XSS")</script>Hello')).toBeInTheDocument();
    expect(within(result).getByText('Hello')).toBeInTheDocument();
    expect(document.querySelector('main script, section script')).toBeNull();
    const changes = within(result).getByRole('list', { name: 'What Changed' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Length changed', 'HTML tags removed', 'Script content removed']);
  });

  it('shows a valid, unmodified result with an empty What Changed list', async () => {
    serve();
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Input' }), 'x = 5');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sanitization' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(result).toHaveTextContent('Valid');
    expect(within(result).getByText('No')).toBeInTheDocument();
    expect(within(result).getByText('5 → 5 (0)')).toBeInTheDocument();
    expect(within(result).getByText('Nothing changed.')).toBeInTheDocument();
  });

  it('runs each quick test case with its type and input', async () => {
    const { calls } = serve();
    renderPage();
    for (const testCase of QUICK_TEST_CASES) {
      await userEvent.click(screen.getByRole('button', { name: testCase.label }));
      await waitFor(() =>
        expect(calls.at(-1)?.body).toEqual({ input: testCase.input, type: testCase.type }),
      );
      expect(screen.getByRole('textbox', { name: 'Input' })).toHaveValue(testCase.input);
      expect(screen.getByLabelText('Input Type')).toHaveValue(testCase.type);
    }
    expect(calls).toHaveLength(QUICK_TEST_CASES.length);
  });

  it('Clear empties the input and the result', async () => {
    serve();
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Input' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sanitization' }));
    await screen.findByRole('region', { name: 'Result' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Input' })).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Result' })).not.toBeInTheDocument();
  });

  it("shows the server's error text, else 'Failed to sanitize input: {status}'", async () => {
    let answer = fakeResponse(400, {
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: SANITIZE_REQUEST_MESSAGES.inputTooLong,
    });
    serve(() => answer);
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Input' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sanitization' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Input must be at most 20,000 characters.',
    );
    answer = fakeResponse(502, '<html>Bad Gateway</html>');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sanitization' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to sanitize input: 502'),
    );
  });

  it("describes each type in 'How It Works'", () => {
    serve();
    renderPage();
    const panel = screen.getByRole('region', { name: 'How It Works' });
    for (const description of Object.values(SANITIZE_TYPE_DESCRIPTIONS)) {
      expect(within(panel).getByText(description)).toBeInTheDocument();
    }
  });

  it('is an admin route: non-admins go to the dashboard', async () => {
    serve();
    const admin = renderApp({ route: '/validator-test', session: fakeSession({ isAdmin: true }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Input Sanitization Validator Test' }),
    ).toBeInTheDocument();
    admin.unmount();
    renderApp({ route: '/validator-test', session: fakeSession({ isAdmin: false }) });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
  });
});
