// The realm's brute-force policy against the real Keycloak (issue #3): 30 wrong passwords in a
// row lock the account (failureFactor 30); fewer do not. Attempts are spaced just over the
// realm's quick-login window (quickLoginCheckMilliSeconds), so the count of 30 holds whatever
// the quick-login pause is (0 s since issue 8, ADR 0014) and each failure is recorded before
// the next check (Keycloak records them on a background pool).
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
  passwordGrant,
  readRealmJson,
  realmFiles,
} from '@examprep/test-kit';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakInternalUrl}/admin/realms/${cfg.realm}`;
const realm = readRealmJson(realmFiles().realm) as unknown as {
  failureFactor: number;
  quickLoginCheckMilliSeconds: number;
  minimumQuickLoginWaitSeconds: number;
  bruteForceProtected: boolean;
};
const PASSWORD = 'right-pass-1';
let adminToken = '';
let userId = '';
const email = `lockout-${Date.now()}@examprep.test`;

async function admin(path: string, init: RequestInit = {}) {
  return fetch(`${kcAdmin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
  });
}

async function lockStatus(): Promise<{ disabled: boolean; numFailures: number }> {
  const res = await admin(`/attack-detection/brute-force/users/${userId}`);
  return (await res.json()) as { disabled: boolean; numFailures: number };
}

beforeAll(async () => {
  adminToken = (await getClientToken(identityServiceClient())).access_token;
  userId = await createRealmUser({ email, password: PASSWORD });
});

afterAll(async () => {
  if (!userId) return;
  await admin(`/attack-detection/brute-force/users/${userId}`, { method: 'DELETE' });
  await admin(`/users/${userId}`, { method: 'DELETE' });
});

it('the realm asks for a lock after 30 failures', () => {
  expect(realm.bruteForceProtected).toBe(true);
  expect(realm.failureFactor).toBe(30);
});

it(
  '29 wrong passwords leave the account usable; the 30th locks it, even for the right password',
  async () => {
    const spacing = realm.quickLoginCheckMilliSeconds + 100;
    for (let i = 1; i <= realm.failureFactor; i++) {
      const wrong = await passwordGrant({ username: email, password: `wrong-${i}` });
      expect(wrong.status).toBe(401);
      const status = await lockStatus();
      expect(status.numFailures).toBe(i);
      expect(status.disabled).toBe(i >= realm.failureFactor);
      if (i < realm.failureFactor) await new Promise((r) => setTimeout(r, spacing));
    }
    // Locked: the right password is refused too, with Keycloak's generic answer.
    const right = await passwordGrant({ username: email, password: PASSWORD });
    expect(right.status).not.toBe(200);
    expect(right.body.access_token).toBeUndefined();
  },
  realm.failureFactor * (realm.quickLoginCheckMilliSeconds + 400) + 10_000,
);

// Issue 8 item 4: a double submit or a quick retry is two failures well under a second apart.
// Keycloak's quick-login rule (failures closer than quickLoginCheckMilliSeconds pause the account
// for minimumQuickLoginWaitSeconds) must leave them alone. Keycloak 26 records failures on a
// background pool, so requests 200 ms apart may be recorded 0-120 ms apart (measured): only a
// pause of 0 s is safe for a person; the 30-failure lock above slows guessing (ADR 0014).
describe('quick failures of a person (ADR 0014)', () => {
  const quickEmail = `quick-${Date.now()}@examprep.test`;
  let quickId = '';

  beforeAll(async () => {
    quickId = await createRealmUser({ email: quickEmail, password: PASSWORD });
  });

  afterAll(async () => {
    if (!quickId) return;
    await admin(`/attack-detection/brute-force/users/${quickId}`, { method: 'DELETE' });
    await admin(`/users/${quickId}`, { method: 'DELETE' });
  });

  it('does not pause the account for failures in quick succession', () => {
    expect(realm.minimumQuickLoginWaitSeconds).toBe(0);
  });

  it.each([0, 200, 400])(
    'two wrong passwords %i ms apart leave the account usable: the right one signs in at once',
    async (gapMs) => {
      for (const wrong of ['wrong-a', 'wrong-b']) {
        const started = Date.now();
        const r = await passwordGrant({ username: quickEmail, password: `${wrong}-${gapMs}` });
        expect(r.status).toBe(401);
        expect(r.body.error).toBe('invalid_grant');
        if (wrong === 'wrong-a') {
          await new Promise((done) =>
            setTimeout(done, Math.max(0, gapMs - (Date.now() - started))),
          );
        }
      }
      const res = await admin(`/attack-detection/brute-force/users/${quickId}`);
      expect((await res.json()) as { disabled: boolean }).toMatchObject({ disabled: false });
      const right = await passwordGrant({ username: quickEmail, password: PASSWORD });
      expect(right.status).toBe(200);
      expect(typeof right.body.access_token).toBe('string');
    },
  );
});
