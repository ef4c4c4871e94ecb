// An admin's Infinite QBank view mode (admin spec §6) and the generation counts, over the fake
// repositories.
import { type Actor, Events, QBANK_MESSAGES as M } from '@examprep/contracts';
import { FakeViewModesRepository } from '../../test/support/fake-view-modes.repository';
import {
  ADMIN,
  failure,
  openCatalog,
  openCourses,
  infiniteService as service,
} from '../../test/support/infinite-fixture';
import type { InfiniteService } from './infinite.service';

describe('InfiniteService: an admin’s view mode (admin spec §6)', () => {
  const OTHER_ADMIN: Actor = { ...ADMIN, uid: 'admin-2' };
  const LEARNER: Actor = { uid: 'l-4', email: 'n@x.test', isAdmin: false, emailVerified: true };
  const TEAS = openCatalog().find((c) => c.id === 'teas_math')!;
  const [CODE, OBJECTIVE] = Object.entries(TEAS.objectives)[0]!;
  const CLOSED = OBJECTIVE.topics[0]!.key;

  /** The open catalogue with one TEAS topic neither free nor available. */
  function withClosedTopic() {
    const courses = openCourses();
    const objective = courses.docs.get('teas_math')!.objectives.find((o) => o.code === CODE)!;
    Object.assign(
      objective.topics.find((t) => t.key === CLOSED)!,
      {
        free: false,
        available: false,
      },
    );
    return courses;
  }
  const teasTopics = async (sut: InfiniteService, actor: Actor | null) => {
    const { courses } = await sut.listCourses(actor);
    return (courses.find((c) => c.id === 'teas_math')?.objectives[CODE]?.topics ?? []).map(
      (t) => t.key,
    );
  };

  it('is admin until chosen, stored per admin', async () => {
    const viewModes = new FakeViewModesRepository();
    const sut = service(true, viewModes);
    expect(await sut.getViewMode(ADMIN)).toEqual({ mode: 'admin' });
    expect(await sut.setViewMode(ADMIN, { mode: 'learner' })).toEqual({ mode: 'learner' });
    expect(await sut.getViewMode(ADMIN)).toEqual({ mode: 'learner' });
    expect(await sut.getViewMode(OTHER_ADMIN)).toEqual({ mode: 'admin' });
    expect([...viewModes.modes]).toEqual([[ADMIN.uid, 'learner']]);
    await sut.onModuleDestroy();
  });

  it('learners and anonymous callers have none: 403, nothing read or stored', async () => {
    const viewModes = new FakeViewModesRepository();
    const sut = service(true, viewModes);
    for (const actor of [null, LEARNER]) {
      expect(await failure(sut.getViewMode(actor))).toMatchObject({
        status: 403,
        message: M.accessDenied,
      });
      expect(await failure(sut.setViewMode(actor, { mode: 'learner' }))).toMatchObject({
        status: 403,
        message: M.accessDenied,
      });
    }
    expect(viewModes.calls).toEqual([]);
    await sut.onModuleDestroy();
  });

  it('a mode that is neither admin nor learner: 400 naming the mode', async () => {
    const viewModes = new FakeViewModesRepository();
    const sut = service(true, viewModes);
    expect(await failure(sut.setViewMode(ADMIN, { mode: 'root' as never }))).toMatchObject({
      status: 400,
      fields: { mode: ['The view mode must be admin or learner.'] },
    });
    expect(viewModes.modes.size).toBe(0);
    await sut.onModuleDestroy();
  });

  it('the admin view lists every topic with a generator; the learner view what learners see', async () => {
    const viewModes = new FakeViewModesRepository();
    const sut = service(true, viewModes, withClosedTopic());
    expect(await teasTopics(sut, ADMIN)).toContain(CLOSED);
    expect((await sut.listCourses(ADMIN)).viewMode).toBe('admin');
    await sut.setViewMode(ADMIN, { mode: 'learner' });
    expect(await teasTopics(sut, ADMIN)).not.toContain(CLOSED);
    expect(await teasTopics(sut, ADMIN)).toEqual(await teasTopics(sut, LEARNER));
    expect((await sut.listCourses(ADMIN)).viewMode).toBe('learner');
    expect((await sut.listCourses(LEARNER)).viewMode).toBeNull();
    expect(await teasTopics(sut, OTHER_ADMIN)).toContain(CLOSED);
    // a closed topic cannot be drawn in the learner view
    expect(
      await failure(
        sut.generateBatch(ADMIN, { course: 'teas_math', objective: CODE, topic: CLOSED }),
      ),
    ).toMatchObject({ status: 403, message: M.topicUnavailable });
    await sut.onModuleDestroy();
  });

  it('an admin in the learner view gets the pump preview, and the catalog is not asked', async () => {
    const viewModes = new FakeViewModesRepository();
    viewModes.modes.set(ADMIN.uid, 'learner');
    const sut = service(true, viewModes);
    const { courses } = await sut.listCourses(ADMIN);
    const pumps = courses.find((c) => c.id === 'med_dosage')?.objectives['8']?.topics ?? [];
    expect(pumps.map((t) => t.key)).toEqual([
      'md_pump_rate_single',
      'md_pump_vtbi_single',
      'md_pump_time_single',
    ]);
    expect(sut.peers.simulationsAccess).not.toHaveBeenCalled();
    await sut.onModuleDestroy();
  });
});

describe('InfiniteService: generation counts (one qbank.generated fact per user and flush)', () => {
  it('sums a user’s batches and publishes the count once; anonymous batches are not counted', async () => {
    const sut = service();
    const teas = openCatalog().find((c) => c.id === 'teas_math')!;
    const objective = Object.keys(teas.objectives)[0]!;
    await sut.generateBatch(ADMIN, { course: 'teas_math', objective, count: 2 });
    await sut.generateBatch(ADMIN, { course: 'teas_math', objective, count: 3 });
    await sut.generateBatch(null, { course: 'teas_math', objective, count: 4 });
    await sut.onModuleDestroy();
    expect(sut.publish).toHaveBeenCalledTimes(1);
    expect(sut.publish).toHaveBeenCalledWith(
      Events.qbankGenerated,
      expect.objectContaining({ uid: ADMIN.uid, count: 5 }),
      expect.stringMatching(/^qbank-generated:/),
    );
  });
});
