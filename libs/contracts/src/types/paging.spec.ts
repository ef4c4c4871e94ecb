import { nextCursorOfLink } from './paging';

describe('nextCursorOfLink (ADR 0026: the next page is the Link header rel="next")', () => {
  it('reads the cursor of the rel="next" link', () => {
    expect(
      nextCursorOfLink('</api/questions?course=TEAS+Math&limit=50&cursor=WyJhIl0>; rel="next"'),
    ).toBe('WyJhIl0');
    expect(nextCursorOfLink('</a?cursor=p>; rel="prev", </a?cursor=n>; rel=next')).toBe('n');
  });
  it('null without a header, a next link or a cursor', () => {
    expect(nextCursorOfLink(null)).toBeNull();
    expect(nextCursorOfLink('')).toBeNull();
    expect(nextCursorOfLink('</a?cursor=p>; rel="prev"')).toBeNull();
    expect(nextCursorOfLink('</a?limit=5>; rel="next"')).toBeNull();
    expect(nextCursorOfLink('garbage')).toBeNull();
  });
});
