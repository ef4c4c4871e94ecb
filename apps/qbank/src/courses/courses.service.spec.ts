import { toCourse } from './courses.service';

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
