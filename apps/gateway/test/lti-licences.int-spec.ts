// Seat licences through the gateway against the real test system and the LMS stand-in (issue 30,
// ADR 0040): a school's licence of one seat; the first learner launching from the school takes
// it and holds the product (entitlement source `licence`, the catalog's consumer of the seat
// fact); the second finds the licence full; an admin cannot shrink it below the seat taken, frees
// the seat (the product is taken back), and the second learner's next launch takes it; an
// instructor launching takes none; another school's learner takes none of this one's.
import { waitFor } from '@examprep/test-kit';
import { call } from './support/api';
import { idToken, LEE, probe, type Registered, register, uidOfLaunch } from './support/lti';
import { systemCtl } from './support/system';

const LARA = 'lms-user-learner-2';
const INSTRUCTOR = 'lms-user-instructor-1';
const PRODUCT = 'teas_math_qbank';
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const platforms: Registered[] = [];
let school: Registered;
let licenceId = '';

/** A launch of `sub` from `p`, the uid it signs in. */
async function launchAs(p: Registered, sub: string): Promise<string> {
  return uidOfLaunch(await probe(p, (nonce) => idToken(p, nonce, { sub })));
}

async function holds(uid: string): Promise<{ held: boolean; sources: string[] }> {
  const res = await call('GET', `/api/admin/user-purchases?uid=${uid}`, { who: 'admin' });
  expect(res.status).toBe(200);
  const body = res.body as {
    purchases: Record<string, unknown>;
    history: { productId: string; source: string }[];
  };
  return {
    held: body.purchases[PRODUCT] === true,
    sources: body.history.filter((h) => h.productId === PRODUCT).map((h) => h.source),
  };
}

const heldBy = (uid: string, held: boolean) =>
  waitFor(async () => (await holds(uid)).held === held, {
    timeoutMs: 20_000,
    description: `${uid} ${held ? 'holds' : 'no longer holds'} ${PRODUCT}`,
  });

beforeAll(async () => {
  systemCtl('start', ['identity', 'catalog', 'testing', 'schools', 'gateway']);
  school = await register('licence-school');
  platforms.push(school);
  const made = await call('POST', '/api/admin/lti/licences', {
    who: 'admin',
    body: {
      platformId: school.platformId,
      name: 'Spring cohort',
      productIds: [PRODUCT],
      seats: 1,
      startsOn: day(-1),
      endsOn: day(30),
    },
  });
  expect(made.status).toBe(201);
  licenceId = (made.body as { id: string }).id;
}, 120_000);

afterAll(async () => {
  for (const p of platforms) {
    await call('DELETE', `/api/admin/lti/platforms/${p.platformId}`, { who: 'admin' });
  }
});

describe('a school licence', () => {
  let lee = '';
  let lara = '';

  it('gives its seat to the first learner who launches: the product is theirs (source licence)', async () => {
    lee = await launchAs(school, LEE);
    await heldBy(lee, true);
    expect((await holds(lee)).sources).toContain('licence');
    const list = await call('GET', `/api/admin/lti/licences?platformId=${school.platformId}`, {
      who: 'admin',
    });
    expect(list.body).toMatchObject({
      licences: [{ id: licenceId, seats: 1, seatsUsed: 1, status: 'active' }],
    });
    const seats = await call('GET', `/api/admin/lti/licences/${licenceId}/seats`, { who: 'admin' });
    expect((seats.body as { seats: { uid: string }[] }).seats.map((s) => s.uid)).toEqual([lee]);
  });

  it('is full for the second learner; an instructor takes no seat', async () => {
    lara = await launchAs(school, LARA);
    const teacher = await launchAs(school, INSTRUCTOR);
    // the seat facts are published at once: give the catalog a moment, then look
    await new Promise((r) => setTimeout(r, 1500));
    expect((await holds(lara)).held).toBe(false);
    expect((await holds(teacher)).held).toBe(false);
  });

  it('cannot shrink below the seats taken', async () => {
    const res = await call('PUT', `/api/admin/lti/licences/${licenceId}`, {
      who: 'admin',
      body: {
        platformId: school.platformId,
        name: 'Spring cohort',
        productIds: [PRODUCT],
        seats: 0,
        startsOn: day(-1),
        endsOn: day(30),
      },
    });
    expect(res.status).toBe(400);
  });

  it('frees a seat on the admin’s word: the product is taken back, the next launch takes the seat', async () => {
    const freed = await call('DELETE', `/api/admin/lti/licences/${licenceId}/seats/${lee}`, {
      who: 'admin',
    });
    expect(freed.status).toBe(204);
    await heldBy(lee, false);
    expect(await launchAs(school, LARA)).toBe(lara);
    await heldBy(lara, true);
  });

  it('is not taken by another school’s learner', async () => {
    const other = await register('licence-other');
    platforms.push(other);
    // the same LMS user id at another school is another account, with no seat here
    const stranger = await launchAs(other, LEE);
    expect(stranger).not.toBe(lee);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await holds(stranger)).held).toBe(false);
  });
});
