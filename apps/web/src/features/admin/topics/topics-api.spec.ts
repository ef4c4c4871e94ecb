import { type CoursesResponse } from '@examprep/contracts/types';
import fc from 'fast-check';
import { withTopicFlags } from './topics-api';

const DATA: CoursesResponse = {
  success: true,
  courses: {
    med: {
      id: 'med',
      name: 'Med Dosage',
      objectives: {
        '1': {
          name: 'IV',
          section: 'Infusions',
          topics: [{ key: 'iv', name: 'IV', hasGenerator: true, free: false, available: false }],
        },
      },
    },
  },
};

describe('withTopicFlags', () => {
  it('changes the one topic', () => {
    const next = withTopicFlags(
      DATA,
      { courseId: 'med', objective: '1', topicKey: 'iv' },
      {
        free: true,
      },
    );
    expect(next?.courses.med.objectives['1'].topics[0].free).toBe(true);
    expect(DATA.courses.med.objectives['1'].topics[0].free).toBe(false);
  });

  it('leaves the data alone for a course or objective named after Object.prototype', () => {
    const prototypeKey = fc.constantFrom(
      ...Object.getOwnPropertyNames(Object.prototype),
      '__proto__',
    );
    fc.assert(
      fc.property(prototypeKey, fc.boolean(), (key, inCourse) => {
        const where = inCourse
          ? { courseId: key, objective: '1', topicKey: 'iv' }
          : { courseId: 'med', objective: key, topicKey: 'iv' };
        expect(withTopicFlags(DATA, where, { available: true })).toBe(DATA);
      }),
    );
  });
});
