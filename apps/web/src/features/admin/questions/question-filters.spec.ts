import fc from 'fast-check';
import {
  filtersFromParams,
  filtersQuery,
  filtersToParams,
  hasFilters,
  localDate,
  objectiveOptions,
  objectivesOf,
  truncateMathText,
} from './question-filters';
import { exportFileName } from './questions.messages';

describe('question list filters', () => {
  it('reads the URL query and ignores unknown or malformed values', () => {
    const params = new URLSearchParams(
      'search=dose&course=TEAS&type=sata&questionImage=has&video=maybe&explanationImage=missing&x=1',
    );
    expect(filtersFromParams(params)).toEqual({
      search: 'dose',
      course: 'TEAS',
      type: 'sata',
      questionImage: 'has',
      explanationImage: 'missing',
    });
    expect(filtersFromParams(new URLSearchParams('type=essay&search=%20%20'))).toEqual({});
  });

  it('writes only the set filters, in a stable order, for the URL and the API', () => {
    const filters = { video: 'missing', course: 'Med Dosage', search: '' } as const;
    expect(filtersToParams(filters).toString()).toBe('course=Med+Dosage&video=missing');
    expect(filtersQuery(filters)).toBe('?course=Med+Dosage&video=missing');
    expect(filtersQuery({})).toBe('');
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ type: 'blank' })).toBe(true);
  });

  it('narrows the objectives by course', () => {
    const facets = { courses: ['A', 'B'], objectives: { A: ['1.10', '1.2'], B: ['1.2', '3'] } };
    expect(objectiveOptions(facets, 'A')).toEqual(['1.10', '1.2']);
    expect(objectiveOptions(facets, 'Z')).toEqual([]);
    expect(objectiveOptions(facets)).toEqual(['1.2', '1.10', '3']);
    expect(objectiveOptions(undefined)).toEqual([]);
  });

  it('names the export file questions_export_{YYYY-MM-DD}.json after the local day', () => {
    expect(localDate(new Date(2025, 0, 7, 23, 59))).toBe('2025-01-07');
    expect(exportFileName(localDate(new Date(2024, 11, 31)))).toBe(
      'questions_export_2024-12-31.json',
    );
  });

  it('shortens question text without cutting a formula in half', () => {
    expect(truncateMathText('Short \\(x\\)')).toBe('Short \\(x\\)');
    const long = `${'word '.repeat(30)}\\(\\frac{1}{2}\\) end`;
    const cut = truncateMathText(long, 160);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(161);
    const withMath = truncateMathText(`Compute \\(${'a+'.repeat(100)}b\\) now`, 40);
    expect(withMath).toBe('Compute…');
    expect(truncateMathText(`Dose \\(x\\) ${'y'.repeat(200)}`, 20)).toBe(
      `Dose \\(x\\) ${'y'.repeat(9)}…`,
    );
  });
});

describe('course names from the URL or a stored question', () => {
  const prototypeKey = fc.constantFrom(
    ...Object.getOwnPropertyNames(Object.prototype),
    '__proto__',
  );
  const facets = { courses: ['TEAS'], objectives: { TEAS: ['Algebra', 'Numbers'] } };

  it('a course named after Object.prototype that nobody uses has no objectives', () => {
    fc.assert(
      fc.property(prototypeKey, (course) => {
        // /question-list?course=constructor must not offer Object's methods as objectives
        expect(objectiveOptions(facets, course)).toEqual([]);
        expect(objectivesOf(facets, course)).toEqual([]);
        expect(objectivesOf(undefined, course)).toEqual([]);
        expect(filtersFromParams(new URLSearchParams({ course })).course).toBe(course);
      }),
    );
  });

  it('a course of that name that is in use has its own objectives', () => {
    fc.assert(
      fc.property(prototypeKey, (course) => {
        const own = { courses: [course], objectives: Object.fromEntries([[course, ['1.2']]]) };
        expect(objectiveOptions(own, course)).toEqual(['1.2']);
        expect(objectivesOf(own, course)).toEqual(['1.2']);
      }),
    );
  });
});
