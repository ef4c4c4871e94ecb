import {
  type Actor,
  IDENTITY_CODES,
  IDENTITY_MESSAGES,
  readUserChangedNotice,
} from '@examprep/contracts';
import { type JetStreamBus, refusalOf, rootLogger } from '@examprep/nest-kit';
import { FakePurchaseViewsRepository } from '../../test/support/fake-purchase-views.repository';
import { FakeSettingsRepository } from '../../test/support/fake-settings.repository';
import { FakeDirectoryRepository } from '../../test/support/fake-directory.repository';
import { FakeUsersRepository } from '../../test/support/fake-users.repository';
import type { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import type { AccountMailService } from '../mail/account-mail.service';
import { SettingsService } from '../settings/settings.service';
import type { PurchaseView } from './purchase-views.repository';
import type { UserRecord } from './user.schema';
import { type NewUser } from './users.repository';
import { UserDirectory } from '../directory/user-directory.service';
import { UsersService } from './users.service';

const LEARNER: Actor = { uid: 'u1', email: 'l@x.test', isAdmin: false, emailVerified: true };
const ADMIN: Actor = { uid: 'a1', email: 'a@x.test', isAdmin: true, emailVerified: true };

function setup(
  data: {
    docs?: Partial<UserRecord>[];
    views?: PurchaseView[];
    users?: FakeUsersRepository;
    signup?: boolean;
    accounts?: { id: string; email: string }[];
  } = {},
) {
  const users = data.users ?? new FakeUsersRepository(data.docs);
  const purchaseViews = new FakePurchaseViewsRepository(data.views);
  const settings = new FakeSettingsRepository(
    data.signup === false ? [{ _id: 'signup', allowSignup: false }] : [],
  );
  const keycloak = {
    findUser: jest.fn(async (id: string) => (data.accounts ?? []).find((a) => a.id === id) ?? null),
  };
  const directoryRepo = new FakeDirectoryRepository();
  const directory = new UserDirectory(
    directoryRepo,
    users,
    purchaseViews,
    keycloak as unknown as KeycloakAdminClient,
  );
  const mail = { sendVerification: jest.fn(async (_uid: string) => undefined) };
  const publish = jest.fn();
  const sut = new UsersService(
    users,
    new SettingsService(settings, {} as KeycloakAdminClient),
    keycloak as unknown as KeycloakAdminClient,
    mail as unknown as AccountMailService,
    { connection: { publish } } as unknown as JetStreamBus,
    purchaseViews,
    directory,
  );
  /** The notices sent so far (notify reads in the background: its reads settle first). */
  const notices = async (): Promise<{ subject: string; notice: unknown }[]> => {
    await new Promise((r) => setImmediate(r));
    return publish.mock.calls.map(([subject, data]: [string, Uint8Array]) => ({
      subject,
      notice: JSON.parse(new TextDecoder().decode(data)),
    }));
  };
  /** The uids whose streams were told their document changed. */
  const notified = async () => (await notices()).map(({ subject }) => subject.split('.').pop());
  return { sut, users, purchaseViews, mail, notified, notices, directoryRepo };
}

describe('UsersService.me: purchases from the ledger read model', () => {
  it("shows the ledger view's held products over the document's legacy values", async () => {
    const { sut, purchaseViews } = setup({
      docs: [
        { _id: 'u1', email: 'l@x.test', purchases: { teas_math_workbook: 'true', old: true } },
      ],
      views: [{ uid: 'u1', purchases: { old: false, teas_math_qbank: true }, version: 3 }],
    });
    const find = jest.spyOn(purchaseViews, 'find');
    const me = await sut.me(LEARNER);
    expect(me.purchases).toEqual({ teas_math_workbook: true, teas_math_qbank: true });
    expect(me.hasDocument).toBe(true);
    expect(find).toHaveBeenCalledWith('u1');
  });

  it('shows what the ledger granted before the user document exists', async () => {
    const { sut } = setup({
      views: [{ uid: 'u1', purchases: { med_dosage_qbank: true }, version: 1 }],
    });
    expect(await sut.me(LEARNER)).toMatchObject({
      hasDocument: false,
      purchases: { med_dosage_qbank: true },
    });
  });

  it('without a view: the held legacy values', async () => {
    const { sut } = setup({
      docs: [{ _id: 'u1', email: 'l@x.test', purchases: { a: 1, b: 'no' } }],
    });
    expect((await sut.me(LEARNER)).purchases).toEqual({ a: true });
  });

  it('defaults while the document does not exist: math dashboard, nothing owned', async () => {
    const { sut } = setup();
    expect(await sut.me({ ...LEARNER, emailVerified: false })).toEqual({
      uid: 'u1',
      email: 'l@x.test',
      isAdmin: false,
      emailVerified: false,
      defaultDashboard: 'math',
      purchases: {},
      hasDocument: false,
    });
  });
});

describe('UsersService.createUser', () => {
  it("creates the learner's own document, tells their streams and sends the verification mail", async () => {
    const { sut, users, mail, notified } = setup();
    const doc = await sut.createUser({ ...LEARNER, emailVerified: false }, {});
    expect(doc).toMatchObject({ uid: 'u1', email: 'l@x.test', purchases: {} });
    expect(users.docs.get('u1')).toMatchObject({ email: 'l@x.test', purchases: {} });
    expect(await notified()).toEqual(['u1']);
    expect(mail.sendVerification).toHaveBeenCalledWith('u1');
  });

  it('sends no verification mail to a verified learner; asking again answers the same document', async () => {
    const { sut, mail, notified } = setup();
    const first = await sut.createUser(LEARNER, {});
    await expect(sut.createUser(LEARNER, {})).resolves.toEqual(first);
    expect(mail.sendVerification).not.toHaveBeenCalled();
    expect(await notified()).toEqual(['u1']);
  });

  it(`refuses a learner while sign-ups are closed: '${IDENTITY_MESSAGES.signupsDisabled}'`, async () => {
    const { sut, users } = setup({ signup: false });
    expect(await refusalOf(sut.createUser(LEARNER, {}))).toMatchObject({
      status: 403,
      message: IDENTITY_MESSAGES.signupsDisabled,
    });
    expect(users.docs.size).toBe(0);
  });

  it("an admin creates the missing document of a Keycloak user with that account's email", async () => {
    const { sut, users } = setup({ accounts: [{ id: 'u2', email: ' Other@X.test ' }] });
    await expect(sut.createUser(ADMIN, { uid: 'u2' })).resolves.toMatchObject({
      uid: 'u2',
      email: 'other@x.test',
    });
    expect(users.docs.has('u2')).toBe(true);
    expect(await refusalOf(sut.createUser(ADMIN, { uid: 'u3' }))).toMatchObject({
      status: 404,
      code: IDENTITY_CODES.NOT_IN_IDENTITY_PROVIDER,
    });
  });

  it(`refuses an email another user has: 409 '${IDENTITY_MESSAGES.emailAlreadyExists}'`, async () => {
    const { sut, users } = setup({ docs: [{ _id: 'other', email: 'l@x.test' }] });
    expect(await refusalOf(sut.createUser(LEARNER, {}))).toEqual({
      status: 409,
      code: IDENTITY_CODES.EMAIL_ALREADY_EXISTS,
      message: IDENTITY_MESSAGES.emailAlreadyExists,
    });
    expect(users.docs.has('u1')).toBe(false);
  });
});

describe('UsersService.createUser: two calls racing', () => {
  /**
   * The pre-check finds nothing; the other call's document lands just before this call's
   * insert, which then loses on the unique `_id` (or email).
   */
  function racing(other: Partial<UserRecord>) {
    class RacingUsers extends FakeUsersRepository {
      override async insert(uid: string, user: NewUser) {
        this.put(other);
        return super.insert(uid, user);
      }
    }
    return setup({ users: new RacingUsers(), accounts: [{ id: 'u1', email: 'l@x.test' }] });
  }

  it('answers the learner with the document the other call made (asking again is harmless)', async () => {
    const { sut } = racing({ _id: 'u1', email: 'l@x.test', purchases: {} });
    await expect(sut.createUser(LEARNER, {})).resolves.toMatchObject({ email: 'l@x.test' });
  });

  it('answers an admin 409 as when the document existed before (never a 500)', async () => {
    const { sut } = racing({ _id: 'u1', email: 'l@x.test', purchases: {} });
    expect(await refusalOf(sut.createUser(ADMIN, { uid: 'u1' }))).toMatchObject({
      status: 409,
      code: 'USER_DOCUMENT_EXISTS',
    });
  });

  it('another account that took the email at the same moment: 409 EMAIL_ALREADY_EXISTS', async () => {
    const { sut } = racing({ _id: 'other', email: 'l@x.test', purchases: {} });
    expect(await refusalOf(sut.createUser(LEARNER, {}))).toMatchObject({
      status: 409,
      code: IDENTITY_CODES.EMAIL_ALREADY_EXISTS,
    });
  });
});

describe('UsersService.updateDefaultDashboard', () => {
  it("sets the dashboard of the user's document and tells their streams", async () => {
    const { sut, users, notified } = setup({
      docs: [{ _id: 'u1', email: 'l@x.test', defaultDashboard: 'math' }],
    });
    await expect(
      sut.updateDefaultDashboard(LEARNER, { defaultDashboard: 'design' }),
    ).resolves.toMatchObject({ defaultDashboard: 'design', hasDocument: true });
    expect(users.docs.get('u1')?.defaultDashboard).toBe('design');
    expect(await notified()).toEqual(['u1']);
  });

  it('creates the document when it is missing', async () => {
    const { sut, users } = setup();
    await expect(
      sut.updateDefaultDashboard(LEARNER, { defaultDashboard: 'design' }),
    ).resolves.toMatchObject({ defaultDashboard: 'design', hasDocument: true });
    expect(users.docs.get('u1')).toMatchObject({
      email: 'l@x.test',
      purchases: {},
      defaultDashboard: 'design',
    });
  });

  it('refuses to create it with an email another user has (409), and tells nobody', async () => {
    const { sut, users, notified } = setup({ docs: [{ _id: 'other', email: 'l@x.test' }] });
    expect(
      await refusalOf(sut.updateDefaultDashboard(LEARNER, { defaultDashboard: 'design' })),
    ).toMatchObject({ status: 409, code: IDENTITY_CODES.EMAIL_ALREADY_EXISTS });
    expect(users.docs.has('u1')).toBe(false);
    expect(await notified()).toEqual([]);
  });
});

describe('UsersService.notify: the userChanged notice carries what changed', () => {
  const updatedAt = new Date('2026-11-27T01:00:00.000Z');

  it('both parts as read, each with its ordering key; revoked products stay named', async () => {
    const { sut, notices } = setup({
      docs: [
        {
          _id: 'u1',
          email: 'l@x.test',
          defaultDashboard: 'design',
          purchases: { teas_math_workbook: 'true', old: 1, gone: 'no' },
          updatedAt,
        },
      ],
      views: [{ uid: 'u1', purchases: { old: false, teas_math_qbank: true }, version: 3 }],
    });
    sut.notify('u1');
    expect(await notices()).toEqual([
      {
        subject: 'identity.userChanged.u1',
        notice: {
          uid: 'u1',
          document: {
            defaultDashboard: 'design',
            purchases: { teas_math_workbook: true, old: true },
            updatedAt: '2026-11-27T01:00:00.000Z',
          },
          ledger: { purchases: { old: false, teas_math_qbank: true }, version: 3 },
        },
      },
    ]);
  });

  it('no document and no purchase view: both parts null (a document never written: the epoch)', async () => {
    const { sut, notices } = setup({ docs: [{ _id: 'u2', email: 'o@x.test' }] });
    sut.notify('u1');
    sut.notify('u2');
    const [none, unwritten] = await notices();
    expect(none?.notice).toEqual({ uid: 'u1', document: null, ledger: null });
    expect(unwritten?.notice).toMatchObject({
      document: { defaultDashboard: 'math', purchases: {}, updatedAt: new Date(0).toISOString() },
    });
  });

  it('a change of the dashboard is told with the new dashboard and a later updatedAt', async () => {
    const { sut, notices } = setup({
      docs: [{ _id: 'u1', email: 'l@x.test', defaultDashboard: 'math', updatedAt }],
    });
    await sut.updateDefaultDashboard(LEARNER, { defaultDashboard: 'design' });
    const [sent] = await notices();
    const notice = readUserChangedNotice(sent?.notice);
    expect(notice?.document?.defaultDashboard).toBe('design');
    expect(Date.parse(notice!.document!.updatedAt)).toBeGreaterThan(updatedAt.getTime());
  });

  it('a read that fails publishes nothing and is logged (never a crash)', async () => {
    class FailingUsers extends FakeUsersRepository {
      override async findById(): Promise<UserRecord | null> {
        throw new Error('store down');
      }
    }
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    try {
      const { sut, notices } = setup({ users: new FailingUsers() });
      sut.notify('u1');
      expect(await notices()).toEqual([]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ uid: 'u1' }),
        'userChanged notice not sent: the user could not be read',
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe('UsersService.ensureDocument: the document of a school account (ADR 0040)', () => {
  const VERIFIED = { email: 'ann@school.test', emailVerified: true };

  it('inserts the document even with sign-ups off (a launch is not a sign-up), and tells the streams', async () => {
    const { sut, users, notified, directoryRepo } = setup({ signup: false });
    await sut.ensureDocument('s1', VERIFIED, 'lti-x@lti.invalid');
    expect(users.docs.get('s1')).toMatchObject({ email: 'ann@school.test', purchases: {} });
    expect(await notified()).toEqual(['s1']);
    expect(directoryRepo.entries.get('s1')).toMatchObject({ inAuth: true });
  });

  it('leaves a document that exists as it is, and tells no one', async () => {
    const { sut, users, notified } = setup({
      docs: [{ _id: 's1', email: 'old@school.test', purchases: { p: true } }],
    });
    await sut.ensureDocument('s1', VERIFIED, 'lti-x@lti.invalid');
    expect(users.docs.get('s1')).toMatchObject({
      email: 'old@school.test',
      purchases: { p: true },
    });
    expect(await notified()).toEqual([]);
  });

  it('gives an account without an email, or with one another document has, the fallback email', async () => {
    const { sut, users } = setup({ docs: [{ _id: 'other', email: 'ann@school.test' }] });
    await sut.ensureDocument('s1', { email: '', emailVerified: true }, 'lti-1@lti.invalid');
    await sut.ensureDocument('s2', VERIFIED, 'lti-2@lti.invalid');
    expect(users.docs.get('s1')?.email).toBe('lti-1@lti.invalid');
    expect(users.docs.get('s2')?.email).toBe('lti-2@lti.invalid');
    expect(users.docs.get('other')?.email).toBe('ann@school.test');
  });

  it('answers quietly when a racing launch inserted the document first', async () => {
    const users = new FakeUsersRepository();
    const { sut } = setup({ users });
    jest.spyOn(users, 'insert').mockImplementationOnce(async (uid) => {
      users.put({ _id: uid, email: 'ann@school.test' });
      return null;
    });
    await expect(sut.ensureDocument('s1', VERIFIED, 'lti-x@lti.invalid')).resolves.toBeUndefined();
    expect(users.docs.get('s1')?.email).toBe('ann@school.test');
  });
});
