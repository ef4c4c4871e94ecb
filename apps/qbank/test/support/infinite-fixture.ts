// The Infinite QBank's unit specs: the service over the fake repositories, the registry's
// catalogue with every topic open, and a faked catalog answering simulation access.
import type { Actor, Course } from '@examprep/contracts';
import { defaultCatalog } from '@examprep/generators';
import { CoursesService } from '../../src/courses/courses.service';
import { InfiniteService } from '../../src/infinite/infinite.service';
import { PracticeFacts } from '../../src/infinite/practice-facts';
import { PumpAccess } from '../../src/simulations/pump-access';
import { FakeCoursesRepository } from './fake-courses.repository';
import { FakeViewModesRepository } from './fake-view-modes.repository';

export const ADMIN: Actor = {
  uid: 'admin-1',
  email: 'a@x.test',
  isAdmin: true,
  emailVerified: true,
};

/** The registry's catalogue with every topic open, so only unknown keys can fail. */
export function openCatalog(): Course[] {
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

/** The stored courses of openCatalog(): every topic of the registry, free and available. */
export function openCourses(): FakeCoursesRepository {
  const repo = new FakeCoursesRepository();
  for (const course of openCatalog()) {
    repo.docs.set(course.id, {
      _id: course.id,
      name: course.name,
      revision: 0,
      objectives: Object.entries(course.objectives).map(([code, o]) => ({
        code,
        name: o.name,
        section: o.section,
        topics: o.topics.map(({ key, name, free, available }) => ({ key, name, free, available })),
      })),
    });
  }
  return repo;
}

/** The service; `full`: what the catalog says of every caller's simulation access. */
export function infiniteService(
  full: boolean | Error = true,
  viewModes = new FakeViewModesRepository(),
  courses = openCourses(),
) {
  const publish = jest.fn(async () => ({ seq: 1, duplicate: false }));
  const peers = {
    simulationsAccess: jest.fn(async () => {
      if (full instanceof Error) throw full;
      return full;
    }),
  };
  const sut = new InfiniteService(
    new CoursesService(courses),
    viewModes,
    { publish },
    new PumpAccess(peers),
    new PracticeFacts({ publish }),
  );
  return Object.assign(sut, { peers, publish });
}

/** The payload a call was refused with (status, code, message, fields): nest-kit's refusalOf. */
export { refusalOf as failure } from '@examprep/nest-kit';
