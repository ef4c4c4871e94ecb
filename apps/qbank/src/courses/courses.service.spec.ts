import { type Actor, QBANK_MESSAGES as M } from '@examprep/contracts';
import { COURSE_DEFINITIONS } from '@examprep/generators';
import { ServiceError } from '@examprep/nest-kit';
import { FakeCoursesRepository } from '../../test/support/fake-courses.repository';
import { CoursesService, toCourse } from './courses.service';

describe('toCourse', () => {
  it('sorts objectives numerically and derives hasGenerator from the registry', () => {
    const course = toCourse({
      _id: 'teas_math',
      name: 'TEAS Math',
      objectives: [
        { code: '10', name: 'Ten', section: 'S', topics: [] },
        {
          code: '2',
          name: 'Two',
          section: 'S',
          topics: [{ key: 'teas_percents', name: 'P', free: true, available: true }],
        },
        {
          code: '1',
          name: 'One',
          section: 'S',
          topics: [{ key: 'no_such_topic', name: 'X', free: true, available: false }],
        },
      ],
    });
    expect(Object.keys(course.objectives)).toEqual(['1', '2', '10']);
    expect(course.objectives['2'].topics[0]).toEqual({
      key: 'teas_percents',
      name: 'P',
      hasGenerator: true,
      free: true,
      available: true,
    });
    expect(course.objectives['1'].topics[0].hasGenerator).toBe(false);
  });
});

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };
const LEARNER: Actor = { ...ADMIN, uid: 'l-1', isAdmin: false };
const TEAS = COURSE_DEFINITIONS.find((c) => c.id === 'teas_math')!;
const OBJECTIVE = TEAS.objectives[0]!;
const TOPIC = OBJECTIVE.topics[0]!;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => {
      if (e instanceof ServiceError) return e.payload;
      throw e;
    },
  );

/** The service over a repository that already holds the registry's catalogue. */
async function synced() {
  const repo = new FakeCoursesRepository();
  const sut = new CoursesService(repo);
  await sut.onApplicationBootstrap();
  return { repo, sut };
}

describe('CoursesService.onApplicationBootstrap: the registry in the catalogue', () => {
  it('an empty store gets every course, objective and topic, neither free nor available', async () => {
    const { repo } = await synced();
    expect([...repo.docs.keys()].sort()).toEqual(COURSE_DEFINITIONS.map((c) => c.id).sort());
    for (const def of COURSE_DEFINITIONS) {
      const doc = repo.docs.get(def.id)!;
      expect(doc).toMatchObject({ name: def.name, revision: 0 });
      expect(doc.objectives.map((o) => o.code)).toEqual(def.objectives.map((o) => o.code));
      for (const o of doc.objectives)
        for (const t of o.topics) expect(t).toMatchObject({ free: false, available: false });
    }
  });

  it('keeps stored flags and admin-made entries; adds what is new; a store in sync is not written', async () => {
    const { repo } = await synced();
    const teas = repo.docs.get('teas_math')!;
    teas.objectives[0]!.topics[0]!.free = true;
    const added = teas.objectives.pop()!; // an objective the registry added since
    teas.objectives.push({ code: '99', name: 'Admin-made', section: 'S', topics: [] });
    const sut = new CoursesService(repo);
    repo.calls.length = 0;
    await sut.onApplicationBootstrap();
    const after = repo.docs.get('teas_math')!;
    expect(after.revision).toBe(1);
    expect(after.objectives[0]!.topics[0]).toMatchObject({ key: TOPIC.key, free: true });
    expect(after.objectives.find((o) => o.code === added.code)).toEqual(added);
    expect(after.objectives.some((o) => o.code === '99')).toBe(true);
    expect(repo.docs.get('med_dosage')!.revision).toBe(0);
    expect(repo.calls.filter((c) => c === 'replaceObjectives')).toHaveLength(1);
  });

  it('another replica creating a course first: read again, and its document is kept', async () => {
    const repo = new FakeCoursesRepository();
    const insert = repo.insertNew.bind(repo);
    jest.spyOn(repo, 'insertNew').mockImplementationOnce(async (course) => {
      // the other replica's insert came first, and an admin already switched a topic
      const objectives = structuredClone(course.objectives);
      objectives[0]!.topics[0]!.free = true;
      await insert({ ...course, objectives });
      return false;
    });
    await new CoursesService(repo).onApplicationBootstrap();
    expect(repo.calls.slice(0, 3)).toEqual(['findById', 'insertNew', 'findById']);
    expect(repo.docs.size).toBe(COURSE_DEFINITIONS.length);
    expect(repo.docs.get(COURSE_DEFINITIONS[0]!.id)).toMatchObject({ revision: 0 });
    expect(repo.docs.get(COURSE_DEFINITIONS[0]!.id)!.objectives[0]!.topics[0]!.free).toBe(true);
  });
});

describe('CoursesService.setTopicFlags (admin spec §2.6)', () => {
  const flags = (over: object = {}) => ({ objective: OBJECTIVE.code, free: true, ...over });

  it('writes the flag under the next revision and answers the course', async () => {
    const { repo, sut } = await synced();
    const course = await sut.setTopicFlags(ADMIN, 'teas_math', TOPIC.key, flags());
    expect(course.objectives[OBJECTIVE.code]!.topics[0]).toMatchObject({
      key: TOPIC.key,
      free: true,
      available: false,
    });
    expect(repo.docs.get('teas_math')).toMatchObject({ revision: 1 });
    // the catalogue cache is dropped: the next read has it
    const all = await sut.all();
    expect(all.find((c) => c.id === 'teas_math')!.objectives[OBJECTIVE.code]!.topics[0]!.free).toBe(
      true,
    );
  });

  it('admins only: 403 with the topic manager’s text, nothing read', async () => {
    const { repo, sut } = await synced();
    repo.calls.length = 0;
    for (const actor of [null, LEARNER])
      expect(
        await failure(sut.setTopicFlags(actor, 'teas_math', TOPIC.key, flags())),
      ).toMatchObject({ status: 403, message: M.topicsAccessDenied });
    expect(repo.calls).toEqual([]);
  });

  it('an unknown course, objective or topic: 404 with its text', async () => {
    const { sut } = await synced();
    expect(await failure(sut.setTopicFlags(ADMIN, 'no_course', TOPIC.key, flags()))).toMatchObject({
      status: 404,
      message: M.courseNotFound,
    });
    expect(
      await failure(sut.setTopicFlags(ADMIN, 'teas_math', TOPIC.key, flags({ objective: '77' }))),
    ).toMatchObject({ status: 404, message: M.topicNotFound });
    expect(await failure(sut.setTopicFlags(ADMIN, 'teas_math', 'no_topic', flags()))).toMatchObject(
      { status: 404, message: M.topicNotFound },
    );
  });

  it('a topic without a generator cannot be switched on (409); switched off it can', async () => {
    const { repo, sut } = await synced();
    repo.docs.get('teas_math')!.objectives[0]!.topics.push({
      key: 'hand_made',
      name: 'Hand-made',
      free: false,
      available: false,
    });
    expect(
      await failure(sut.setTopicFlags(ADMIN, 'teas_math', 'hand_made', flags({ available: true }))),
    ).toMatchObject({ status: 409, code: 'NO_GENERATOR', message: M.noGenerator });
    await expect(
      sut.setTopicFlags(ADMIN, 'teas_math', 'hand_made', flags({ free: false })),
    ).resolves.toMatchObject({ id: 'teas_math' });
  });

  it('a concurrent writer: read again and write on its revision; 409 after five lost races', async () => {
    const { repo, sut } = await synced();
    const replace = jest.spyOn(repo, 'replaceObjectives').mockResolvedValueOnce(false);
    await sut.setTopicFlags(ADMIN, 'teas_math', TOPIC.key, flags());
    expect(replace).toHaveBeenCalledTimes(2);
    expect(repo.docs.get('teas_math')!.objectives[0]!.topics[0]!.free).toBe(true);
    replace.mockResolvedValue(false);
    expect(
      await failure(sut.setTopicFlags(ADMIN, 'teas_math', TOPIC.key, flags({ free: false }))),
    ).toMatchObject({ status: 409, message: 'The course changed while saving. Please try again.' });
    expect(replace).toHaveBeenCalledTimes(2 + 5);
  });
});

describe('CoursesService.all: read at most every 2 s per replica', () => {
  it('one read for calls in a row; the registry order (TEAS Math first)', async () => {
    const { repo, sut } = await synced();
    repo.calls.length = 0;
    const [a, b] = await Promise.all([sut.all(), sut.all()]);
    expect(a).toBe(b);
    expect(repo.calls).toEqual(['findAll']);
    expect(a.map((c) => c.id)).toEqual(COURSE_DEFINITIONS.map((c) => c.id));
  });
});
