import {
  LTI_MESSAGES,
  type LtiPlatform,
  type LtiPlatformsAnswer,
  type LtiToolConfiguration,
} from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import LtiPlatformsPage from './LtiPlatformsPage';

const LIST_URL = '/api/admin/lti/platforms';

const TOOL: LtiToolConfiguration = {
  loginUrl: 'https://prep.example.com/api/lti/login',
  launchUrl: 'https://prep.example.com/api/lti/launch',
  jwksUrl: 'https://prep.example.com/api/lti/jwks',
  registrationUrl: 'https://prep.example.com/api/lti/register',
  domain: 'prep.example.com',
};

const platform = (over: Partial<LtiPlatform> = {}): LtiPlatform => ({
  id: 'p1',
  name: 'Springfield Canvas',
  issuer: 'https://canvas.springfield.example',
  clientId: '10000000000001',
  deploymentIds: ['1:abc', '2:def'],
  authUrl: 'https://canvas.springfield.example/api/lti/authorize_redirect',
  tokenUrl: 'https://canvas.springfield.example/login/oauth2/token',
  jwksUrl: 'https://canvas.springfield.example/api/lti/security/jwks',
  status: 'active',
  registeredBy: 'admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...over,
});

const CANVAS = platform();
const MOODLE = platform({
  id: 'p2',
  name: 'Shelbyville Moodle',
  issuer: 'https://moodle.shelbyville.example',
  clientId: 'moodle-client',
  deploymentIds: ['7'],
  status: 'pending',
  registeredBy: 'dynamic',
});

/** The list answers `list()` (a function, so a test changes it); other calls go to `write`. */
function serve(
  list: () => LtiPlatform[],
  write?: (call: FetchCall) => Response | Promise<Response>,
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === LIST_URL) {
      const answer: LtiPlatformsAnswer = { platforms: list(), tool: TOOL };
      return fakeResponse(200, answer);
    }
    if (write) return write(call);
    return fakeResponse(500, { error: 'unexpected call' });
  });
}

function renderPage(isAdmin = true) {
  return renderApp(
    { route: '/lti-platforms', session: fakeSession({ isAdmin }) },
    <LtiPlatformsPage />,
  );
}

const table = () => screen.findByRole('region', { name: 'Registered LMS platforms' });
const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;

async function openRegister() {
  await userEvent.click((await screen.findAllByRole('button', { name: 'Register a platform' }))[0]);
  return screen.findByRole('dialog', { name: 'Register a platform' });
}

async function fillValid(dialog: HTMLElement) {
  const type = (label: string, text: string) =>
    userEvent.type(within(dialog).getByLabelText(label), text);
  await type('Name', 'Ogdenville Blackboard');
  await type('Issuer', 'https://blackboard.ogdenville.example');
  await type('Client ID', 'bb-client');
  await type('Deployment IDs', '  dep-1  {enter}{enter}dep-2{enter}   ');
  await type(
    'Authentication request URL',
    'https://developer.blackboard.com/api/v1/gateway/oidcauth',
  );
  await type('Access token URL', 'https://developer.blackboard.com/api/v1/gateway/oauth2/jwttoken');
  await type(
    'Keyset URL',
    'https://developer.blackboard.com/api/v1/management/applications/x/jwks.json',
  );
}

describe('/lti-platforms', () => {
  it('lists the registrations: name, issuer, client ID, deployments, status, registered by, updated', async () => {
    const { calls } = serve(() => [CANVAS, MOODLE]);
    renderPage();
    const region = await table();
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Issuer',
      'Client ID',
      'Deployments',
      'Status',
      'Registered by',
      'Updated',
      'Actions',
    ]);
    const canvas = await rowOf('Springfield Canvas');
    expect(canvas).toHaveTextContent('https://canvas.springfield.example');
    expect(canvas).toHaveTextContent('10000000000001');
    expect(within(canvas).getAllByRole('cell')[2]).toHaveTextContent(/^2$/);
    expect(within(canvas).getByText('Active')).toHaveClass('badge');
    expect(within(canvas).getByText('Admin')).toBeInTheDocument();
    expect(canvas.querySelector('time')).toHaveAttribute('dateTime', CANVAS.updatedAt);
    expect(within(canvas).queryByRole('button', { name: /^Activate/ })).toBeNull();
    expect(
      within(canvas).getByRole('button', { name: 'Disable platform Springfield Canvas' }),
    ).toBeInTheDocument();

    const moodle = await rowOf('Shelbyville Moodle');
    expect(within(moodle).getByText('Pending')).toHaveClass('badge');
    expect(
      within(moodle).getByText('Made by dynamic registration: check it and activate it'),
    ).toBeInTheDocument();
    expect(within(moodle).getByText('Dynamic registration')).toBeInTheDocument();
    expect(
      within(moodle).getByRole('button', { name: 'Activate platform Shelbyville Moodle' }),
    ).toBeInTheDocument();
    expect(
      within(canvas).getByRole('link', { name: 'Licences platform Springfield Canvas' }),
    ).toHaveAttribute('href', '/lti-licences?platformId=p1');
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
    expect(document.title).toBe('LMS Platforms | TestPrep');
  });

  it('shows the five tool values, read-only, each with a Copy button', async () => {
    serve(() => []);
    renderPage();
    const card = await screen.findByRole('region', { name: 'Tool details for your LMS' });
    const values: [string, string][] = [
      ['OIDC login initiation URL', TOOL.loginUrl],
      ['Redirect / launch URL', TOOL.launchUrl],
      ['Public keyset (JWKS) URL', TOOL.jwksUrl],
      ['Dynamic registration URL', TOOL.registrationUrl],
      ['Domain', TOOL.domain],
    ];
    for (const [label, value] of values) {
      const field = within(card).getByLabelText(label);
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
      expect(within(card).getByRole('button', { name: `Copy ${label}` })).toBeInTheDocument();
    }
  });

  describe('copy buttons', () => {
    let writeText: jest.Mock;
    beforeEach(() => {
      writeText = jest.fn(async () => undefined);
      Object.defineProperty(window.navigator, 'clipboard', {
        value: { writeText },
        configurable: true,
      });
    });
    afterEach(() => {
      Object.defineProperty(window.navigator, 'clipboard', {
        value: undefined,
        configurable: true,
      });
    });

    it("copies the value and says 'Copied' beside it", async () => {
      serve(() => []);
      renderPage();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Copy Redirect / launch URL' }),
      );
      expect(writeText).toHaveBeenCalledWith(TOOL.launchUrl);
      const field = screen.getByLabelText('Redirect / launch URL');
      expect(field).toHaveAccessibleDescription('Copied');
      expect(screen.getByText('Copied')).toHaveAttribute('role', 'status');
      // only the one copied says so
      expect(screen.getByLabelText('Domain')).not.toHaveAccessibleDescription('Copied');
    });

    it('when the clipboard refuses, selects the value and says how to copy it', async () => {
      writeText.mockRejectedValue(new Error('Write permission denied.'));
      serve(() => []);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Copy Domain' }));
      const field = screen.getByLabelText<HTMLInputElement>('Domain');
      await waitFor(() => expect(field).toHaveFocus());
      expect(field.selectionStart).toBe(0);
      expect(field.selectionEnd).toBe(TOOL.domain.length);
      expect(field).toHaveAccessibleDescription(/^Could not copy: .*press Ctrl\+C/);
    });

    it('works without a clipboard at all (an insecure page)', async () => {
      Object.defineProperty(window.navigator, 'clipboard', {
        value: undefined,
        configurable: true,
      });
      serve(() => []);
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Copy Domain' }));
      expect(await screen.findByText(/^Could not copy/)).toBeInTheDocument();
    });
  });

  it("shows 'No LMS registered yet.' with the Register button when there is none", async () => {
    serve(() => []);
    renderPage();
    expect(await screen.findByText('No LMS registered yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Register a platform' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Registered LMS platforms' })).toBeNull();
  });

  it('shows the loading state, then an error with Try Again, which reloads', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? fakeResponse(503, {
            error: 'Service Unavailable',
            code: 'SERVICE_UNAVAILABLE',
            message: 'The schools service is not available.',
          })
        : fakeResponse(200, { platforms: [CANVAS], tool: TOOL }),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading LMS platforms...');
    expect(await screen.findByText('Failed to load the LMS platforms.')).toBeInTheDocument();
    expect(screen.getByText('The schools service is not available.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await rowOf('Springfield Canvas')).toBeInTheDocument();
  });

  it('tells non-admins the page is for administrators and calls nothing', async () => {
    const { calls } = serve(() => [CANVAS]);
    renderPage(false);
    expect(screen.getByRole('alert')).toHaveTextContent(/only available to administrators/);
    expect(calls).toHaveLength(0);
  });

  describe('register and edit', () => {
    it('has labelled fields; Status starts at Active', async () => {
      serve(() => []);
      renderPage();
      const dialog = await openRegister();
      for (const label of [
        'Name',
        'Issuer',
        'Client ID',
        'Deployment IDs',
        'Authentication request URL',
        'Access token URL',
        'Keyset URL',
      ]) {
        expect(within(dialog).getByLabelText(label)).toHaveValue('');
      }
      expect(within(dialog).getByLabelText('Deployment IDs').tagName).toBe('TEXTAREA');
      expect(within(dialog).getByLabelText('Status')).toHaveValue('active');
      expect(
        within(within(dialog).getByLabelText('Status'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Active', 'Pending', 'Disabled']);
    });

    it('checks the fields with the server messages and sends nothing', async () => {
      const { calls } = serve(() => []);
      renderPage();
      const dialog = await openRegister();
      await userEvent.type(within(dialog).getByLabelText('Issuer'), 'canvas.example');
      await userEvent.type(within(dialog).getByLabelText('Deployment IDs'), '   {enter}  ');
      await userEvent.type(
        within(dialog).getByLabelText('Access token URL'),
        'https://u:p@x.example/t',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      const described = (label: string) =>
        expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(
          expect.stringContaining(
            {
              Name: LTI_MESSAGES.nameRequired,
              Issuer: LTI_MESSAGES.issuerInvalid,
              'Client ID': LTI_MESSAGES.clientIdRequired,
              'Deployment IDs': LTI_MESSAGES.deploymentsRequired,
              'Authentication request URL': LTI_MESSAGES.authUrlInvalid,
              'Access token URL': LTI_MESSAGES.tokenUrlInvalid,
              'Keyset URL': LTI_MESSAGES.jwksUrlInvalid,
            }[label]!,
          ),
        );
      for (const label of [
        'Name',
        'Issuer',
        'Client ID',
        'Deployment IDs',
        'Authentication request URL',
        'Access token URL',
        'Keyset URL',
      ]) {
        described(label);
      }
      expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText('Name')).toHaveFocus();
      expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    });

    it('says a name over the limit is too long', async () => {
      serve(() => []);
      renderPage();
      const dialog = await openRegister();
      const name = within(dialog).getByLabelText('Name');
      // the field's maxLength stops typing; a paste of a longer text is what the check is for
      name.removeAttribute('maxLength');
      await userEvent.type(name, 'x'.repeat(121));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(name).toHaveAccessibleDescription(expect.stringContaining(LTI_MESSAGES.nameTooLong));
    });

    it("registers a platform: trimmed deployment lines, 'Saving…' while pending, then the new row", async () => {
      let list: LtiPlatform[] = [];
      let answer!: () => void;
      const { calls } = serve(
        () => list,
        (call) =>
          new Promise<Response>((resolve) => {
            answer = () => {
              list = [platform({ id: 'n1', ...(call.body as object) })];
              resolve(fakeResponse(201, list[0]));
            };
          }),
      );
      renderPage();
      const dialog = await openRegister();
      await fillValid(dialog);
      await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'pending');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: LIST_URL,
        body: {
          name: 'Ogdenville Blackboard',
          issuer: 'https://blackboard.ogdenville.example',
          clientId: 'bb-client',
          deploymentIds: ['dep-1', 'dep-2'],
          authUrl: 'https://developer.blackboard.com/api/v1/gateway/oidcauth',
          tokenUrl: 'https://developer.blackboard.com/api/v1/gateway/oauth2/jwttoken',
          jwksUrl: 'https://developer.blackboard.com/api/v1/management/applications/x/jwks.json',
          status: 'pending',
        },
      });
      answer();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await rowOf('Ogdenville Blackboard')).toBeInTheDocument();
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
              issuer: [LTI_MESSAGES.issuerInvalid],
              'deploymentIds.1': [LTI_MESSAGES.deploymentInvalid],
            },
          }),
      );
      renderPage();
      const dialog = await openRegister();
      await fillValid(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(within(dialog).getByLabelText('Issuer')).toHaveAccessibleDescription(
          expect.stringContaining(LTI_MESSAGES.issuerInvalid),
        ),
      );
      expect(within(dialog).getByLabelText('Deployment IDs')).toHaveAccessibleDescription(
        expect.stringContaining(LTI_MESSAGES.deploymentInvalid),
      );
      expect(within(dialog).getByLabelText('Issuer')).toHaveFocus();
      expect(within(dialog).getByLabelText('Name')).toHaveValue('Ogdenville Blackboard');
      expect(within(dialog).getByLabelText('Issuer')).toHaveValue(
        'https://blackboard.ogdenville.example',
      );
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    });

    it('shows the 409 text in the form and keeps the input', async () => {
      serve(
        () => [CANVAS],
        () =>
          fakeResponse(409, {
            error: 'Conflict',
            code: 'LTI_PLATFORM_EXISTS',
            message: LTI_MESSAGES.duplicate,
          }),
      );
      renderPage();
      const dialog = await openRegister();
      await fillValid(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'A platform with this issuer and client ID is already registered.',
      );
      expect(within(dialog).getByLabelText('Client ID')).toHaveValue('bb-client');
      expect(within(dialog).getByLabelText('Deployment IDs')).toHaveValue(
        '  dep-1  \n\ndep-2\n   ',
      );
    });

    it('edits a platform with PUT, starting from its values (deployments one per line)', async () => {
      let list = [CANVAS];
      const { calls } = serve(
        () => list,
        (call) => {
          list = [{ ...CANVAS, ...(call.body as object) }];
          return fakeResponse(200, list[0]);
        },
      );
      renderPage();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Edit platform Springfield Canvas' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit platform' });
      expect(within(dialog).getByLabelText('Issuer')).toHaveValue(CANVAS.issuer);
      const deployments = within(dialog).getByLabelText('Deployment IDs');
      expect(deployments).toHaveValue('1:abc\n2:def');
      await userEvent.type(deployments, '{enter}3:ghi');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/admin/lti/platforms/p1',
        body: { name: CANVAS.name, deploymentIds: ['1:abc', '2:def', '3:ghi'], status: 'active' },
      });
      await waitFor(async () =>
        expect(within(await rowOf('Springfield Canvas')).getAllByRole('cell')[2]).toHaveTextContent(
          /^3$/,
        ),
      );
    });
  });

  it('Activate puts the platform back with status active and says so', async () => {
    let list = [MOODLE];
    const { calls } = serve(
      () => list,
      (call) => {
        list = [{ ...MOODLE, ...(call.body as object) }];
        return fakeResponse(200, list[0]);
      },
    );
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Activate platform Shelbyville Moodle' }),
    );
    expect(await screen.findByText('Shelbyville Moodle is now active.')).toBeInTheDocument();
    const { id: _id, registeredBy: _by, createdAt: _c, updatedAt: _u, ...input } = MOODLE;
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/admin/lti/platforms/p2',
      body: { ...input, status: 'active' },
    });
    const row = await rowOf('Shelbyville Moodle');
    await waitFor(() => expect(within(row).getByText('Active')).toHaveClass('badge'));
    expect(within(row).queryByText(/Made by dynamic registration/)).toBeNull();
  });

  it('Disable that fails says why and keeps the row as it was', async () => {
    serve(
      () => [CANVAS],
      () =>
        fakeResponse(404, {
          error: 'Not Found',
          code: 'LTI_PLATFORM_NOT_FOUND',
          message: LTI_MESSAGES.notFound,
        }),
    );
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Disable platform Springfield Canvas' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Could not change Springfield Canvas: ${LTI_MESSAGES.notFound}`,
    );
    expect(within(await rowOf('Springfield Canvas')).getByText('Active')).toBeInTheDocument();
  });

  describe('delete', () => {
    it('asks first, naming the platform; Cancel keeps it', async () => {
      const { calls } = serve(() => [CANVAS]);
      renderPage();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Delete platform Springfield Canvas' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Delete this platform?' });
      expect(dialog).toHaveTextContent(
        'Delete the registration of Springfield Canvas? Launches from it stop working.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    });

    it('deletes on confirm and the list shows the empty state', async () => {
      let list = [CANVAS];
      const { calls } = serve(
        () => list,
        () => {
          list = [];
          return fakeResponse(204);
        },
      );
      renderPage();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Delete platform Springfield Canvas' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Delete this platform?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/admin/lti/platforms/p1');
      expect(await screen.findByText('No LMS registered yet.')).toBeInTheDocument();
    });
  });
});
