import { expect, test } from '@playwright/test';
import { infraConfig, seededUsers } from '@examprep/test-kit';
import { shot } from './support/auth';
import { apiCall } from './support/learners';
import {
  launchUrl,
  LMS_MEMBERS,
  LMS_URL,
  placeLink,
  type RegisteredLms,
  registerLms,
  unregisterLms,
} from './support/lms';
import { overflowsSideways, seriousViolations } from './support/phone';

// Issue 30: a school's LMS (the local stand-in, tools/lms) launches the tool. The learner is
// signed in through Keycloak's identity provider `lti` (no password, no sign-up) and lands on
// the linked resource; another member launching in the same browser becomes that member; a
// launch from a registration an admin disabled is refused with a page saying what to do; the
// LMS's dynamic registration makes a registration that waits for an admin.

const WEB_URL = infraConfig(process.env.EXAMPREP_E2E_PROFILE === 'dev' ? 'dev' : 'test').webUrl;

let lms: RegisteredLms | undefined;
test.afterEach(async () => {
  await unregisterLms(lms);
  lms = undefined;
});

test('an LMS launch signs the learner in and opens the linked pump simulator; another member replaces them', async ({
  page,
}) => {
  lms = await registerLms('launch');
  const link = await placeLink(lms, 'IV pump practice', { examprep_kind: 'pump' });

  const started = Date.now();
  await page.goto(await launchUrl(LMS_MEMBERS.lee.sub, link));
  await expect(page.getByRole('heading', { name: 'Pump Simulator', level: 1 })).toBeVisible();
  const interactive = Date.now() - started;
  // issue 30's budget is 1.5 s p95 on a quiet machine (tools/bench/lti-launch.mjs measures it);
  // a shared CI machine gets room, a broken flow (a wait on a timeout) does not
  expect(interactive, 'launch to an interactive page (ms)').toBeLessThan(6000);
  await expect(page).toHaveURL(/\/simulations$/);
  // the LMS's user, by its email claim, with no password of ours
  await expect(page.locator('#user-menu')).toHaveText(/^(Lee Learner|lee\.learner@school\.test)$/);
  await shot(page, 'lti-launch-learner.png');

  // Lara launches in the same browser: Lee's session is not reused (prompt=login)
  await page.goto(await launchUrl(LMS_MEMBERS.lara.sub, link));
  await expect(page.getByRole('heading', { name: 'Pump Simulator', level: 1 })).toBeVisible();
  await expect(page.locator('#user-menu')).toHaveText(
    /^(Lara Learner|lara\.learner@school\.test)$/,
  );

  // at phone width, by keyboard, axe clean
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a launch from a registration the admin disabled is refused with a page that says what to do', async ({
  page,
}) => {
  lms = await registerLms('disabled');
  const link = await placeLink(lms, 'Pump practice', { examprep_kind: 'pump' });
  const url = await launchUrl(LMS_MEMBERS.lee.sub, link);
  const platform = {
    name: 'Disabled stand-in',
    issuer: lms.issuer,
    clientId: lms.clientId,
    deploymentIds: [lms.deploymentId],
    authUrl: `${lms.issuer}/auth`,
    tokenUrl: `${lms.issuer}/token`,
    jwksUrl: `${lms.issuer}/.well-known/jwks.json`,
    status: 'disabled',
  };
  const res = await apiCall(
    seededUsers.admin,
    'PUT',
    `/api/admin/lti/platforms/${lms.platformId}`,
    platform,
  );
  expect(res.status).toBe(200);

  const answer = await page.goto(url);
  expect(answer?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'This launch cannot start' })).toBeVisible();
  await expect(
    page.getByText(
      'This LMS registration is not active yet. Ask your site administrator to activate it.',
    ),
  ).toBeVisible();
  await shot(page, 'lti-launch-refused.png');
});

test('LTI Dynamic Registration from the LMS makes a pending registration an admin activates', async ({
  page,
}) => {
  const before = Date.now();
  await page.goto(`${LMS_URL}/tools/register`);
  await page.getByLabel('Tool registration URL').fill(`${WEB_URL}/api/lti/register`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByRole('heading', { name: /^ExamPrep is registered with examprep-lms-standin/ }),
  ).toBeVisible();
  await shot(page, 'lti-dynamic-registration.png');

  const res = await apiCall(seededUsers.admin, 'GET', '/api/admin/lti/platforms');
  const { platforms } = (await res.json()) as {
    platforms: {
      id: string;
      issuer: string;
      status: string;
      registeredBy: string;
      createdAt: string;
    }[];
  };
  const made = platforms.filter(
    (p) => p.registeredBy === 'dynamic' && Date.parse(p.createdAt) >= before - 1000,
  );
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ issuer: LMS_URL, status: 'pending' });
  lms = { platformId: made[0]!.id, clientId: '', deploymentId: '', issuer: LMS_URL };
});
