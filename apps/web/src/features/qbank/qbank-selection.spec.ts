import { type Course, QBANK_LIMITS } from '@examprep/contracts/types';
import fc from 'fast-check';
import {
  batchQuery,
  closedTopics,
  parseCount,
  resolveSelection,
  selectionToParams,
  sortedObjectives,
} from './qbank-selection';

const topic = (key: string, open = true) => ({
  key,
  name: key,
  hasGenerator: true,
  free: open,
  available: open,
});

const TEAS: Course = {
  id: 'teas',
  name: 'TEAS Math',
  objectives: {
    '10': { name: 'Ten', section: 'S10', topics: [topic('t10')] },
    '2': { name: 'Two', section: 'S2', topics: [topic('t2a'), topic('t2b', false)] },
    '1.10': { name: 'One ten', section: 'S1.10', topics: [topic('t110')] },
    '1.2': { name: 'One two', section: 'S1.2', topics: [topic('t12')] },
  },
};
const MED: Course = {
  id: 'med',
  name: 'Med Dosage',
  objectives: { '1': { name: 'IV', section: 'M1', topics: [topic('iv')] } },
};

const params = (q: string) => new URLSearchParams(q);

describe('Infinite QBank selection', () => {
  it('sorts objective codes numerically', () => {
    expect(sortedObjectives(TEAS).map((o) => o.code)).toEqual(['1.2', '1.10', '2', '10']);
  });

  it('takes the course, objective and topic of the URL when they are on offer', () => {
    const r = resolveSelection([TEAS, MED], params('course=teas&objective=2&topic=t2b&count=12'));
    expect(r).toMatchObject({
      selection: { course: 'teas', objective: '2', topic: 't2b', count: 12 },
      adjusted: false,
    });
    expect(r?.topic?.key).toBe('t2b');
  });

  it('defaults to the first course, its first objective in numeric order and all topics', () => {
    const r = resolveSelection([TEAS, MED], params(''));
    expect(r?.selection).toEqual({
      course: 'teas',
      objective: '1.2',
      topic: '',
      count: QBANK_LIMITS.batchDefault,
    });
    expect(r?.adjusted).toBe(false);
  });

  it('falls back (and says so) when the URL names something not on offer', () => {
    expect(resolveSelection([TEAS, MED], params('course=gone'))).toMatchObject({
      selection: { course: 'teas', objective: '1.2', topic: '' },
      adjusted: true,
    });
    expect(resolveSelection([TEAS, MED], params('course=med&objective=9'))).toMatchObject({
      selection: { course: 'med', objective: '1' },
      adjusted: true,
    });
    expect(
      resolveSelection([TEAS, MED], params('course=teas&objective=2&topic=closed')),
    ).toMatchObject({ selection: { objective: '2', topic: '' }, adjusted: true });
  });

  it('has nothing to resolve when no course is on offer', () => {
    expect(resolveSelection([], params('course=teas'))).toBeNull();
  });

  it.each([
    [null, 5],
    ['', 5],
    ['abc', 5],
    ['2.5', 5],
    ['0', 1],
    ['7', 7],
    ['20', 20],
    ['99', 20],
  ])('reads count %p as %p (default 5, at most 20)', (raw, expected) => {
    expect(parseCount(raw)).toBe(expected);
  });

  it('writes the selection to the URL, count only when not the default', () => {
    expect(
      selectionToParams({ course: 'teas', objective: '2', topic: '', count: 5 }).toString(),
    ).toBe('course=teas&objective=2');
    expect(
      selectionToParams({ course: 'teas', objective: '2', topic: 't2a', count: 10 }).toString(),
    ).toBe('course=teas&objective=2&topic=t2a&count=10');
  });

  it('asks generate-batch for one topic, or for mixed topics without a topic', () => {
    expect(batchQuery({ course: 'teas', objective: '1.2', topic: 't12', count: 5 })).toBe(
      'course=teas&objective=1.2&count=5&topic=t12',
    );
    expect(batchQuery({ course: 'teas', objective: '2', topic: '', count: 20 })).toBe(
      'course=teas&objective=2&count=20',
    );
  });

  it('lists the topics learners cannot use yet', () => {
    expect(closedTopics(TEAS.objectives['2'].topics).map((t) => t.key)).toEqual(['t2b']);
  });
});

describe('Infinite QBank selection: names of Object.prototype in the URL', () => {
  const prototypeKey = fc.constantFrom(
    ...Object.getOwnPropertyNames(Object.prototype),
    '__proto__',
  );

  it('are unknown choices: the first course, objective and all topics, adjusted', () => {
    fc.assert(
      fc.property(prototypeKey, fc.constantFrom('course', 'objective', 'topic'), (key, param) => {
        const query = new URLSearchParams({ course: 'teas', objective: '2', [param]: key });
        const resolved = resolveSelection([TEAS, MED], query)!;
        expect(resolved.adjusted).toBe(true);
        expect(resolved.course).toBe(TEAS);
        expect(Object.values(TEAS.objectives)).toContain(resolved.objective);
        expect(resolved.selection.objective).not.toBe(key);
        expect(resolved.selection.topic).not.toBe(key);
      }),
    );
  });
});
