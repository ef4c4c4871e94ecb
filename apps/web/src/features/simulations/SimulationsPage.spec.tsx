import { PUMP_MESSAGES, type PumpGenerateInput } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { pumpQuestion, RIGHT, WRONG } from '../../test-utils/pump';
import { currentLocation, renderApp } from '../../test-utils/render-app';
import SimulationsPage from './SimulationsPage';

interface ServerOptions {
  access?: () => Response;
  authorized?: boolean;
  generate?: (call: FetchCall) => Response | Promise<Response>;
  check?: (call: FetchCall) => Response | Promise<Response>;
}

/** The gateway's simulation routes. */
function server(options: ServerOptions = {}) {
  return mockFetch((call) => {
    if (call.url === '/api/check-simulations-access' && call.method === 'GET') {
      return options.access?.() ?? fakeResponse(200, { authorized: options.authorized ?? true });
    }
    if (call.url === '/api/simulations/pump/generate' && call.method === 'POST') {
      if (options.generate) return options.generate(call);
      const input = call.body as PumpGenerateInput;
      return fakeResponse(200, pumpQuestion(input, { preview: options.authorized === false }));
    }
    if (call.url === '/api/simulations/pump/check' && call.method === 'POST') {
      return options.check ? options.check(call) : fakeResponse(200, RIGHT);
    }
    return fakeResponse(404, { message: `unexpected ${call.method} ${call.url}` });
  });
}

const renderPage = () => renderApp({ route: '/simulations' }, <SimulationsPage />);
const radio = (name: string) => screen.getByRole('radio', { name });
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const result = () => screen.getByRole('status', { name: 'Result' });
const generate = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Generate Question' }));
  return screen.findByText(/question in the/);
};
const calls = (all: FetchCall[], path: string) => all.filter((c) => c.url === `/api${path}`);

describe('/simulations (learner spec §2 Simulations, §7)', () => {
  it('is the lazy pump simulator page of the route table', async () => {
    server();
    renderApp({ route: '/simulations' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pump Simulator' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Pump Simulator | TestPrep');
  });

  it('waits for the access check with a spinner, then shows the pump', async () => {
    let answer: ((r: Response) => void) | null = null;
    mockFetch((call) =>
      call.url === '/api/check-simulations-access'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : fakeResponse(404),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Checking your access to the pump simulator...',
    );
    await waitFor(() => expect(answer).not.toBeNull());
    answer!(fakeResponse(200, { authorized: true }));
    expect(await screen.findByRole('region', { name: 'Infusion pump' })).toBeInTheDocument();
  });

  it('a failed access check says so with Try Again, which asks again', async () => {
    let fail = true;
    server({
      access: () =>
        fail
          ? fakeResponse(503, { message: 'The catalog service is not available.' })
          : fakeResponse(200, { authorized: true }),
    });
    renderPage();
    expect(
      await screen.findByText('Your access to the pump simulator could not be checked.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The catalog service is not available.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Infusion pump' })).toBeInTheDocument();
  });

  it('without access: the preview notice with the way to Med Dosage, and the full-only choices disabled', async () => {
    const { calls: all } = server({ authorized: false });
    renderPage();
    expect(await screen.findByText(PUMP_MESSAGES.previewNotice)).toBeInTheDocument();
    for (const name of ['Dual', 'AM/PM', 'Military']) {
      expect(radio(name)).toBeDisabled();
      expect(radio(name)).toHaveAccessibleDescription(PUMP_MESSAGES.previewOnly);
    }
    expect(radio('Single')).toBeEnabled();
    await generate();
    expect(calls(all, '/simulations/pump/generate')[0]?.body).toEqual({
      calculate: 'rate',
      timeFormat: 'given',
      pumpCount: 'single',
    });
    await userEvent.click(
      screen.getByRole('link', { name: 'Go to the Med Dosage QBank on your dashboard' }),
    );
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
  });

  it('with access: no notice and every choice open', async () => {
    const { calls: all } = server({ authorized: true });
    renderPage();
    await screen.findByRole('region', { name: 'Infusion pump' });
    expect(screen.queryByText(PUMP_MESSAGES.previewNotice)).not.toBeInTheDocument();
    for (const name of ['Dual', 'AM/PM', 'Military']) expect(radio(name)).toBeEnabled();
    await userEvent.click(radio('Calculate VTBI'));
    await userEvent.click(radio('Military'));
    await userEvent.click(radio('Dual'));
    await generate();
    expect(calls(all, '/simulations/pump/generate')[0]?.body).toEqual({
      calculate: 'vtbi',
      timeFormat: 'military',
      pumpCount: 'dual',
    });
  });

  it("a correct answer: 'Correct!' and the worked explanation in KaTeX", async () => {
    const { calls: all } = server();
    renderPage();
    await generate();
    await userEvent.type(field('Pump A rate in mL per hour'), '125');
    await userEvent.type(field('Pump A volume to be infused in mL'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    await waitFor(() => expect(result()).toHaveTextContent('Correct!'));
    expect(calls(all, '/simulations/pump/check')[0]?.body).toEqual({
      id: 'singlePump~given~7',
      answer: { A: { rate: '125', vtbi: '1000' }, B: { rate: '0', vtbi: '0' } },
    });
    const explanation = screen.getByRole('region', { name: 'Explanation' });
    expect(explanation.querySelector('.katex')).not.toBeNull();
  });

  it("a wrong answer: 'Incorrect. Try again.' with the hint; what was typed stays for another try", async () => {
    server({ check: () => fakeResponse(200, WRONG) });
    renderPage();
    await generate();
    await userEvent.type(field('Pump A rate in mL per hour'), '1250');
    await userEvent.type(field('Pump A volume to be infused in mL'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    await waitFor(() => expect(result()).toHaveTextContent('Incorrect. Try again.'));
    expect(result()).toHaveTextContent(WRONG.hint as string);
    expect(within(result()).getByText('Incorrect. Try again.').closest('.alert')).toHaveClass(
      'alert-danger',
    );
    expect(screen.queryByRole('region', { name: 'Explanation' })).not.toBeInTheDocument();
    expect(field('Pump A rate in mL per hour')).toHaveValue('1250');
  });

  it("a failed check shows the server's message and keeps the time typed", async () => {
    let fail = true;
    const { calls: all } = server({
      check: () =>
        fail
          ? fakeResponse(400, { message: PUMP_MESSAGES.unknownProblem })
          : fakeResponse(200, RIGHT),
    });
    renderPage();
    await screen.findByRole('region', { name: 'Infusion pump' });
    await userEvent.click(radio('Calculate Time'));
    await generate();
    expect(field('Pump A rate in mL per hour')).toHaveValue('125');
    await userEvent.type(field('Hours'), '8');
    await userEvent.type(field('Minutes'), '00');
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(await screen.findByText(PUMP_MESSAGES.unknownProblem)).toBeInTheDocument();
    expect(field('Hours')).toHaveValue('8');
    expect(field('Minutes')).toHaveValue('00');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    await waitFor(() => expect(result()).toHaveTextContent('Correct!'));
    expect(screen.queryByText(PUMP_MESSAGES.unknownProblem)).not.toBeInTheDocument();
    expect(calls(all, '/simulations/pump/check').map((c) => c.body)).toEqual([
      { id: 'findTime~given~7', answer: { hours: '8', minutes: '00' } },
      { id: 'findTime~given~7', answer: { hours: '8', minutes: '00' } },
    ]);
  });

  it('generating shows progress on the button; a refused generate shows the reason', async () => {
    let answer: ((r: Response) => void) | null = null;
    server({ generate: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Question' }));
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await waitFor(() => expect(answer).not.toBeNull());
    answer!(fakeResponse(403, { message: PUMP_MESSAGES.previewOnly }));
    expect(
      await screen.findByText(`No question could be generated. ${PUMP_MESSAGES.previewOnly}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Question' })).toBeEnabled();
  });

  it('changing the pump count in Time mode drops the question and its result', async () => {
    server({ check: () => fakeResponse(200, WRONG) });
    renderPage();
    await screen.findByRole('region', { name: 'Infusion pump' });
    await userEvent.click(radio('Calculate Time'));
    await generate();
    await userEvent.type(field('Hours'), '7');
    await userEvent.type(field('Minutes'), '00');
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    await waitFor(() => expect(result()).toHaveTextContent('Incorrect. Try again.'));
    await userEvent.click(radio('Dual'));
    expect(screen.queryByText(/question in the/)).not.toBeInTheDocument();
    expect(field('Hours')).toHaveValue('');
    expect(result()).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
  });
});
