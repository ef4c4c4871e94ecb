import { type Actor, type Course, QBANK_MESSAGES as M } from '@examprep/contracts';
import { defaultCatalog } from '@examprep/generators';
import { type JetStreamBus, ServiceError } from '@examprep/nest-kit';
import fc from 'fast-check';
import type { Model } from 'mongoose';
import type { CoursesService } from '../courses/courses.service';
import { InfiniteService } from './infinite.service';
import type { ViewModeRecord } from './view-mode.schema';

/** Every name an object inherits, plus '__proto__'. */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };

/** The registry's catalogue with every topic open, so only unknown keys can fail. */
function openCatalog(): Course[] {
  return defaultCatalog().map((c) => ({
    ...c,
    objectives: Object.fromEntries(
      Object.entries(c.objectives).map(([code, o]) => [
        code,
        { ...o, topics: o.topics.map((t) => ({ ...t, free: true, available: true })) },
      ]),
    ),
  }));
}

function service(): InfiniteService {
  const courses = { all: async () => openCatalog() } as unknown as CoursesService;
  const viewModes = {
    findById: () => ({ lean: () => ({ exec: async () => null }) }),
  } as unknown as Model<ViewModeRecord>;
  const bus = { publish: async () => undefined } as unknown as JetStreamBus;
  return new InfiniteService(courses, viewModes, bus);
}

async function failure(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ServiceError) return err.payload;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('InfiniteService: keys from the request are looked up as own keys only', () => {
  const sut = service();
  const teas = openCatalog().find((c) => c.id === 'teas_math')!;
  const objective = Object.keys(teas.objectives)[0];

  afterAll(() => sut.onModuleDestroy());

  it('answers a known course and objective', async () => {
    const res = await sut.generateBatch(null, { course: 'teas_math', objective, count: 2 });
    expect(res.questions).toHaveLength(2);
  });

  it('an objective named after Object.prototype is unknown: 404, for anyone', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, fc.constantFrom(null, ADMIN), async (key, actor) => {
        expect(
          await failure(sut.generateBatch(actor, { course: 'teas_math', objective: key })),
        ).toMatchObject({ status: 404, message: M.noTopics });
      }),
    );
  });

  it('a course named after Object.prototype is unknown: 404 (or 400 when no course id)', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (key) => {
        const { status } = await failure(sut.generateBatch(null, { course: key, objective }));
        expect([400, 404]).toContain(status);
      }),
    );
  });

  it('a topic named after Object.prototype is unknown: 404 Topic not found (or 400)', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (key) => {
        const res = await failure(
          sut.generateBatch(null, { course: 'teas_math', objective, topic: key }),
        );
        if (res.status === 404) expect(res.message).toBe(M.topicNotFound);
        else expect(res.status).toBe(400);
      }),
    );
  });

  it('an item id built from a prototype name cannot be checked: 400', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (key) => {
        const res = await failure(sut.check(null, { id: `${key}~1`, answer: ['1'] }));
        expect(res.status).toBe(400);
      }),
    );
  });
});
