import {
  LICENCE_MESSAGES,
  type Licence,
  type LicenceSeat,
  type LtiPlatform,
  type LtiToolConfiguration,
} from '@examprep/contracts/types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { CATALOG } from '../../../test-utils/products';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import LtiLicencesPage from './LtiLicencesPage';

const LIST_URL = '/api/admin/lti/licences';
const PLATFORMS_URL = '/api/admin/lti/platforms';

const TOOL: LtiToolConfiguration = {
  loginUrl: 'https://prep.example.com/api/lti/login',
  launchUrl: 'https://prep.example.com/api/lti/launch',
  jwksUrl: 'https://prep.example.com/api/lti/jwks',
  registrationUrl: 'https://prep.example.com/api/lti/register',
  domain: 'prep.example.com',
};

const platform = (id: string, name: string): LtiPlatform => ({
  id,
  name,
  issuer: `https://${id}.example`,
  clientId: `client-${id}`,
  deploymentIds: ['1'],
  authUrl: `https://${id}.example/auth`,
  tokenUrl: `https://${id}.example/token`,
  jwksUrl: `https://${id}.example/jwks`,
  status: 'active',
  registeredBy: 'admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const CANVAS = platform('p1', 'Springfield Canvas');
const MOODLE = platform('p2', 'Shelbyville Moodle');

const licence = (over: Partial<Licence> = {}): Licence => ({
  id: 'l1',
  platformId: 'p1',
  name: 'Springfield Spring 2027',
  productIds: ['teas_math_qbank', 'med_dosage_qbank'],
  seats: 30,
  seatsUsed: 12,
  startsOn: '2027-01-11',
  endsOn: '2027-05-14',
  status: 'scheduled',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const SPRING = licence();
const AUTUMN = licence({
  id: 'l2',
  platformId: 'p2',
  name: 'Shelbyville Autumn 2026',
  productIds: ['teas_math_workbook'],
  seats: 10,
  seatsUsed: 10,
  startsOn: '2026-09-01',
  endsOn: '2026-12-18',
  status: 'active',
});

const SEATS: LicenceSeat[] = [
  { uid: 'u-ann', email: 'ann@springfield.example', takenAt: '2027-01-12T09:30:00.000Z' },
  { uid: 'u-bob', email: 'bob@springfield.example', takenAt: '2027-01-13T14:00:00.000Z' },
];

type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * The platforms, the catalogue and the licence list (filtered by `?platformId=` as the server
 * does) answer; every other call goes to `other`.
 */
function serve(list: () => Licence[], other?: Handler) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === PLATFORMS_URL) {
      return fakeResponse(200, { platforms: [CANVAS, MOODLE], tool: TOOL });
    }
    if (call.url === '/api/products') return fakeResponse(200, { products: CATALOG });
    if (call.method === 'GET' && call.url.split('?')[0] === LIST_URL) {
      const platformId = new URLSearchParams(call.url.split('?')[1] ?? '').get('platformId');
      const licences = list().filter((l) => !platformId || l.platformId === platformId);
      return fakeResponse(200, { licences });
    }
    if (other) return other(call);
    return fakeResponse(500, { error: 'unexpected call' });
  });
}

function renderPage({ isAdmin = true, route = '/lti-licences' } = {}) {
  return renderApp({ route, session: fakeSession({ isAdmin }) }, <LtiLicencesPage />);
}

const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;
const listCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith(LIST_URL)).map((c) => c.url);

async function openNew() {
  await userEvent.click((await screen.findAllByRole('button', { name: 'New licence' }))[0]);
  return screen.findByRole('dialog', { name: 'New licence' });
}

const setDate = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

async function fillValid(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Name'), '  Ogdenville Fall 2027 ');
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'TEAS Math QBank' }));
  await userEvent.type(within(dialog).getByLabelText('Seats'), '30');
  setDate(dialog, 'Start date', '2027-08-30');
  setDate(dialog, 'End date', '2027-12-17');
}

describe('/lti-licences', () => {
  it('lists the licences: name, platform, products, seats used with a bar, term, status', async () => {
    const { calls } = serve(() => [SPRING, AUTUMN]);
    renderPage();
    const region = await screen.findByRole('region', { name: 'Seat licences' });
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Platform', 'Products', 'Seats used', 'Term', 'Status', 'Actions']);

    const spring = await rowOf('Springfield Spring 2027');
    const cells = within(spring).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Springfield Canvas');
    await waitFor(() => expect(cells[1]).toHaveTextContent('TEAS Math QBankMed Dosage QBank'));
    expect(cells[2]).toHaveTextContent('12 / 30');
    expect(cells[2].querySelector('.progress-bar')).toHaveStyle({ width: '40%' });
    expect(cells[3]).toHaveTextContent('Jan 11, 2027 – May 14, 2027');
    expect(cells[3].querySelector('time')).toHaveAttribute('dateTime', '2027-01-11');
    expect(within(spring).getByText('Scheduled')).toHaveClass('badge');
    expect(
      within(spring).getByRole('button', { name: 'Edit licence Springfield Spring 2027' }),
    ).toBeInTheDocument();
    expect(
      within(spring).getByRole('button', { name: 'Seats licence Springfield Spring 2027' }),
    ).toBeInTheDocument();

    const autumn = await rowOf('Shelbyville Autumn 2026');
    expect(autumn).toHaveTextContent('Shelbyville Moodle');
    expect(autumn).toHaveTextContent('10 / 10');
    expect(within(autumn).getByText('Active')).toHaveClass('badge');

    expect(calls.find((c) => c.url === LIST_URL)?.headers.Authorization).toBe('Bearer test-token');
    expect(document.title).toBe('School Licences | TestPrep');
  });

  it("shows 'No licences yet.' with New licence when there is none", async () => {
    serve(() => []);
    renderPage();
    expect(await screen.findByText('No licences yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New licence' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Seat licences' })).toBeNull();
  });

  it('shows the loading state, then an error with Try Again, which reloads', async () => {
    let fail = true;
    mockFetch((call) => {
      if (call.url === PLATFORMS_URL) return fakeResponse(200, { platforms: [CANVAS], tool: TOOL });
      if (call.url === '/api/products') return fakeResponse(200, { products: CATALOG });
      return fail
        ? fakeResponse(503, {
            error: 'Service Unavailable',
            code: 'SERVICE_UNAVAILABLE',
            message: 'The schools service is not available.',
          })
        : fakeResponse(200, { licences: [SPRING] });
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading licences...');
    expect(await screen.findByText('Failed to load the licences.')).toBeInTheDocument();
    expect(screen.getByText('The schools service is not available.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await rowOf('Springfield Spring 2027')).toBeInTheDocument();
  });

  it('tells non-admins the page is for administrators and calls nothing', () => {
    const { calls } = serve(() => [SPRING]);
    renderPage({ isAdmin: false });
    expect(screen.getByRole('alert')).toHaveTextContent(/only available to administrators/);
    expect(calls).toHaveLength(0);
  });

  describe('the platform filter', () => {
    it('asks the server for one platform, kept in the address, and back to all', async () => {
      const { calls } = serve(() => [SPRING, AUTUMN]);
      renderPage();
      await rowOf('Springfield Spring 2027');
      const filter = screen.getByRole('search', { name: 'Filter licences' });
      const select = within(filter).getByLabelText('Platform');
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All platforms', 'Springfield Canvas', 'Shelbyville Moodle']);

      await userEvent.selectOptions(select, 'p2');
      await waitFor(() =>
        expect(screen.queryByRole('rowheader', { name: 'Springfield Spring 2027' })).toBeNull(),
      );
      expect(await rowOf('Shelbyville Autumn 2026')).toBeInTheDocument();
      expect(listCalls(calls)).toEqual([LIST_URL, `${LIST_URL}?platformId=p2`]);
      expect(screen.getByTestId('location')).toHaveTextContent('/lti-licences?platformId=p2');

      await userEvent.selectOptions(select, '');
      expect(await rowOf('Springfield Spring 2027')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/lti-licences$/);
    });

    it('starts from ?platformId= (the platforms screen links here) and a new licence takes it', async () => {
      const { calls } = serve(() => [SPRING, AUTUMN]);
      renderPage({ route: '/lti-licences?platformId=p2' });
      expect(await rowOf('Shelbyville Autumn 2026')).toBeInTheDocument();
      expect(screen.queryByRole('rowheader', { name: 'Springfield Spring 2027' })).toBeNull();
      expect(listCalls(calls)).toEqual([`${LIST_URL}?platformId=p2`]);
      expect(screen.getByLabelText('Platform')).toHaveValue('p2');
      const dialog = await openNew();
      expect(within(dialog).getByLabelText('LMS platform')).toHaveValue('p2');
    });
  });

  describe('new and edit', () => {
    it('has labelled fields: platform, name, priced products as checkboxes, seats, dates', async () => {
      serve(() => []);
      renderPage();
      const dialog = await openNew();
      const platformSelect = within(dialog).getByLabelText('LMS platform');
      expect(platformSelect).toHaveValue('');
      expect(
        within(platformSelect)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a platform', 'Springfield Canvas', 'Shelbyville Moodle']);
      expect(within(dialog).getByLabelText('Name')).toHaveValue('');
      const products = within(dialog).getByRole('group', { name: 'Products' });
      const boxes = await within(products).findAllByRole('checkbox');
      const priced = CATALOG.filter((p) => p.price > 0).map((p) => p.name);
      expect(boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent)).toEqual(priced);
      expect(within(products).queryByRole('checkbox', { name: 'Infinite QBank' })).toBeNull();
      expect(within(dialog).getByLabelText('Seats')).toHaveAttribute('type', 'number');
      expect(within(dialog).getByLabelText('Start date')).toHaveValue(
        new Date().toISOString().slice(0, 10),
      );
      expect(within(dialog).getByLabelText('End date')).toHaveValue('');
    });

    it('checks the fields with the server messages and sends nothing', async () => {
      const { calls } = serve(() => []);
      renderPage();
      const dialog = await openNew();
      await userEvent.type(within(dialog).getByLabelText('Seats'), '0');
      setDate(dialog, 'Start date', '2027-05-01');
      setDate(dialog, 'End date', '2027-04-30');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      const expected: [HTMLElement, string][] = [
        [within(dialog).getByLabelText('LMS platform'), LICENCE_MESSAGES.platformRequired],
        [within(dialog).getByLabelText('Name'), LICENCE_MESSAGES.nameRequired],
        [
          within(dialog).getByRole('group', { name: 'Products' }),
          LICENCE_MESSAGES.productsRequired,
        ],
        [within(dialog).getByLabelText('Seats'), LICENCE_MESSAGES.seatsInvalid],
        [within(dialog).getByLabelText('End date'), LICENCE_MESSAGES.datesInvalid],
      ];
      for (const [field, message] of expected) {
        expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      }
      expect(within(dialog).getByLabelText('Start date')).not.toHaveAttribute('aria-invalid');
      expect(within(dialog).getByLabelText('LMS platform')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText('LMS platform')).toHaveFocus();
      expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    });

    it("makes a licence: 'Saving…' while pending, then the new row and a notice", async () => {
      let list: Licence[] = [];
      let answer!: () => void;
      const { calls } = serve(
        () => list,
        (call) =>
          new Promise<Response>((resolve) => {
            answer = () => {
              list = [licence({ id: 'n1', seatsUsed: 0, ...(call.body as object) })];
              resolve(fakeResponse(201, list[0]));
            };
          }),
      );
      renderPage();
      const dialog = await openNew();
      await userEvent.selectOptions(within(dialog).getByLabelText('LMS platform'), 'p1');
      await fillValid(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: LIST_URL,
        body: {
          platformId: 'p1',
          name: 'Ogdenville Fall 2027',
          productIds: ['teas_math_qbank'],
          seats: 30,
          startsOn: '2027-08-30',
          endsOn: '2027-12-17',
        },
      });
      answer();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const row = await rowOf('Ogdenville Fall 2027');
      expect(row).toHaveTextContent('0 / 30');
      expect(await screen.findByText('Ogdenville Fall 2027 is saved.')).toBeInTheDocument();
    });

    it('shows the server field errors under their fields and keeps what was typed', async () => {
      serve(
        () => [],
        () =>
          fakeResponse(400, {
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: 'Validation failed.',
            fields: {
              productIds: [LICENCE_MESSAGES.freeProduct],
              endsOn: [LICENCE_MESSAGES.datesInvalid],
            },
          }),
      );
      renderPage();
      const dialog = await openNew();
      await userEvent.selectOptions(within(dialog).getByLabelText('LMS platform'), 'p2');
      await fillValid(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      const products = within(dialog).getByRole('group', { name: 'Products' });
      await waitFor(() =>
        expect(products).toHaveAccessibleDescription(
          expect.stringContaining(LICENCE_MESSAGES.freeProduct),
        ),
      );
      expect(within(dialog).getByLabelText('End date')).toHaveAccessibleDescription(
        expect.stringContaining(LICENCE_MESSAGES.datesInvalid),
      );
      // the group's first checkbox takes the focus
      expect(within(products).getAllByRole('checkbox')[0]).toHaveFocus();
      expect(within(dialog).getByLabelText('LMS platform')).toHaveValue('p2');
      expect(within(dialog).getByLabelText('Name')).toHaveValue('  Ogdenville Fall 2027 ');
      expect(within(dialog).getByLabelText('Seats')).toHaveValue(30);
      expect(within(dialog).getByLabelText('End date')).toHaveValue('2027-12-17');
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    });

    it('edits a licence with PUT from its values; no platform choice; seats not below those taken', async () => {
      let list = [SPRING];
      const { calls } = serve(
        () => list,
        (call) => {
          list = [{ ...SPRING, ...(call.body as object) }];
          return fakeResponse(200, list[0]);
        },
      );
      renderPage();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Edit licence Springfield Spring 2027' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit licence' });
      expect(within(dialog).queryByLabelText('LMS platform')).toBeNull();
      expect(within(dialog).getByLabelText('Name')).toHaveValue(SPRING.name);
      expect(
        await within(dialog).findByRole('checkbox', { name: 'Med Dosage QBank' }),
      ).toBeChecked();
      expect(
        within(dialog).getByRole('checkbox', { name: 'TEAS Math Workbook' }),
      ).not.toBeChecked();
      const seats = within(dialog).getByLabelText('Seats');
      expect(seats).toHaveValue(30);
      expect(seats).toHaveAccessibleDescription(expect.stringContaining('12 taken'));
      expect(within(dialog).getByLabelText('End date')).toHaveValue('2027-05-14');

      await userEvent.clear(seats);
      await userEvent.type(seats, '11');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(seats).toHaveAccessibleDescription(
        expect.stringContaining(LICENCE_MESSAGES.seatsBelowUsed),
      );
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

      await userEvent.clear(seats);
      await userEvent.type(seats, '25');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: `${LIST_URL}/l1`,
        body: {
          platformId: 'p1',
          name: SPRING.name,
          productIds: SPRING.productIds,
          seats: 25,
          startsOn: SPRING.startsOn,
          endsOn: SPRING.endsOn,
        },
      });
      expect(await rowOf('Springfield Spring 2027')).toHaveTextContent('12 / 25');
    });

    it("shows the server's 'fewer than taken' under Seats when more seats were taken meanwhile", async () => {
      serve(
        () => [SPRING],
        () =>
          fakeResponse(400, {
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: LICENCE_MESSAGES.seatsBelowUsed,
            fields: { seats: [LICENCE_MESSAGES.seatsBelowUsed] },
          }),
      );
      renderPage();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Edit licence Springfield Spring 2027' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit licence' });
      const seats = within(dialog).getByLabelText('Seats');
      await userEvent.clear(seats);
      await userEvent.type(seats, '12');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(seats).toHaveAccessibleDescription(
          expect.stringContaining(LICENCE_MESSAGES.seatsBelowUsed),
        ),
      );
      expect(seats).toHaveFocus();
      expect(seats).toHaveValue(12);
      expect(screen.getByRole('dialog', { name: 'Edit licence' })).toBeInTheDocument();
    });

    it('says so in the form when the licence is gone (404)', async () => {
      serve(
        () => [SPRING],
        () =>
          fakeResponse(404, {
            error: 'Not Found',
            code: 'LICENCE_NOT_FOUND',
            message: LICENCE_MESSAGES.notFound,
          }),
      );
      renderPage();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Edit licence Springfield Spring 2027' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit licence' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(LICENCE_MESSAGES.notFound);
    });
  });

  describe('seats', () => {
    const SEATS_URL = `${LIST_URL}/l1/seats`;

    async function openSeats() {
      await userEvent.click(
        await screen.findByRole('button', { name: 'Seats licence Springfield Spring 2027' }),
      );
      return screen.findByRole('dialog', { name: 'Seats of Springfield Spring 2027' });
    }

    it("shows loading, then 'No seats taken yet.'", async () => {
      let answer!: () => void;
      serve(
        () => [licence({ seatsUsed: 0 })],
        (call) =>
          call.url === SEATS_URL
            ? new Promise<Response>((resolve) => {
                answer = () => resolve(fakeResponse(200, { seats: [] }));
              })
            : fakeResponse(500, {}),
      );
      renderPage();
      const dialog = await openSeats();
      expect(within(dialog).getByRole('status')).toHaveTextContent('Loading seats...');
      answer();
      expect(await within(dialog).findByText('No seats taken yet.')).toBeInTheDocument();
      expect(dialog).toHaveTextContent('0 of 30 seats taken');
    });

    it('shows an error with Try Again', async () => {
      let fail = true;
      serve(
        () => [SPRING],
        () =>
          fail
            ? fakeResponse(503, { error: 'x', code: 'SERVICE_UNAVAILABLE', message: 'Down.' })
            : fakeResponse(200, { seats: SEATS }),
      );
      renderPage();
      const dialog = await openSeats();
      expect(await within(dialog).findByText('Failed to load the seats.')).toBeInTheDocument();
      expect(within(dialog).getByText('Down.')).toBeInTheDocument();
      fail = false;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
      expect(
        await within(dialog).findByRole('rowheader', { name: 'ann@springfield.example' }),
      ).toBeInTheDocument();
    });

    it('lists the holders; Free seat asks first, Cancel keeps it, confirm frees it', async () => {
      let seats = SEATS;
      let list = [SPRING];
      const { calls } = serve(
        () => list,
        (call) => {
          if (call.method === 'GET' && call.url === SEATS_URL) {
            return fakeResponse(200, { seats });
          }
          if (call.method === 'DELETE') {
            seats = seats.filter((s) => s.uid !== 'u-ann');
            list = [{ ...SPRING, seatsUsed: 11 }];
            return fakeResponse(204);
          }
          return fakeResponse(500, {});
        },
      );
      renderPage();
      let dialog = await openSeats();
      const region = await within(dialog).findByRole('region', { name: 'Seat holders' });
      expect(
        within(region)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Email', 'Taken at', 'Actions']);
      const ann = within(region)
        .getByRole('rowheader', { name: 'ann@springfield.example' })
        .closest('tr') as HTMLElement;
      expect(ann.querySelector('time')).toHaveAttribute('dateTime', SEATS[0].takenAt);

      await userEvent.click(
        within(ann).getByRole('button', { name: 'Free seat ann@springfield.example' }),
      );
      let confirm = await screen.findByRole('dialog', { name: 'Free this seat?' });
      expect(confirm).toHaveTextContent(
        'ann@springfield.example loses the products of this licence; the seat is free for another learner.',
      );
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      dialog = await screen.findByRole('dialog', { name: 'Seats of Springfield Spring 2027' });
      expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Free seat ann@springfield.example' }),
      );
      confirm = await screen.findByRole('dialog', { name: 'Free this seat?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Free seat' }));
      dialog = await screen.findByRole('dialog', { name: 'Seats of Springfield Spring 2027' });
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${SEATS_URL}/u-ann`);
      await waitFor(() =>
        expect(
          within(dialog).queryByRole('rowheader', { name: 'ann@springfield.example' }),
        ).toBeNull(),
      );
      expect(
        within(dialog).getByRole('rowheader', { name: 'bob@springfield.example' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(dialog).toHaveTextContent('11 of 30 seats taken'));
      expect(
        await screen.findByText('The seat of ann@springfield.example is free.'),
      ).toBeInTheDocument();
    });

    it('a failed Free seat says why in the confirm and keeps it open', async () => {
      serve(
        () => [SPRING],
        (call) =>
          call.method === 'DELETE'
            ? fakeResponse(404, {
                error: 'Not Found',
                code: 'LICENCE_SEAT_NOT_FOUND',
                message: LICENCE_MESSAGES.seatNotFound,
              })
            : fakeResponse(200, { seats: SEATS }),
      );
      renderPage();
      const dialog = await openSeats();
      await userEvent.click(
        await within(dialog).findByRole('button', { name: 'Free seat bob@springfield.example' }),
      );
      const confirm = await screen.findByRole('dialog', { name: 'Free this seat?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Free seat' }));
      expect(await within(confirm).findByRole('alert')).toHaveTextContent(
        LICENCE_MESSAGES.seatNotFound,
      );
    });
  });
});
