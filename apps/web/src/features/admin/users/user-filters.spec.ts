import { DEFAULT_FILTERS, isDefaultFilters, toServerFilters } from './user-filters';

describe('user filters (admin spec §2.1, answered by the server)', () => {
  it('send nothing by default', () => {
    expect(toServerFilters(DEFAULT_FILTERS)).toEqual({});
    expect(isDefaultFilters(DEFAULT_FILTERS)).toBe(true);
  });

  it('send only the filters that narrow, the email trimmed', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      email: '  @school.edu ',
      premium: 'yes' as const,
      inAuth: 'no' as const,
      tests: 'yes' as const,
      qbank: 'eq0' as const,
      duplicatesOnly: true,
    };
    expect(toServerFilters(filters)).toEqual({
      email: '@school.edu',
      premium: 'yes',
      inAuth: 'no',
      tests: 'yes',
      qbank: 'eq0',
      duplicates: true,
    });
    expect(isDefaultFilters(filters)).toBe(false);
    expect(toServerFilters({ ...DEFAULT_FILTERS, email: '   ' })).toEqual({});
  });
});
