import { DEEP_LINK_MESSAGES, DEEP_LINK_SEND_PATH } from '@examprep/contracts/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';
import { DEEP_LINK_ID, deepLinkView, OPTIONS } from './lti-fixtures';
import { lmsNavigation } from './lti-deep-link';
import { LTI_DEEP_LINK_MESSAGES as T } from './lti-deep-link.messages';

const [, TEST, WORKBOOK, PUMP] = OPTIONS;
const URL_OF_REQUEST = `/api/lti/deep-links/${DEEP_LINK_ID}`;
const SEND_URL = `${DEEP_LINK_SEND_PATH}?token=${'t'.repeat(43)}`;

const realFetch = window.fetch;
let submitted: string[];
beforeEach(() => {
  submitted = [];
  // jsdom does not navigate: where the page sends the browser is recorded instead
  jest.spyOn(lmsNavigation, 'assign').mockImplementation((url) => {
    submitted.push(String(url));
  });
});
afterEach(() => {
  window.fetch = realFetch;
  jest.restoreAllMocks();
});

/** The request at GET; POST answered by `post` (by default the signed answer). */
function serve(
  get: () => Response,
  post: (call: FetchCall) => Response = () => fakeResponse(200, { sendUrl: SEND_URL }),
) {
  return mockFetch((call) => {
    if (call.url === URL_OF_REQUEST) return call.method === 'POST' ? post(call) : get();
    return fakeResponse(404, { message: 'not here' });
  });
}

/** The whole route table, signed in and verified: the page is behind ProtectedRoute. */
const renderPage = () => renderApp({ route: `/lti/deep-link/${DEEP_LINK_ID}` });

const pick = (title: string) => userEvent.click(screen.getByRole('checkbox', { name: title }));
const add = () => userEvent.click(screen.getByRole('button', { name: T.add }));
const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST');

describe('/lti/deep-link/:id', () => {
  it('loads, then names the course and lists the options by section with their descriptions', async () => {
    serve(() => fakeResponse(200, deepLinkView()));
    renderPage();
    expect(await screen.findByText(T.loading)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Add ExamPrep content to Nursing Math',
      }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Add content to your course | TestPrep');
    const legends = Array.from(document.querySelectorAll('legend'), (l) => l.textContent);
    expect(legends).toEqual(['Tests', 'Workbooks', 'Practice']);
    const practice = screen.getByRole('group', { name: 'Practice' });
    expect(
      within(practice)
        .getAllByRole('checkbox')
        .map((c) => c.id && c.closest('div')?.textContent),
    ).toEqual(['Infinite QBank', 'Pump simulator']);
    expect(within(screen.getByRole('group', { name: 'Tests' })).getByRole('checkbox')).toBe(
      screen.getByRole('checkbox', { name: TEST.title }),
    );
    expect(screen.getByRole('checkbox', { name: TEST.title })).toHaveAccessibleDescription(
      TEST.description,
    );
  });

  it('names the course by its label without a title, and says "your course" without either', async () => {
    serve(() => fakeResponse(200, deepLinkView({ context: { label: 'NUR101', title: null } })));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Add ExamPrep content to NUR101' }),
    ).toBeInTheDocument();
    expect(T.heading(null)).toBe('Add ExamPrep content to your course');
  });

  it('offers graded (on) and the title (prefilled) for a picked test; the title only for others', async () => {
    serve(() => fakeResponse(200, deepLinkView()));
    renderPage();
    await screen.findByRole('checkbox', { name: TEST.title });
    expect(screen.queryByRole('textbox')).toBeNull();
    await pick(TEST.title);
    await pick(PUMP.title);
    const graded = screen.getByRole('checkbox', { name: `${T.graded}: ${TEST.title}` });
    expect(graded).toBeChecked();
    expect(screen.getByRole('textbox', { name: `${T.linkTitle}: ${TEST.title}` })).toHaveValue(
      TEST.title,
    );
    expect(screen.getByRole('textbox', { name: `${T.linkTitle}: ${PUMP.title}` })).toHaveValue(
      PUMP.title,
    );
    expect(screen.queryByRole('checkbox', { name: `${T.graded}: ${PUMP.title}` })).toBeNull();
  });

  it('does not offer graded where the LMS makes no gradebook columns', async () => {
    serve(() => fakeResponse(200, deepLinkView({ acceptLineItem: false })));
    renderPage();
    await screen.findByRole('checkbox', { name: TEST.title });
    await pick(TEST.title);
    expect(screen.queryByRole('checkbox', { name: `${T.graded}: ${TEST.title}` })).toBeNull();
  });

  it('posts the picks, then opens the send page (it posts the JWT to the LMS), "Sending to your course…"', async () => {
    const { calls } = serve(() => fakeResponse(200, deepLinkView()));
    renderPage();
    await screen.findByRole('checkbox', { name: TEST.title });
    await pick(TEST.title);
    await pick(WORKBOOK.title);
    await userEvent.click(screen.getByRole('checkbox', { name: `${T.graded}: ${TEST.title}` }));
    const title = screen.getByRole('textbox', { name: `${T.linkTitle}: ${WORKBOOK.title}` });
    await userEvent.clear(title);
    await userEvent.type(title, 'Read before class');
    await add();

    expect(await screen.findByRole('status')).toHaveTextContent(T.sending);
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0].body).toEqual({
      picks: [
        { key: TEST.key, title: TEST.title, graded: false },
        { key: WORKBOOK.key, title: 'Read before class' },
      ],
    });
    expect(submitted).toEqual([SEND_URL]);
    expect(screen.getByRole('button', { name: T.add })).toBeDisabled();
  });

  it(`checks in the browser: '${DEEP_LINK_MESSAGES.nothingPicked}', no request`, async () => {
    const { calls } = serve(() => fakeResponse(200, deepLinkView()));
    renderPage();
    await screen.findByRole('checkbox', { name: TEST.title });
    await add();
    expect(screen.getByRole('alert')).toHaveTextContent(DEEP_LINK_MESSAGES.nothingPicked);
    expect(posts(calls)).toHaveLength(0);
  });

  it(`checks a title over 120 characters beside its field: '${DEEP_LINK_MESSAGES.titleTooLong}'`, async () => {
    const { calls } = serve(() => fakeResponse(200, deepLinkView()));
    renderPage();
    await screen.findByRole('checkbox', { name: TEST.title });
    await pick(TEST.title);
    const title = screen.getByRole('textbox', { name: `${T.linkTitle}: ${TEST.title}` });
    await userEvent.clear(title);
    await userEvent.click(title);
    await userEvent.paste('x'.repeat(121));
    await add();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(
      `${T.linkTitleHint} ${DEEP_LINK_MESSAGES.titleTooLong}`,
    );
    expect(title).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);
  });

  it('offers a radio group where the LMS takes one item, and sends the one chosen', async () => {
    const { calls } = serve(() => fakeResponse(200, deepLinkView({ acceptMultiple: false })));
    renderPage();
    expect(await screen.findByText(T.introOne)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: TEST.title })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: TEST.title }));
    await userEvent.click(screen.getByRole('radio', { name: PUMP.title }));
    expect(screen.getByRole('radio', { name: TEST.title })).not.toBeChecked();
    await add();
    expect(posts(calls)[0].body).toEqual({ picks: [{ key: PUMP.key, title: PUMP.title }] });
  });

  it("keeps the picks on a refusal and shows the server's title error beside its field", async () => {
    serve(
      () => fakeResponse(200, deepLinkView()),
      () =>
        fakeResponse(400, {
          code: 'VALIDATION_FAILED',
          message: DEEP_LINK_MESSAGES.titleTooLong,
          fields: { 'picks.0.title': [DEEP_LINK_MESSAGES.titleTooLong] },
        }),
    );
    renderPage();
    await screen.findByRole('checkbox', { name: TEST.title });
    await pick(TEST.title);
    await add();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.sendFailed);
    expect(alert).toHaveTextContent(T.fixTitles);
    const title = screen.getByRole('textbox', { name: `${T.linkTitle}: ${TEST.title}` });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: TEST.title })).toBeChecked();
    expect(screen.getByRole('button', { name: T.add })).toBeEnabled();
    expect(submitted).toHaveLength(0);
  });

  it("shows a 400's message (no field) and a 404's expiry text, picks kept", async () => {
    let answer = fakeResponse(400, { message: DEEP_LINK_MESSAGES.oneOnly });
    serve(
      () => fakeResponse(200, deepLinkView()),
      () => answer,
    );
    renderPage();
    await screen.findByRole('checkbox', { name: TEST.title });
    await pick(TEST.title);
    await add();
    expect(await screen.findByRole('alert')).toHaveTextContent(DEEP_LINK_MESSAGES.oneOnly);
    answer = fakeResponse(404, { message: 'Not found' });
    await add();
    expect(await screen.findByRole('alert')).toHaveTextContent(DEEP_LINK_MESSAGES.notFound);
    expect(screen.getByRole('checkbox', { name: TEST.title })).toBeChecked();
    expect(submitted).toHaveLength(0);
  });

  it('says the request has expired on a 404, without a retry', async () => {
    serve(() => fakeResponse(404, { message: DEEP_LINK_MESSAGES.notFound }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(DEEP_LINK_MESSAGES.notFound);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(T.title);
    expect(screen.queryByRole('button', { name: T.tryAgain })).toBeNull();
  });

  it("shows a 403's message (another user's request)", async () => {
    serve(() => fakeResponse(403, { message: DEEP_LINK_MESSAGES.notYours }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(DEEP_LINK_MESSAGES.notYours);
  });

  it('offers Try Again when the request could not be read, and loads on it', async () => {
    let ok = false;
    serve(() =>
      ok ? fakeResponse(200, deepLinkView()) : fakeResponse(500, { message: 'Server exploded' }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.loadFailed);
    expect(alert).toHaveTextContent('Server exploded');
    ok = true;
    await userEvent.click(screen.getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByRole('checkbox', { name: TEST.title })).toBeInTheDocument();
  });

  it('says so when there is nothing to add', async () => {
    serve(() => fakeResponse(200, deepLinkView({ options: [] })));
    renderPage();
    expect(await screen.findByText(T.noOptions)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.add })).toBeNull();
  });
});
