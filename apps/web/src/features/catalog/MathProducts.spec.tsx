import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../app/router';
import { LOGGED_IN_FLAG_KEY } from '../../shared/session/local-flags';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { CATALOG } from '../../test-utils/products';
import {
  AppTestProviders,
  fakeSession,
  renderApp,
  testQueryClient,
} from '../../test-utils/render-app';

type Answer = () => Response;

function serve(products: Answer, courses: Answer = () => fakeResponse(200, { courses: [] })) {
  return mockFetch((call: FetchCall) => {
    if (call.url === '/api/products') return products();
    if (call.url === '/api/infiniteqbank/courses') return courses();
    return fakeResponse(404, { message: 'not here' });
  });
}

const productsCalls = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/products').length;

function mathProducts() {
  return within(screen.getByRole('region', { name: 'Math Products' }));
}

describe('Math tab: Math Products (learner spec §2)', () => {
  beforeEach(() => window.localStorage.setItem(LOGGED_IN_FLAG_KEY, 'true'));

  it('has the spec sections in order, products in their section', async () => {
    serve(() => fakeResponse(200, { products: CATALOG }));
    renderApp({ route: '/dashboard?tab=math' });
    const teas = await screen.findByRole('region', { name: 'TEAS Math Products' });
    const headers = mathProducts()
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Tutoring Promotion Bundle',
      'Which Product Should You Get?',
      'Med Dosage Products',
      'TEAS Math Products',
    ]);
    const cards = await within(teas).findAllByRole('heading', { level: 4 });
    expect(cards.map((h) => h.textContent)).toEqual([
      'TEAS Math Sample QBank',
      'TEAS Math Workbook',
      'TEAS Math QBank',
    ]);
    const med = screen.getByRole('region', { name: 'Med Dosage Products' });
    expect(within(med).getByRole('article', { name: 'Med Dosage QBank' })).toBeInTheDocument();
    // the Infinite QBank is not a TEAS card (its own section, when advertised)
    expect(within(teas).queryByRole('article', { name: 'Infinite QBank' })).not.toBeInTheDocument();
  });

  it('the promotion and the comparison table quote spec §9', async () => {
    serve(() => fakeResponse(200, { products: CATALOG }));
    renderApp({ route: '/dashboard?tab=math' });
    await userEvent.click(await screen.findByRole('button', { name: 'Tutoring Promotion Bundle' }));
    const promo = await screen.findByRole('region', { name: 'Tutoring Promotion Bundle' });
    expect(promo).toHaveTextContent(
      'Book and pre-pay at least a 1-hour tutoring session and get a free workbook or QBank of your choice ($20 value).',
    );
    expect(promo).toHaveTextContent('The Infinite QBank is excluded');
    await userEvent.click(screen.getByRole('button', { name: 'Which Product Should You Get?' }));
    const table = within(await screen.findByRole('table', { name: 'The math products compared' }));
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'TEAS Math Workbook1000+ questions with videos$20',
      'TEAS Math QBank200+ questions$20',
      'Med Dosage Workbook250+ questions with videos$20',
      'Med Dosage QBank60+ questions without videos$20',
      'Infinite QBankUnlimited questionsFree in open beta',
    ]);
  });

  it("a failed catalogue: 'Failed to load math products. Please try again later.' and Try Again refetches", async () => {
    let fail = true;
    const { calls } = serve(() =>
      fail
        ? fakeResponse(503, { message: 'The catalog service is not available.' })
        : fakeResponse(200, { products: CATALOG }),
    );
    renderApp({ route: '/dashboard?tab=math' });
    const alert = await mathProducts().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load math products. Please try again later.');
    // the purchase section says its own sentence
    expect(
      within(screen.getByRole('region', { name: 'Purchase Math Products' })).getByRole('alert'),
    ).toHaveTextContent('Failed to load purchase options. Please try again later.');
    const before = productsCalls(calls);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(productsCalls(calls)).toBe(before + 1));
    expect(await screen.findByRole('region', { name: 'TEAS Math Products' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a loading state while the catalogue comes', async () => {
    serve(() => new Promise<Response>(() => undefined) as unknown as Response);
    renderApp({ route: '/dashboard?tab=math' });
    const teas = await screen.findByRole('region', { name: 'TEAS Math Products' });
    expect(within(teas).getByRole('status')).toHaveTextContent('Loading products…');
  });

  it('an empty section says so', async () => {
    serve(() => fakeResponse(200, { products: CATALOG.filter((p) => p.section !== 'med dosage') }));
    renderApp({ route: '/dashboard?tab=math' });
    const med = await screen.findByRole('region', { name: 'Med Dosage Products' });
    await waitFor(() =>
      expect(med).toHaveTextContent('No products are available here yet. Please check back soon.'),
    );
  });

  it("unlocks an open dashboard when the session's purchases change (live stream, no reload)", async () => {
    serve(() => fakeResponse(200, { products: CATALOG }));
    const queryClient = testQueryClient();
    const ui = (purchases: Record<string, boolean>) => (
      <AppTestProviders
        session={fakeSession({ purchases })}
        queryClient={queryClient}
        route="/dashboard?tab=math"
      >
        <AppRoutes />
      </AppTestProviders>
    );
    const { rerender } = render(ui({}));
    const card = within(await screen.findByRole('article', { name: 'TEAS Math QBank' }));
    expect(card.getAllByRole('button', { name: /^Purchase Required/ })).toHaveLength(2);
    rerender(ui({ teas_math_qbank: true }));
    const qbank = within(screen.getByRole('article', { name: 'TEAS Math QBank' }));
    expect(qbank.getAllByRole('button', { name: /^Access Now/ })).toHaveLength(2);
    expect(qbank.queryByRole('button', { name: /^Purchase Required/ })).not.toBeInTheDocument();
  });
});
